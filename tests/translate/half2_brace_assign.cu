// `v = {}` on a __half2 or __nv_bfloat162 is the copy of a value-initialized
// pair, as nvcc takes it (HeCBench quant3MatMul); clang found the
// assignment from the raw bits as good a match, and the call ambiguous.
// The assignment from the raw bits stays what it was. With the toolkit's
// cuda_fp16.h, whose operators cu2cl does not write, clang still rejects it.
// HEADERS: own
#include <cuda_bf16.h>
#include <cuda_fp16.h>
__global__ void accumulate(half2 *o, __nv_bfloat162 *b, const half2 *in) {
  half2 acc;
  acc = {};
  acc = __hfma2(in[0], in[1], acc);
  __half2_raw one;
  one.x = 0x3c00;
  one.y = 0;
  half2 bits;
  bits = one;
  o[0] = __hadd2(acc, bits);
  __nv_bfloat162 t;
  t = {};
  b[0] = t;
}
// CHECK-CL: acc = (cu2cl_half2){0};
// CHECK-CL: (bits = one);
// CHECK-CL: t = (cu2cl_bf162){0};
