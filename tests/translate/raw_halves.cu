// The _raw pairs of half precision and bfloat16 hold CUDA's 16-bit
// patterns (unsigned short x, y); the pairs they map to hold two structs
// of the bits, so their fields are .x.x and .y.x.
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void k(unsigned short *o, __half2 *h, __nv_bfloat162 *b) {
  __half2_raw r = h[0];
  // CHECK-CL: o[0] = r.x.x;
  o[0] = r.x;
  // CHECK-CL: o[1] = r.y.x + 1;
  o[1] = r.y + 1;
  // CHECK-CL: r.x.x = 0x3c00;
  r.x = 0x3c00;
  h[1] = r;
  __nv_bfloat162_raw q = b[0];
  // CHECK-CL: o[2] = q.y.x;
  o[2] = q.y;
  __half_raw s = __half(h[0].x);
  // CHECK-CL: o[3] = s.x;
  o[3] = s.x;
}

int main() { k<<<1, 1>>>(0, 0, 0); }
