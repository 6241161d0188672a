// A loop with barriers inside `if (gid < n)`, counted by a variable the
// branch declares (HeCBench ans' decoder): the threads of the last block
// past n skip it (CUDA: they exit, and the barriers count the others). In
// the port the branch is predicated where warps are emulated; the counter's
// updates run in every work-item, so the loop has one trip count.
#include <cstdio>
#include <cuda_runtime.h>
#include <vector>

__global__ void exchange(const int *in, int *out, int n) {
  __shared__ int s[128];
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int active = min((int)blockDim.x, n - (int)(blockIdx.x * blockDim.x));
  if (gid < n) {
    unsigned done = 0;
    int acc = 0;
    while (done < blockDim.x) {
      s[threadIdx.x] = in[gid] + (int)done;
      __syncthreads();
      acc += s[(threadIdx.x + done / 4) % active];
      __syncthreads();
      done += 4;
    }
    int rounds = 0;
    do {
      s[threadIdx.x] = acc + rounds;
      __syncthreads();
      acc ^= s[(threadIdx.x + 1) % active];
      __syncthreads();
      rounds++;
    } while (rounds < 3);
    out[gid] = acc;
  }
}

int main() {
  const int n = 1000, block = 128, blocks = (n + block - 1) / block;
  std::vector<int> in(n), out(n), want(n);
  for (int i = 0; i < n; i++)
    in[i] = (i * 37) % 101;
  for (int b = 0; b < blocks; b++) {
    int base = b * block, active = n - base < block ? n - base : block;
    std::vector<int> acc(active, 0), s(active);
    for (int done = 0; done < block; done += 4)
      for (int t = 0; t < active; t++)
        acc[t] += in[base + (t + done / 4) % active] + done;
    for (int r = 0; r < 3; r++) {
      for (int t = 0; t < active; t++)
        s[t] = acc[t] + r;
      for (int t = 0; t < active; t++)
        acc[t] ^= s[(t + 1) % active];
    }
    for (int t = 0; t < active; t++)
      want[base + t] = acc[t];
  }
  int *din, *dout;
  cudaMalloc(&din, n * sizeof(int));
  cudaMalloc(&dout, n * sizeof(int));
  cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  exchange<<<blocks, block>>>(din, dout, n);
  cudaMemcpy(out.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++)
    if (out[i] != want[i] && bad++ < 5)
      printf("out[%d] = %d, want %d\n", i, out[i], want[i]);
  cudaFree(din);
  cudaFree(dout);
  printf(bad ? "FAIL (%d)\n" : "PASS\n", bad);
  return bad != 0;
}
