// Warp-synchronous exchanges through shared memory with no barrier, as
// CUDA code written for lockstep warps has them: each gives the wrong
// result where work-items do not run in lockstep (PoCL) unless cu2cl adds
// the barriers (CU2CL3012); the own-element and synchronized kernels must
// stay as they are.
#include <cstdio>
#include <cuda_runtime.h>

// thread 0 sums what the first 17 lanes stored
__global__ void first17(const int *in, int *out) {
  __shared__ int smem[32];
  int tid = threadIdx.x;
  int sum = in[tid] * 2;
  if (tid < 17)
    smem[tid] = sum;
  if (tid == 0) {
    int total = 0;
    for (int i = 0; i < 17; i++)
      total += smem[i];
    out[0] = total;
  }
}

// the classic volatile tail of a block reduction
__device__ void warpReduce(volatile int *s, int tid) {
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
  s[tid] += s[tid + 8];
  s[tid] += s[tid + 4];
  s[tid] += s[tid + 2];
  s[tid] += s[tid + 1];
}

__global__ void reduce(const int *in, int *out) {
  __shared__ int s[128];
  unsigned int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned int k = blockDim.x / 2; k > 32; k >>= 1) {
    if (tid < k)
      s[tid] += s[tid + k];
    __syncthreads();
  }
  if (tid < 32)
    warpReduce(s, tid);
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// an 8x8 tile per group of 8 lanes, written by rows and read by columns
__global__ void transpose8(const float *in, float *out) {
  __shared__ float t[8 * 33];
  int x = threadIdx.x;
  int base = (x & ~7) * 33;
  for (int i = 0; i < 8; i++)
    t[base + i * 33 + (x & 7)] = in[(x & ~7) * 8 + i * 8 + (x & 7)];
  float acc = 0.0f;
  for (int i = 0; i < 8; i++)
    acc += t[base + (x & 7) * 33 + i] * (float)(i + 1);
  out[x] = acc;
}

// own elements only: nothing to add
__global__ void own(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  s[threadIdx.x] *= 3;
  out[threadIdx.x] = s[threadIdx.x];
}

int main() {
  int ok = 1;
  int h[256], r[4];
  for (int i = 0; i < 256; i++)
    h[i] = i % 7 + 1;
  int *d_in, *d_out;
  cudaMalloc(&d_in, sizeof h);
  cudaMalloc(&d_out, sizeof h);
  cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);

  first17<<<1, 32>>>(d_in, d_out);
  cudaMemcpy(r, d_out, sizeof(int), cudaMemcpyDeviceToHost);
  int want = 0;
  for (int i = 0; i < 17; i++)
    want += h[i] * 2;
  if (r[0] != want) {
    printf("FAIL first17: %d, want %d\n", r[0], want);
    ok = 0;
  }

  reduce<<<2, 128>>>(d_in, d_out);
  cudaMemcpy(r, d_out, 2 * sizeof(int), cudaMemcpyDeviceToHost);
  for (int b = 0; b < 2; b++) {
    int w = 0;
    for (int i = 0; i < 128; i++)
      w += h[b * 128 + i];
    if (r[b] != w) {
      printf("FAIL reduce block %d: %d, want %d\n", b, r[b], w);
      ok = 0;
    }
  }

  float hf[256], rf[32];
  for (int i = 0; i < 256; i++)
    hf[i] = (float)(i % 11);
  float *d_f, *d_g;
  cudaMalloc(&d_f, sizeof hf);
  cudaMalloc(&d_g, sizeof rf);
  cudaMemcpy(d_f, hf, sizeof hf, cudaMemcpyHostToDevice);
  transpose8<<<1, 32>>>(d_f, d_g);
  cudaMemcpy(rf, d_g, sizeof rf, cudaMemcpyDeviceToHost);
  for (int x = 0; x < 32; x++) {
    float w = 0.0f;
    for (int i = 0; i < 8; i++)
      w += hf[(x & ~7) * 8 + (x & 7) * 8 + i] * (float)(i + 1);
    if (rf[x] != w) {
      printf("FAIL transpose8 lane %d: %g, want %g\n", x, rf[x], w);
      ok = 0;
      break;
    }
  }

  own<<<1, 64>>>(d_out);
  cudaMemcpy(h, d_out, 64 * sizeof(int), cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; i++)
    if (h[i] != 3 * i) {
      printf("FAIL own %d: %d\n", i, h[i]);
      ok = 0;
      break;
    }
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
