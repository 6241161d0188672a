// A constexpr function called with constant arguments is its value, as
// the compiler computes it (HeCBench hadamard: a recursive cilog2 in
// constexpr initializers, which OpenCL C could not call); called with a
// value known only at run time it is a call, and a recursive one is
// reported.
__host__ __device__ constexpr int cilog2(int val) { return val > 0 ? 1 + cilog2(val >> 1) : -1; } // EXPECT: CU2CL2102
__device__ constexpr float half_of(float x) { return x / 2; }

template <int N>
__global__ void k(int *o, int n) {
  // CHECK-CL: const int L = 6;
  constexpr int L = cilog2(N);
  // CHECK-CL: o[(uint)get_local_id(0)] = L + 3 + (int)2.5f;
  o[threadIdx.x] = L + cilog2(8) + (int)half_of(5.0f);
  // CHECK-CL: o[0] = cilog2(n);
  if (n > 1000)
    o[0] = cilog2(n);
}

int main() { k<64><<<1, 1>>>(0, 3); }
