// Device-only code guarded by __CUDA_ARCH__ is read as nvcc's device pass
// reads it for the unit's architecture (sm_80 here: no -arch), so the port
// computes what the original's device code computes.
__device__ int plus_one(int x) {
#ifdef __CUDA_ARCH__ // EXPECT: CU2CL2110
  return x + 1;
#else
  return x - 1;
#endif
}

__global__ void arch_gated(int *out) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700 // EXPECT: CU2CL2110
  out[threadIdx.x] = plus_one(threadIdx.x);
#elif __CUDA_ARCH__ >= 900 // EXPECT: CU2CL2110
  out[threadIdx.x] = 9;
#else
  out[threadIdx.x] = -1;
#endif
#ifndef __CUDA_ARCH__ // EXPECT: CU2CL2110
  out[0] = -2;
#endif
}
// CHECK-CL: out[(uint)get_local_id(0)] = plus_one((uint)get_local_id(0));
// CHECK-CL-NOT: = -1;
// CHECK-CL: return x + 1;
// CHECK-CL-NOT: return x - 1;

// Host code keeps the host branch.
int host_value() {
#ifdef __CUDA_ARCH__
  return 1;
#else
  return 2;
#endif
}
// CHECK-HOST: return 2;

int main() { arch_gated<<<1, 32>>>(nullptr); return host_value(); }
