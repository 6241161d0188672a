// A branch taken by the one thread whose index a value in memory names
// (HeCBench fsm: if (sbest[blockIdx.x] == threadIdx.x) same[blockIdx.x]++)
// is one thread: its reads and writes of one element are no exchange
// between threads, and need no barrier (it was CU2CL3013, untranslatable).
__global__ void update(const int *winner, unsigned char *same, int *oldmax,
                       const int *smax) {
  __syncthreads();
  if (winner[blockIdx.x] == threadIdx.x) {
    same[blockIdx.x]++;
    if (oldmax[blockIdx.x] < smax[blockIdx.x]) {
      oldmax[blockIdx.x] = smax[blockIdx.x];
      same[blockIdx.x] = 0;
    }
  }
  __syncthreads();
}
// CHECK-CL: same[(uint)get_group_id(0)]++;
// CHECK-CL-NOT: relied on the warp's lockstep here
