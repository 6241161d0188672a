// An array of objects whose constructor runs (a user-written default
// constructor, default member initializers) gets each element assigned the
// constructor's value after the declaration: C has no initializer for it
// (HeCBench ssm's ScanElement thread_data[kNItems] and rsbench: "array
// initializer must be an initializer list"). An array of a class with
// nothing to construct is zeroed the same way (CUDA leaves it as it is).
struct Elem {
  float a, b;
  __device__ Elem() : a(1.0f), b(0.0f) {}
};
struct Plain {
  int x = 7;
};
struct Raw {
  int x;
};
__global__ void fill(float *out) {
  Elem items[4];
  Elem grid[2][3];
  Plain p[5];
  Raw r[2];
  r[threadIdx.x % 2].x = 1;
  items[threadIdx.x % 4].b = 2.0f;
  out[threadIdx.x] = items[0].a + items[1].b + grid[1][2].a + p[4].x + r[0].x;
}
// CHECK-CL: Elem items[4];
// CHECK-CL: for (int cu2cl_k = 0; cu2cl_k < 4; cu2cl_k++)
// CHECK-CL: ((Elem *)items)[cu2cl_k] = Elem_make();
// CHECK-CL: Elem grid[2][3];
// CHECK-CL: ((Elem *)grid)[cu2cl_k] = Elem_make();
// CHECK-CL: ((Plain *)p)[cu2cl_k] = Plain_make();
// CHECK-CL: Raw r[2];
// CHECK-CL-NOT: items[4] = Elem_make()
