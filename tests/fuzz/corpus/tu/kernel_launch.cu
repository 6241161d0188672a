__global__ void scale(float *p, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= s;
}
int main() {
  float *d;
  cudaMalloc(&d, 256 * sizeof(float));
  scale<<<2, 128>>>(d, 2.0f, 256);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
