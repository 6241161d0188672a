// Every cache-hinted load and store, scalar and vector, with either header
// set (clang's CUDA headers declare only some of them): plain accesses.
__global__ void hints(float *m, float4 *v, const double *in, int *c) { // EXPECT: CU2CL2004
  // CHECK-CL: float s = (*(in + (uint)get_local_id(0))) + (*in) + (*in) + (*in) + (*in) + (*in) + (*in);
  float s = __ldg(in + threadIdx.x) + __ldcg(in) + __ldca(in) + __ldcs(in) +
            __ldlu(in) + __ldcv(in) + __ldg(in);
  // CHECK-CL: (void)(*(m + (uint)get_local_id(0)) = (s));
  __stcs(m + threadIdx.x, s);
  // CHECK-CL: (void)(*m = ((float)in[1]));
  __stcg(m, in[1]);
  __stwb(c, 3);
  __stwt(c + 1, c[0]);
  // CHECK-CL: float4 q = (*v);
  float4 q = __ldlu(v);
  // CHECK-CL: (void)(*(v + 1) = (q));
  __stwt(v + 1, q);
  int2 p = __ldca((const int2 *)c);
  __stcs((int2 *)c, p);
}

int main() { hints<<<1, 32>>>(0, 0, 0, 0); }
