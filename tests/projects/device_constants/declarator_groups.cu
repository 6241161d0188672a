// Variables declared together, `__device__ int x = 1, y = 2;`: each
// declarator of a __constant__, __device__ or __shared__ declaration is its
// own symbol (the host code kept ", y = 2;" of the group, which did not
// compile). And symbols of class type: default-constructed (the host code
// initialized the symbol from itself), and constructed with arguments.
#include <cstdio>
__device__ int x = 1, y = 2;
__constant__ float ca[4], cb[4];
__shared__ float sa[8], sb[8];
struct Stack {
  int depth, top;
};
__constant__ Stack st;
struct Pair {
  int a, b;
  constexpr __host__ __device__ Pair() : a(0), b(0) {}
  constexpr __host__ __device__ Pair(int x, int y) : a(x), b(y) {}
};
__device__ Pair pq(3, 4), pr{5, 6};
__global__ void k(int *out) {
  sa[threadIdx.x] = ca[threadIdx.x % 4] + x;
  sb[threadIdx.x] = cb[threadIdx.x % 4] + y;
  __syncthreads();
  out[threadIdx.x] = (int)(sa[7 - threadIdx.x] + sb[threadIdx.x]) +
                     st.depth * st.top + pq.a * pq.b + pr.a * pr.b;
}
int main() {
  float a[4] = {1, 2, 3, 4}, b[4] = {10, 20, 30, 40};
  cudaMemcpyToSymbol(ca, a, sizeof a);
  cudaMemcpyToSymbol(cb, b, sizeof b);
  Stack s = {2, 3};
  cudaMemcpyToSymbol(st, &s, sizeof s);
  int *d, h[8];
  cudaMalloc(&d, sizeof h);
  k<<<1, 8>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < 8; i++)
    bad |= h[i] != (int)(a[(7 - i) % 4] + 1 + b[i % 4] + 2) + 6 + 12 + 30;
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
