// Work-group barriers inside branches the whole block takes: a tree sum
// whose block total is stored by the last thread after the loop, in a
// branch chosen by a kernel argument and in one chosen by the block
// (every block but the last), as real reductions are written. Checks the
// sums on the host and prints PASS.
#include <cstdio>
#include <cuda_runtime.h>

#define THREADS 128

__global__ void tree_sum(int mode, const float *in, float *out) {
  __shared__ float s[THREADS];
  int tx = threadIdx.x, bx = blockIdx.x;
  int i;
  s[tx] = in[bx * THREADS + tx];
  __syncthreads();
  if (mode == 1) {
    for (i = 2; i <= THREADS; i = 2 * i) {
      if ((tx + 1) % i == 0)
        s[tx] = s[tx] + s[tx - i / 2];
      __syncthreads();
    }
    if (tx == THREADS - 1)
      out[bx] = s[tx];
  } else {
    if (bx != gridDim.x - 1) {
      for (i = 2; i <= THREADS; i = 2 * i) {
        if ((tx + 1) % i == 0)
          s[tx] = s[tx] + s[tx - i / 2];
        __syncthreads();
      }
      if (tx == THREADS - 1)
        out[bx] = s[tx];
    } else {
      out[bx] = -1.0f;
    }
  }
}

// The same with the loop's barrier first and a single-statement branch.
__global__ void tail_after_loop(int n, const int *in, int *out) {
  __shared__ int s[THREADS];
  int tx = threadIdx.x;
  s[tx] = in[blockIdx.x * THREADS + tx];
  if (n > 0)
    for (int k = THREADS / 2; k > 0; k /= 2) {
      __syncthreads();
      if (tx < k)
        s[tx] += s[tx + k];
    }
  if (n > 0) {
    __syncthreads();
    if (tx == 0)
      out[blockIdx.x] = s[0] * n;
  }
}

// A block total by a tree over the full blocks, and over the largest power
// of two in the last, partial one (the rest added by one thread): sibling
// branches that both hold barrier loops, nested in a third.
__global__ void partial_blocks(int n, float *sums) {
  __shared__ float s[THREADS];
  int bx = blockIdx.x, tx = threadIdx.x;
  int ei = bx * THREADS + tx;
  int nf = THREADS - (gridDim.x * THREADS - n); // elements of the last block
  int df = 0, i;
  if (ei < n)
    s[tx] = sums[ei];
  __syncthreads();
  if (nf == THREADS) {
    for (i = 2; i <= THREADS; i = 2 * i) {
      if ((tx + 1) % i == 0)
        s[tx] = s[tx] + s[tx - i / 2];
      __syncthreads();
    }
    if (tx == THREADS - 1)
      sums[bx * THREADS] = s[tx];
  } else {
    if (bx != gridDim.x - 1) {
      for (i = 2; i <= THREADS; i = 2 * i) {
        if ((tx + 1) % i == 0)
          s[tx] = s[tx] + s[tx - i / 2];
        __syncthreads();
      }
      if (tx == THREADS - 1)
        sums[bx * THREADS] = s[tx];
    } else {
      for (i = 2; i <= THREADS; i = 2 * i)
        if (nf >= i)
          df = i;
      for (i = 2; i <= df; i = 2 * i) {
        if ((tx + 1) % i == 0 && tx < df)
          s[tx] = s[tx] + s[tx - i / 2];
        __syncthreads();
      }
      if (tx == df - 1) {
        for (i = bx * THREADS + df; i < bx * THREADS + nf; i++)
          s[tx] = s[tx] + sums[i];
        sums[bx * THREADS] = s[tx];
      }
    }
  }
}

// A kernel that returns early (a flag the whole block reads) after work of
// each thread's own, then sums the block with two shared atomics and
// stores the sums from thread 0 after the last barrier.
__global__ void skip_or_count(const int *skip, const int *in, int *out) {
  __shared__ int total, odd;
  if (*skip) {
    if (threadIdx.x < 2)
      out[2 * blockIdx.x + threadIdx.x] = -1;
    return;
  }
  int v = in[blockIdx.x * THREADS + threadIdx.x];
  if (threadIdx.x == 0) {
    total = 0;
    odd = 0;
  }
  __syncthreads();
  atomicAdd(&total, v);
  atomicAdd(&odd, v & 1);
  __syncthreads();
  if (threadIdx.x == 0) {
    out[2 * blockIdx.x] = total;
    out[2 * blockIdx.x + 1] = odd;
  }
}

// The same early return before two shared arrays that thread 0 adds up.
__global__ void skip_or_sum(const int *skip, const int *in, int *out) {
  __shared__ int a[THREADS], b[THREADS];
  if (*skip) {
    if (threadIdx.x < 2)
      out[2 * blockIdx.x + threadIdx.x] = -1;
    return;
  }
  a[threadIdx.x] = in[blockIdx.x * THREADS + threadIdx.x];
  b[threadIdx.x] = a[threadIdx.x] * a[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    int sa = 0, sb = 0;
    for (int i = 0; i < THREADS; i++) {
      sa += a[i];
      sb += b[i];
    }
    out[2 * blockIdx.x] = sa;
    out[2 * blockIdx.x + 1] = sb;
  }
}

int main() {
  const int blocks = 4;
  float hf[blocks * THREADS], of[blocks];
  int hi[blocks * THREADS], oi[blocks];
  for (int i = 0; i < blocks * THREADS; i++) {
    hf[i] = (float)(i % 7);
    hi[i] = i % 5;
  }
  float *df, *dof;
  int *di, *doi;
  cudaMalloc(&df, sizeof hf);
  cudaMalloc(&dof, sizeof of);
  cudaMalloc(&di, sizeof hi);
  cudaMalloc(&doi, 2 * sizeof oi);
  cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
  cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
  int bad = 0;
  for (int mode = 1; mode <= 2; mode++) {
    cudaMemset(dof, 0, sizeof of);
    tree_sum<<<blocks, THREADS>>>(mode, df, dof);
    cudaMemcpy(of, dof, sizeof of, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; b++) {
      float want = 0;
      for (int t = 0; t < THREADS; t++)
        want += hf[b * THREADS + t];
      if (mode == 2 && b == blocks - 1)
        want = -1.0f;
      if (of[b] != want) {
        printf("tree_sum mode %d block %d: %g, expected %g\n", mode, b, of[b], want);
        bad = 1;
      }
    }
  }
  cudaMemset(doi, 0, sizeof oi);
  tail_after_loop<<<blocks, THREADS>>>(3, di, doi);
  cudaMemcpy(oi, doi, sizeof oi, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; b++) {
    int want = 0;
    for (int t = 0; t < THREADS; t++)
      want += hi[b * THREADS + t];
    if (oi[b] != want * 3) {
      printf("tail_after_loop block %d: %d, expected %d\n", b, oi[b], want * 3);
      bad = 1;
    }
  }
  // early returns: skipped, then counted
  int *dskip, oc[2 * blocks];
  cudaMalloc(&dskip, sizeof(int));
  for (int skip = 1; skip >= 0; skip--) {
    cudaMemcpy(dskip, &skip, sizeof skip, cudaMemcpyHostToDevice);
    for (int k = 0; k < 2; k++) {
      cudaMemset(doi, 0, sizeof oc);
      if (k == 0)
        skip_or_count<<<blocks, THREADS>>>(dskip, di, doi);
      else
        skip_or_sum<<<blocks, THREADS>>>(dskip, di, doi);
      cudaMemcpy(oc, doi, sizeof oc, cudaMemcpyDeviceToHost);
      for (int b = 0; b < blocks; b++) {
        int want0 = 0, want1 = 0;
        for (int t = 0; t < THREADS; t++) {
          int v = hi[b * THREADS + t];
          want0 += v;
          want1 += k == 0 ? (v & 1) : v * v;
        }
        if (skip)
          want0 = want1 = -1;
        if (oc[2 * b] != want0 || oc[2 * b + 1] != want1) {
          printf("%s skip %d block %d: %d %d, expected %d %d\n",
                 k ? "skip_or_sum" : "skip_or_count", skip, b, oc[2 * b],
                 oc[2 * b + 1], want0, want1);
          bad = 1;
        }
      }
    }
  }
  // ones: three full blocks and 100 in the last (a tree over 64, then 36)
  const int n = 3 * THREADS + 100;
  for (int i = 0; i < blocks * THREADS; i++)
    hf[i] = 1.0f;
  cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
  partial_blocks<<<blocks, THREADS>>>(n, df);
  cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
  for (int b = 0; b < blocks; b++) {
    float want = b < blocks - 1 ? THREADS : n - (blocks - 1) * THREADS;
    if (hf[b * THREADS] != want) {
      printf("partial_blocks block %d: %g, expected %g\n", b, hf[b * THREADS], want);
      bad = 1;
    }
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
