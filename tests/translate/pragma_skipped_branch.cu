// A function whose body is in a branch of #if __CUDA_ARCH__ that the
// host-side parse skips (a __host__ __device__ one, whose host branch the
// host needs): its comments are carried over, but a #pragma unroll from it
// would precede no statement, which OpenCL C rejects.
__host__ __device__ float arch_only(float x) {
#if __CUDA_ARCH__ >= 700 // EXPECT: CU2CL2105
  float s = x;
  // a loop the compiler unrolls
#pragma unroll
  for (int k = 0; k < 4; ++k)
    s += k;
  return s;
#else
  return 0.0f;
#endif
}
// CHECK-CL: // a loop the compiler unrolls
// CHECK-CL-NOT: #pragma unroll

__global__ void use(float *out) { out[threadIdx.x] = arch_only(1.0f); }

int main() { use<<<1, 32>>>(nullptr); return 0; }
