/*
 * An "original CUDA program" for check_validate: built as C++ with
 * -include cu2cl_trace_cuda.h against fakecuda/cuda_runtime.h and
 * fake_cudart.c (or syntax-checked against real CUDA headers), run with
 * CU2CL_TRACE set. The test finds each call by its @marker and checks the
 * record it left (or that it left none).
 */
/* Each call stays on one line with its @marker: */
/* clang-format off */
#include <cstdio>
#include <cstring>

struct P {
  float x, y, z;
};
struct Q {
  float x;
  int y;
};
__device__ float sym[4];

#define CHECK(call) ((call) == cudaSuccess ? 0 : (printf("error\n"), 1))

int main() {
  float h[8], h2[8];
  float4 h4[2];
  P hp[2];
  Q hq[2];
  int hi[4];
  double hd[2];
  unsigned hu[2];
  char *dev, *dev2;
  cudaStream_t stream;
  cudaMalloc((void **)&dev, 64);
  cudaMalloc((void **)&dev2, 64);
  cudaStreamCreate(&stream);
  for (int i = 0; i < 16; i++)
    ((float *)dev)[i] = 0.5f * i;

  cudaMemcpy(h, dev, 16, cudaMemcpyDeviceToHost);               /* @typed */
  cudaMemcpy((void *)h, dev, 16, cudaMemcpyDeviceToHost);       /* @void */
  cudaMemcpy(h4, dev, 32, cudaMemcpyDeviceToHost);              /* @float4 */
  cudaMemcpy(hp, dev, 24, cudaMemcpyDeviceToHost);              /* @struct3 */
  cudaMemcpy(hq, dev, 16, cudaMemcpyDeviceToHost);              /* @mixed */
  cudaMemcpy(hi, dev, 16, cudaMemcpyDeviceToHost);              /* @int */
  cudaMemcpy(hd, dev, 16, cudaMemcpyDeviceToHost);              /* @double */
  cudaMemcpy(dev2, h, 16, cudaMemcpyHostToDevice);              /* @h2d: none */
  cudaMemcpy(h, dev, 16, cudaMemcpyDefault);                    /* @default */
  cudaMemcpy(h, h2, 16, cudaMemcpyDefault);                     /* @h2h: none */
  cudaMemcpy(dev2, dev, 16, cudaMemcpyDefault);                 /* @d2d: none */
  cudaMemcpyAsync(h, dev, 16, cudaMemcpyDeviceToHost);          /* @async0 */
  cudaMemcpyAsync(hi, dev, 16, cudaMemcpyDeviceToHost, stream); /* @async */
  cudaMemcpy2D(h, 8, dev, 16, 8, 2, cudaMemcpyDeviceToHost);    /* @2d */
  cudaMemcpyFromSymbol(hu, sym, 8);                             /* @symbol */
  cudaMemcpyFromSymbol((void *)h, sym, 8, 0, cudaMemcpyDeviceToHost); /* @symvoid */
  (cudaMemcpy)(h, dev, 16, cudaMemcpyDeviceToHost); /* @parens: none */
  CHECK(cudaMemcpy(hi, dev, 8, cudaMemcpyDeviceToHost)); /* @macro */

  int *m;
  cudaMallocManaged(&m, 16);
  for (int i = 0; i < 4; i++)
    m[i] = i;
  cudaDeviceSynchronize(); /* @sync1 */
  cudaDeviceSynchronize(); /* @sync2: none, unchanged */
  m[1] = 7;
  cudaStreamSynchronize(stream); /* @sync3 */
  cudaFree(m);
  cudaDeviceSynchronize(); /* @sync4: none, freed */
  printf("h[1] = %g\n", h[1]);
  return 0;
}
