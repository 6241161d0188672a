// A kernel whose body is in a branch of #if __CUDA_ARCH__ (skipped by the
// host-side parse): its comments are carried over, but a #pragma unroll
// from it would precede no statement, which OpenCL C rejects.
__global__ void arch_only(float *out) {
#if __CUDA_ARCH__ >= 700 // EXPECT: CU2CL2105
  float s = 0;
  // a loop the compiler unrolls
#pragma unroll
  for (int k = 0; k < 4; ++k)
    s += k;
  out[threadIdx.x] = s;
#endif
}
// CHECK-CL: // a loop the compiler unrolls
// CHECK-CL-NOT: #pragma unroll

int main() { arch_only<<<1, 32>>>(nullptr); return 0; }
