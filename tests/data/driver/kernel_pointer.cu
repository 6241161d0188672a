// A kernel launched through a function pointer: not translated, and the
// translated host code does not compile, which the host check reports at
// the original line (CU2CL1901) instead of exiting 0.
__global__ void fill(int *p) { p[threadIdx.x] = 1; }

int main() {
  void (*launch)(int *) = fill;
  int *d;
  cudaMalloc(&d, 32 * sizeof(int));
  launch<<<1, 32>>>(d);
  return 0;
}
