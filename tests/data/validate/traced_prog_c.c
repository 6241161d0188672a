/*
 * The C form of traced_prog.cu for check_validate: cu2cl_trace_cuda.h's C
 * macros take the element type from the destination through _Generic.
 */
/* Each call stays on one line with its @marker: */
/* clang-format off */
#include <stdio.h>

int main(void) {
  float h[4];
  int hi[4];
  char *dev;
  int *m;
  cudaMalloc((void **)&dev, 64);
  cudaMemcpy(h, dev, 16, cudaMemcpyDeviceToHost);          /* @c_float */
  cudaMemcpy((void *)h, dev, 16, cudaMemcpyDeviceToHost);  /* @c_void */
  cudaMemcpyAsync(hi, dev, 16, cudaMemcpyDeviceToHost, 0); /* @c_async */
  cudaMemcpy(dev, h, 16, cudaMemcpyHostToDevice);          /* @c_h2d: none */
  cudaMallocManaged((void **)&m, 16, cudaMemAttachGlobal);
  m[0] = 42;
  cudaDeviceSynchronize(); /* @c_sync */
  cudaFree(m);
  printf("%d\n", hi[0]);
  return 0;
}
