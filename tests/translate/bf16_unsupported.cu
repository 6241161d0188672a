// bfloat16 the table does not map is reported, never passed on.
#include <cuda_bf16.h>

__global__ void bf16_rest(__nv_bfloat16 *p, __nv_bfloat162 *q) {
  p[0] = __hfma_relu(p[0], p[1], p[2]); // EXPECT: CU2CL2001
  q[0] = __hcmadd(q[0], q[1], q[2]); // EXPECT: CU2CL2001
  ++q[1]; // EXPECT: CU2CL2001
}

int main() {
  bf16_rest<<<1, 1>>>(0, 0);
  return 0;
}
