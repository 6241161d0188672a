// A program's name that equals an OpenCL C function the translation calls
// is renamed: a parameter called round hid OpenCL's round(), which
// lroundf's translation calls (HeCBench resize: "called object type
// 'uchar' is not a function"). Names the translation never calls stay.
__global__ void resample(const float *in, int *out, bool round, // EXPECT: CU2CL2204
                         float scale) {
  int i = threadIdx.x;
  float floor = in[i] * scale;
  out[i] = round ? (int)lroundf(floor) : (int)floorf(floor);
}
// CHECK-CL: __global int *out, uchar round_, float scale)
// CHECK-CL: float floor_ = in[i] * scale;
// CHECK-CL: out[i] = round_ ? (int)convert_long_sat(round(floor_)) : (int)floor(floor_);
