// C11 anonymous members (HeCBench d3q19-bgk's struct of a union of a struct
// of six ints and an array): printed in place, untagged, and accessed by
// the members' own names. A struct holding pointers is passed to a kernel
// as a mirror with the pointers as integers, which cu2cl does not build
// for anonymous members: said, not left to the OpenCL C compiler.
struct Wall {
  union {
    struct {
      int xmin, xmax;
    };
    int el[2];
  };
};
__global__ void walls(Wall w, int *out) {
  Wall c = w;
  c.xmax += 1;
  out[threadIdx.x] = c.xmin + c.el[1];
}
struct Tagged {
  float *p;
  union { // EXPECT: CU2CL2101
    int i;
    float f;
  };
};
__global__ void tagged(Tagged t) { t.p[threadIdx.x] = t.f; } // EXPECT: CU2CL2203
// CHECK-CL: typedef struct Wall {
// CHECK-CL:   union {
// CHECK-CL:     struct {
// CHECK-CL:       int xmin;
// CHECK-CL:     };
// CHECK-CL:     int el[2];
// CHECK-CL:   };
// CHECK-CL: } __attribute__((aligned(4))) Wall;
// CHECK-CL: c.xmax += 1;
// CHECK-CL: out[(uint)get_local_id(0)] = c.xmin + c.el[1];
