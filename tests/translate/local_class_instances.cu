// A class declared in a kernel template is one class per instantiation, all
// of one spelling: each gets the instantiation's name (an unnamed union of
// CUB TempStorages, HeCBench blockScan). An unnamed class is named by the
// file's base name and its position, not by its path. Host code that picks
// a kernel's CUB algorithm by a template argument names cu2clrt_cub.hpp's
// enumeration in the launch stub.
#include <cub/block/block_scan.cuh>

template <int N, cub::BlockScanAlgorithm ALGORITHM>
__global__ void scan_rows(const int *in, int *out) {
  typedef cub::BlockScan<int, N, ALGORITHM> BS;
  __shared__ union {
    typename BS::TempStorage scan;
    int spill[N];
  } tmp;
  struct Pair {
    int v[N];
  };
  Pair p;
  p.v[0] = in[blockIdx.x * N + threadIdx.x];
  int r;
  BS(tmp.scan).ExclusiveSum(p.v[0], r);
  out[blockIdx.x * N + threadIdx.x] = r;
}

int main() {
  int *in = 0, *out = 0;
  scan_rows<32, cub::BLOCK_SCAN_RAKING><<<1, 32>>>(in, out);
  scan_rows<64, cub::BLOCK_SCAN_WARP_SCANS><<<1, 64>>>(in, out);
  return 0;
}
// CHECK-CL: typedef union unnamed_union_local_class_instances_cu_12_14_in_scan_rows_32_0 {
// CHECK-CL: typedef struct Pair_in_scan_rows_32_0 {
// CHECK-CL: typedef union unnamed_union_local_class_instances_cu_12_14_in_scan_rows_64_2 {
// CHECK-CL: typedef struct Pair_in_scan_rows_64_2 {
// CHECK-CL-NOT: tests_translate
// CHECK-HOST: cu2cl_launch_scan_rows<32, static_cast<cu2cl_cub::BlockScanAlgorithm>(0)>
// CHECK-HOST: cu2cl_launch_scan_rows<64, static_cast<cu2cl_cub::BlockScanAlgorithm>(2)>
