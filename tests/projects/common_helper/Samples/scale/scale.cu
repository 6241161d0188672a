// Relies on what nvcc's implicit cuda_runtime.h brings (atoi, malloc,
// memset, EXIT_SUCCESS with no <stdlib.h> or <string.h>) and on a helper
// header outside this program's folder that tests CUDA's include guards.
#include <cuda_runtime.h>
#include "../../Common/check_helpers.h"

struct Pair {
  int a, b;
  Pair(int x, int y) : a(x), b(y) {}
};

__global__ void scale(int *v, int n, int by) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] *= by;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1000;
  if (pickDevice() < 1)
    return EXIT_FAILURE;
  size_t bytes = n * sizeof(int);
  int *h = (int *)malloc(bytes);
  memset(h, 0, bytes);
  for (int i = 0; i < n; i++)
    h[i] = i;
  Pair pair(3, RUNTIME_IS_RECENT), *p = &pair;
  int *d;
  checkErrors(cudaMalloc(&d, bytes));
  checkErrors(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice));
  scale<<<(n + 127) / 128, 128>>>(d, n, p->a);
  checkErrors(cudaGetLastError());
  checkErrors(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost));
  int ok = p->b == 1;
  for (int i = 0; i < n; i++)
    ok &= h[i] == 3 * i;
  printf("%s\n", ok ? "PASS" : "FAIL");
  checkErrors(cudaFree(d));
  free(h);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
