// A CUB block-level primitive named in host code: cu2clrt's host CUB does
// not have it, so cu2cl reports it (CU2CL1001) and exits 2. (The scan,
// which cannot tell host code from device code here, does not: this is a
// project test, not a translation test.)
#include <cstdio>
#include <cub/cub.cuh>

int main() {
  printf("%zu\n", sizeof(cub::BlockScan<int, 128>::TempStorage));
  return 0;
}
