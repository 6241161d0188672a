// Per-thread rows and columns of a table in shared memory, with no barrier
// between one thread's accesses of its own row or column (a counting
// sort's counters, as in vLLM's moe_align kernel; a private histogram per
// thread). cu2cl reads X * W + C as row X, column C of a table of width W
// and finds no exchange between threads there; before, it put barriers in
// loops whose trip counts differ between threads and stopped (exit 2).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define FILL 32
#define WORKERS 64
#define KEYS 8

// Sorts ids (values below keys) stably by key into out: worker t counts
// its share of the ids in row t + 1, the columns are summed down, then
// each worker places its ids from its row's running counts.
template <int fill>
__device__ void sort_by_key(const int *ids, int *out, int *first, int n,
                            int keys) {
  if (threadIdx.x < fill) {
    for (int i = threadIdx.x; i < n; i += fill)
      out[i] = -1;
    __syncthreads();
    return;
  }
  const int tid = threadIdx.x - fill;
  const int stride = blockDim.x - fill;
  extern __shared__ int mem[];
  int *start = mem;
  int *cnt = (int *)(mem + keys + 1);
  for (int i = 0; i < keys; ++i)
    cnt[(tid + 1) * keys + i] = 0;
  for (int i = tid * ((n + stride - 1) / stride);
       i < n && i < (tid + 1) * ((n + stride - 1) / stride); ++i) {
    int k = ids[i];
    cnt[(tid + 1) * keys + k] += 1;
  }
  __syncthreads();
  if (tid < keys) {
    cnt[tid] = 0;
    for (int i = 1; i <= stride; ++i)
      cnt[i * keys + tid] += cnt[(i - 1) * keys + tid];
  }
  __syncthreads();
  if (tid == 0) {
    start[0] = 0;
    for (int i = 1; i <= keys; ++i)
      start[i] = start[i - 1] + cnt[stride * keys + i - 1];
    for (int i = 0; i <= keys; ++i)
      first[i] = start[i];
  }
  __syncthreads();
  for (int i = tid * ((n + stride - 1) / stride);
       i < n && i < (tid + 1) * ((n + stride - 1) / stride); ++i) {
    int k = ids[i];
    int r = cnt[tid * keys + k] + start[k];
    out[r] = i;
    ++cnt[tid * keys + k];
  }
}

__global__ void sort_kernel(const int *ids, int *out, int *first, int n,
                            int keys) {
  sort_by_key<FILL>(ids, out, first, n, keys);
}

// Each thread's histogram in its own row, then thread b sums column b.
__global__ void histogram(const unsigned char *data, int *hist, int n,
                          int bins) {
  extern __shared__ int h[];
  for (int i = 0; i < bins; i++)
    h[threadIdx.x * bins + i] = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    int b = data[i];
    h[threadIdx.x * bins + b]++;
  }
  __syncthreads();
  if (threadIdx.x < bins) {
    int s = 0;
    for (int t = 0; t < blockDim.x; t++)
      s += h[t * bins + threadIdx.x];
    hist[threadIdx.x] = s;
  }
}

int main() {
  const int n = 1000, bins = 16, threads = 128;
  int *ids = (int *)malloc(n * sizeof(int)), *out = (int *)malloc(n * sizeof(int));
  unsigned char *data = (unsigned char *)malloc(n);
  int first[KEYS + 1], hist[bins], want_hist[bins] = {0}, count[KEYS] = {0};
  srand(7);
  for (int i = 0; i < n; i++) {
    ids[i] = rand() % KEYS;
    data[i] = (unsigned char)(rand() % bins);
    count[ids[i]]++;
    want_hist[data[i]]++;
  }
  int *d_ids, *d_out, *d_first, *d_hist;
  unsigned char *d_data;
  cudaMalloc(&d_ids, n * sizeof(int));
  cudaMalloc(&d_out, n * sizeof(int));
  cudaMalloc(&d_first, (KEYS + 1) * sizeof(int));
  cudaMalloc(&d_hist, bins * sizeof(int));
  cudaMalloc(&d_data, n);
  cudaMemcpy(d_ids, ids, n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_data, data, n, cudaMemcpyHostToDevice);
  size_t shmem = (KEYS + 1 + (WORKERS + 1) * KEYS) * sizeof(int);
  sort_kernel<<<1, FILL + WORKERS, shmem>>>(d_ids, d_out, d_first, n, KEYS);
  histogram<<<1, threads, threads * bins * sizeof(int)>>>(d_data, d_hist, n,
                                                         bins);
  cudaMemcpy(out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(first, d_first, sizeof first, cudaMemcpyDeviceToHost);
  cudaMemcpy(hist, d_hist, sizeof hist, cudaMemcpyDeviceToHost);
  int ok = 1, at = 0;
  for (int k = 0; k < KEYS; k++) {
    ok &= first[k] == at;
    for (int i = 0; i < n; i++) /* stable: ids of key k in input order */
      if (ids[i] == k)
        ok &= out[at++] == i;
  }
  for (int b = 0; b < bins; b++)
    ok &= hist[b] == want_hist[b];
  printf("%s\n", ok ? "PASS" : "FAIL");
  cudaFree(d_ids);
  cudaFree(d_out);
  cudaFree(d_first);
  cudaFree(d_hist);
  cudaFree(d_data);
  free(ids);
  free(out);
  free(data);
  return ok ? 0 : 1;
}
