// C11 anonymous members (HeCBench d3q19-bgk's struct of a union of a struct
// of six ints and an array): printed in place, untagged, and accessed by
// the members' own names. A struct holding pointers is passed to a kernel
// as a mirror with the pointers as integers, anonymous members in place.
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
  union {
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
// CHECK-CL: typedef struct Tagged_kernarg {
// CHECK-CL:   ulong p;
// CHECK-CL:   union {
// CHECK-CL:     int i;
// CHECK-CL:     float f;
// CHECK-CL:   };
// CHECK-CL: } __attribute__((aligned(8))) Tagged_kernarg;
// CHECK-CL: c.xmax += 1;
// CHECK-CL: out[(uint)get_local_id(0)] = c.xmin + c.el[1];
// CHECK-CL: t.p[(uint)get_local_id(0)] = t.f;
