// Device functions that return references (T &f()): accessors, a method
// returning a member, and CUB's storage idiom (HeCBench blockexchange's
// block_load.h: `T &Alias() { return reinterpret_cast<T &>(*this); }` on
// __shared__ storage, bound to a reference member). Each returns the
// object's address, in the space the object lives in (global, local,
// private), and each call is that object.
#include <cstdio>

struct NullT {};
template <typename T> struct Uninit {
  int storage[sizeof(T) / 4 ? sizeof(T) / 4 : 1];
  __device__ T &Alias() { return reinterpret_cast<T &>(*this); }
};
struct Tile {
  int buf[64];
};
struct Exchange {
  Tile &tile;
  __device__ Exchange(Uninit<Tile> &u) : tile(u.Alias()) {}
  __device__ void put(int v) { tile.buf[63 - threadIdx.x] = v; }
};
struct Loader {
  NullT &none;
  __device__ Loader(Uninit<NullT> &u) : none(u.Alias()) {}
  __device__ int get(const int *p) { return p[threadIdx.x]; }
};
// A reference member passed on to another object's constructor from a
// method, where the method is reached before its object's constructor
// (block_load.h's Load making its LoadInternal from temp_storage).
struct Inner {
  NullT &none;
  int tid;
  __device__ Inner(NullT &s, int t) : none(s), tid(t) {}
  __device__ int get(const int *p) { return p[tid]; }
};
struct Outer {
  NullT &none;
  int tid;
  __device__ Outer(Uninit<NullT> &u) : none(u.Alias()), tid(threadIdx.x) {}
  __device__ int get(const int *p) { return Inner(none, tid).get(p); }
};
struct Box {
  int v[4];
  __device__ int &at(int i) { return v[i & 3]; }
};
__device__ int &pick(int *a, int i) { return a[i]; }

__global__ void exchange(const int *in, int *out) {
  __shared__ Uninit<Tile> s;
  __shared__ Uninit<NullT> n;
  Exchange(s).put(Loader(n).get(in));
  __syncthreads();
  out[threadIdx.x] = reinterpret_cast<Tile &>(s).buf[threadIdx.x];
}

__global__ void nested(const int *in, int *out) {
  __shared__ Uninit<NullT> n;
  out[threadIdx.x] = Outer(n).get(in) + 1;
}

__global__ void accessors(int *a) {
  Box b = {{1, 2, 3, 4}};
  b.at(1) = 7;
  b.at(threadIdx.x) += 10;
  pick(a, threadIdx.x) = 5;
  pick(a, threadIdx.x) += b.at(threadIdx.x);
  int &first = pick(a, 0);
  __syncthreads();
  if (threadIdx.x == 1)
    first += b.at(1);
}

int main() {
  int h[64], *d, *o;
  for (int i = 0; i < 64; i++)
    h[i] = i * 3;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&o, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  exchange<<<1, 64>>>(d, o);
  cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < 64; i++)
    bad |= h[i] != (63 - i) * 3;
  nested<<<1, 64>>>(o, d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; i++)
    bad |= h[i] != (63 - i) * 3 + 1;
  accessors<<<1, 8>>>(d);
  cudaMemcpy(h, d, 8 * sizeof(int), cudaMemcpyDeviceToHost);
  int box[4] = {1, 7, 3, 4};
  for (int i = 0; i < 8; i++) /* a[0] also gets thread 1's b.at(1) */
    bad |= h[i] != 5 + box[i & 3] + 10 + (i == 0 ? box[1] + 10 : 0);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
