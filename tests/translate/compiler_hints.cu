// The compiler's hints in device code (HeCBench reshapeKVCache ends a
// function whose branches all return with __builtin_unreachable()):
// nothing for unreachable and assume, the value for expect.
__device__ int pick(int t) {
  if (t == 0)
    return 1;
  else if (t == 1)
    return 2;
  __builtin_unreachable();
}

__global__ void k(int *o) {
  // CHECK-CL: (void)0;
  __builtin_assume(o != nullptr);
  // CHECK-CL: if (((long)(o[0] > 3)))
  if (__builtin_expect(o[0] > 3, 0))
    o[1] = pick(o[2] & 1);
}
// CHECK-CL: return 2;
// CHECK-CL: (void)0;

int main() { k<<<1, 1>>>(0); }
