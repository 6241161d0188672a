// SIMD intrinsics (CUDA Math API, device_functions.h): per-halfword and
// per-byte lanes, the set-to-1 forms, CUDA 12's three-way and add-then
// min/max on int and unsigned words, and the __vib* forms, whose bool
// pointers pick a helper per address space (rules/device_simd.def).

__device__ unsigned int mix(unsigned int a, unsigned int b) {
  return __vaddss2(__vsub2(a, b), __vmaxu4(a, b)) ^ __vsetgts4(a, b);
}

__global__ void simd(const unsigned int *in, unsigned int *out, int *s,
                     int n) {
  // CHECK-CL: __kernel void simd(__global const uint *in, __global uint *out, __global int *s, int n)
  __shared__ bool flags[2 * 64];
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i >= n)
    return;
  unsigned int a = in[i], b = a + 1, c = a ^ b;
  unsigned int r = __vabs2(a) ^ __vabsss4(a) ^ __vneg2(a) ^ __vnegss4(a);
  // CHECK-CL: uint r = cu2cl_vabs2(a) ^ cu2cl_vabsss4(a) ^ cu2cl_vneg2(a) ^ cu2cl_vnegss4(a);
  r ^= __vavgs2(a, b) + __vavgu4(a, b) + __vhaddu2(a, b) + __vsads4(a, b);
  // CHECK-CL: r ^= cu2cl_vavgs2(a, b) + cu2cl_vavgu4(a, b) + cu2cl_vhaddu2(a, b) + cu2cl_vsads4(a, b);
  r ^= __vcmpgeu2(a, b) | __vcmplts4(a, 0x80808080u) | __vseteq2(a, c);
  // CHECK-CL: r ^= cu2cl_vcmpgeu2(a, b) | cu2cl_vcmplts4(a, 0x80808080u) | cu2cl_vseteq2(a, c);
  r ^= mix(a, in[i ^ 1]);
  // CHECK-CL: r ^= mix_(a, in[i ^ 1]);
  r ^= __vimax3_u16x2(a, b, c) + __viaddmin_s16x2_relu(a, b, c);
  // CHECK-CL: r ^= cu2cl_vimax3_u16x2(a, b, c) + cu2cl_viaddmin_s16x2_relu(a, b, c);
  int x = (int)a, y = (int)b;
  s[i] = __vimin3_s32(x, y, 0) + __viaddmax_s32_relu(x, y, -x) +
         __vimax_s32_relu(x, y);
  // CHECK-CL: s[i] = cu2cl_vimin3_s32(x, y, 0) + cu2cl_viaddmax_s32_relu(x, y, (-x)) + cu2cl_vimax_s32_relu(x, y);
  bool p, hi, lo;
  s[i] += __vibmax_s32(x, y, &p);
  // CHECK-CL: s[i] += cu2cl_vibmax_s32_private(x, y, (&p));
  r ^= __vibmin_u16x2(a, b, &hi, &lo);
  // CHECK-CL: r ^= cu2cl_vibmin_u16x2_private(a, b, (&hi), (&lo));
  r += p + hi + 2 * lo;
  int t = threadIdx.x;
  r ^= __vibmax_s16x2(a, c, &flags[2 * t], &flags[2 * t + 1]);
  // CHECK-CL: r ^= cu2cl_vibmax_s16x2_local(a, c, (&flags[2 * t]), (&flags[2 * t + 1]));
  out[i] = r + flags[2 * t];
}
// CHECK-CL: uint mix_(uint a, uint b) {
// CHECK-CL: return cu2cl_vaddss2(cu2cl_vsub2(a, b), cu2cl_vmaxu4(a, b)) ^ cu2cl_vsetgts4(a, b);

int main() {
  unsigned int *d;
  int *s;
  cudaMalloc(&d, 1024);
  cudaMalloc(&s, 1024);
  simd<<<1, 64>>>(d, d, s, 64);
  return 0;
}
