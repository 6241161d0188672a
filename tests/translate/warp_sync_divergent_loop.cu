// An exchange CUDA code makes through shared memory in a warp's lockstep,
// inside a loop whose trip count differs between threads (HeCBench
// moe-align): the barrier cu2cl would need there cannot be placed, since
// the work-items that leave the loop first would miss it. The loop is
// reported (it was printed with the barrier inside, silently).
__global__ void shift(int *out, const int *n) {
    __shared__ int s[65];
    s[threadIdx.x] = 0;
    __syncthreads();
    for (int i = threadIdx.x; i < n[0]; i += 64) { // EXPECT: CU2CL3002
        s[threadIdx.x] = i; // EXPECT: CU2CL3012
        out[i] = s[threadIdx.x + 1]; // EXPECT: CU2CL3012
    }
}

// A loop that holds a __syncthreads of its own has one trip count for the
// block, as CUDA requires, however its condition reads (HeCBench tsp's
// do { ... } while over a value each thread computed): the barrier goes in.
__global__ void rounds(int *out, const int *n) {
    __shared__ int s[65];
    s[threadIdx.x] = 0;
    __syncthreads();
    int m = n[threadIdx.x];
    do {
        s[threadIdx.x] = m; // EXPECT: CU2CL3012
        out[m] = s[threadIdx.x + 1]; // EXPECT: CU2CL3012
        __syncthreads();
        m = s[0] - 1;
    } while (m > 0);
}
