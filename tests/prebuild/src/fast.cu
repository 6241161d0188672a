// Compiled with --use_fast_math: its program builds with
// -cl-fast-relaxed-math (tests/prebuild_test.sh).
__global__ void add_one(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += 1.0f;
}

void blend(float *d, int n) { add_one<<<n / 128, 128>>>(d, n); }
