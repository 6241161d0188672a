// A __host__ __device__ function that reads a CUDA built-in variable: its
// host side stays in the translated host code, where threadIdx does not
// exist, so that code does not compile; the host check reports it at the
// original line (CU2CL1901) instead of exiting 0.
__host__ __device__ int lane() {
  int i = 0;
  return i + threadIdx.x % 32;
}

int main() { return lane(); }
