// A device function that sets the caller's pointers through references to
// them (HeCBench topk's set_buf_pointers(..., T const *&in_buf, T *&out_buf)):
// each reference is a pointer to a private pointer that points into the
// memory the caller's pointer points into, global here.
template <typename T>
__device__ void pick(T const *in, T *bufs, int pass, T const *&src, T *&dst) {
  if (pass == 0) {
    src = in;
    dst = bufs;
  } else {
    src = bufs;
    dst = bufs + 64;
  }
}
__global__ void passes(const float *in, float *bufs) {
  for (int pass = 0; pass < 2; pass++) {
    float const *src = nullptr;
    float *dst = nullptr;
    pick(in, bufs, pass, src, dst);
    dst[threadIdx.x] = src[threadIdx.x] * 2.0f;
  }
}
// CHECK-CL: void pick_float_ggpp_gg(__global const float *in, __global float *bufs, int pass, __global const float **src, __global float **dst)
// CHECK-CL: __global const float *src = 0;
// CHECK-CL: pick_float_ggpp_gg(in, bufs, pass, &src, &dst);
// CHECK-CL: (*src) = in;
