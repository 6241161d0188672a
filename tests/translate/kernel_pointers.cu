// Kernels held in function pointers: each declaration that holds kernels
// (found by following assignments, initializers, comparisons, arguments
// and returns from the kernels and from the launches through it) becomes
// a cu2clKernelPtr typed by the kernel's parameters; a kernel stored in it
// becomes cu2clKernelOf (its reference and its typed stub); a launch
// through it becomes cu2clLaunchPtr. Passed to the CUDA API, or cast, a
// kernel stays the address of its reference. tests/projects/kernel_pointers
// runs these shapes.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void k1(float *p, int n) { p[threadIdx.x] = n; }
__global__ void k2(float *p, int n) { p[threadIdx.x] = 2 * n; }
template <int N> __global__ void kn(float *p, int n) { p[threadIdx.x] = N * n; }

typedef void (*kfn)(float *, int);
// CHECK-HOST: typedef cu2clKernelPtr<void (float *, int)> kfn;
typedef void kfn_t(float *, int);
// CHECK-HOST: typedef void kfn_t(float *, int);
using kalias = void (*)(float *, int);
// CHECK-HOST: using kalias = cu2clKernelPtr<void (float *, int)>;
typedef void (*host_fn)(float *, int);
// CHECK-HOST: typedef void (*host_fn)(float *, int);

static void (*const table[2])(float *, int) = {k1, &k2};
// CHECK-HOST: static cu2clKernelPtr<void (float *, int)> const table[2] = {cu2clKernelOf(&cu2cl_kernel__Z2k1Pfi, cu2cl_launch_k1), cu2clKernelOf(&cu2cl_kernel__Z2k2Pfi, cu2cl_launch_k2)};
struct entry { kfn fn; kfn_t *raw; const char *name; };
// CHECK-HOST: struct entry { kfn fn; cu2clKernelPtr<kfn_t> raw; const char *name; };
static entry entries[] = {{k1, k2, "k1"}};
// CHECK-HOST: static entry entries[] = {{cu2clKernelOf(&cu2cl_kernel__Z2k1Pfi, cu2cl_launch_k1), cu2clKernelOf(&cu2cl_kernel__Z2k2Pfi, cu2cl_launch_k2), "k1"}};

void on_host(float *p, int n) { p[0] = n; }
static host_fn host_only = on_host; // a host function pointer stays as it is
// CHECK-HOST: static host_fn host_only = on_host;

static kalias pick(int i) { return i ? k1 : kn<3>; }
// CHECK-HOST: return i ? cu2clKernelOf(&cu2cl_kernel__Z2k1Pfi, cu2cl_launch_k1) : cu2clKernelOf(&cu2cl_kernel_kn_3, cu2cl_launch_kn<3>);

void launch(void (*)(float *, int), float *p);
// CHECK-HOST: void launch(cu2clKernelPtr<void (float *, int)>, float *p);
void launch(void (*f)(float *, int), float *p) { (*f)<<<1, 32>>>(p, 1.5); }
// CHECK-HOST: void launch(cu2clKernelPtr<void (float *, int)> f, float *p) { cu2clLaunchPtr((*f), 1, 32, 0, 0, p, 1.5); }

template <class K> void run(K k, float *p, cudaStream_t s) { k<<<1, 32, 0, s>>>(p, 2); }
// CHECK-HOST: template <class K> void run(K k, float *p, cu2clStream_t s) { cu2clLaunchPtr(k, 1, 32, 0, s, p, 2); }

int main() {
  float *d;
  cudaMalloc(&d, 128);
  void (*kernel)(float *, int);
  // CHECK-HOST: cu2clKernelPtr<void (float *, int)> kernel;
  kernel = &k1;
  // CHECK-HOST: kernel = cu2clKernelOf(&cu2cl_kernel__Z2k1Pfi, cu2cl_launch_k1);
  if (kernel == &k2 || kernel != k1 || !kernel)
    kernel = table[1];
  // CHECK-HOST: if (kernel == cu2clKernelOf(&cu2cl_kernel__Z2k2Pfi, cu2cl_launch_k2) || kernel != cu2clKernelOf(&cu2cl_kernel__Z2k1Pfi, cu2cl_launch_k1) || !kernel)
  kernel<<<dim3(1), dim3(32)>>>(d, 4);
  // CHECK-HOST: cu2clLaunchPtr(kernel, dim3(1), dim3(32), 0, 0, d, 4);
  table[0]<<<1, 32>>>(d, 5);
  // CHECK-HOST: cu2clLaunchPtr(table[0], 1, 32, 0, 0, d, 5);
  entries[0].raw<<<1, 32>>>(d, 6);
  // CHECK-HOST: cu2clLaunchPtr(entries[0].raw, 1, 32, 0, 0, d, 6);
  pick(0)<<<1, 32>>>(d, 7);
  // CHECK-HOST: cu2clLaunchPtr(pick(0), 1, 32, 0, 0, d, 7);
  launch(entries[0].fn, d);
  run(k2, d, 0);
  // CHECK-HOST: run(cu2clKernelOf(&cu2cl_kernel__Z2k2Pfi, cu2cl_launch_k2), d, 0);
  auto same = k1;
  // CHECK-HOST: auto same = cu2clKernelOf(&cu2cl_kernel__Z2k1Pfi, cu2cl_launch_k1);
  same<<<1, 32>>>(d, 8);
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, &k1);
  // CHECK-HOST: cu2clFuncGetAttributes(&attr, ((const void *)&cu2cl_kernel__Z2k1Pfi));
  cudaFuncGetAttributes(&attr, kernel);
  // CHECK-HOST: cu2clFuncGetAttributes(&attr, kernel);
  printf("%p %p\n", (void *)k2, (void *)kernel);
  // CHECK-HOST: printf("%p %p\n", (void *)((const void *)&cu2cl_kernel__Z2k2Pfi), (void *)kernel);
  host_only(d, 1);
  return 0;
}
