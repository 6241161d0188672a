// EXPECT-ERROR: threadIdx
// EXPECT-ERROR-REAL
// The built-in variables are read-only.
__global__ void k(int *p) {
  threadIdx.x = 0;
  p[0] = 1;
}
