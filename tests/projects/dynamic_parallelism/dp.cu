// Dynamic parallelism (a launch inside a kernel, built with -rdc=true):
// OpenCL has no device-side launch of CUDA's kind, so cu2cl must stop with
// exit 2 (CU2CL2101), never emit the launch as a plain call.
#include <cstdio>

__global__ void child(int *out) { out[threadIdx.x] += 1; }

__global__ void parent(int *out) {
  if (threadIdx.x == 0)
    child<<<1, 32>>>(out);
}

int main() {
  int *d;
  cudaMallocManaged(&d, 32 * sizeof(int));
  for (int i = 0; i < 32; i++)
    d[i] = 0;
  parent<<<4, 32>>>(d);
  cudaDeviceSynchronize();
  int ok = 1;
  for (int i = 0; i < 32; i++)
    ok &= d[i] == 4;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return !ok;
}
