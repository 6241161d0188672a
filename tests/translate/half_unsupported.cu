// Half precision the table does not map is reported, never passed on.
#include <cuda_fp16.h>

__global__ void half_rest(__half *p, __half2 *q) {
  p[0] = __hmax_nan(p[0], p[1]); // EXPECT: CU2CL2001
  q[0] = __hfma2_relu(q[0], q[1], q[2]); // EXPECT: CU2CL2001
  ++q[1]; // EXPECT: CU2CL2001
}

int main() {
  half_rest<<<1, 1>>>(0, 0);
  return 0;
}
