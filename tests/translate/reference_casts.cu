// A cast to a reference type reads (and writes) the object's bits as the
// other type, where it lives: reinterpret_cast<unsigned &>(f) is f's bits,
// not f converted (HeCBench topk's radix keys through cub::Traits). A cast
// to a value type converts.
__global__ void bits(float *g, unsigned *out) {
  __shared__ float s[64];
  float f = g[threadIdx.x];
  s[threadIdx.x] = f;
  __syncthreads();
  unsigned a = reinterpret_cast<unsigned &>(f);
  unsigned b = (unsigned &)s[63 - threadIdx.x];
  reinterpret_cast<unsigned &>(g[threadIdx.x]) = a ^ b;
  const unsigned &c = reinterpret_cast<const unsigned &>(s[0]);
  out[threadIdx.x] = a + b + c + (unsigned)f + static_cast<unsigned>(f);
}
// CHECK-CL: uint a = (*(uint *)&(f));
// CHECK-CL: uint b = (*(__local uint *)&(s[(int)(63 - (uint)get_local_id(0))]));
// CHECK-CL: (*(__global uint *)&(g[(uint)get_local_id(0)])) = a ^ b;
// CHECK-CL: (*(__local const uint *)&(s[0]))
// CHECK-CL: (uint)f + (uint)(f);
