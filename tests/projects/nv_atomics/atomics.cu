// CUDA 12.8's built-in atomics with memory orders and scopes
// (__nv_atomic_load_n in a compare-and-swap loop, as HeCBench hausdorff
// and atomicCAS use it; fetch_add/sub/and/or/xor/min/max, exchange,
// compare_exchange, store, thread fences) on global and shared memory,
// over 32- and 64-bit integers, float and double. Every result is a
// function of the whole set of threads, whatever their order: checked on
// the host, prints PASS.
#include <cstdio>
#include <cuda_runtime.h>

#define THREADS 128
#define BLOCKS 4

__device__ float max_float(float *p, float v) { // HeCBench's CAS loop
  unsigned int *u = (unsigned int *)p;
  unsigned int ret = __nv_atomic_load_n(u, __NV_ATOMIC_RELAXED);
  while (v > __uint_as_float(ret)) {
    unsigned int old = ret;
    if ((ret = atomicCAS(u, old, __float_as_uint(v))) == old)
      break;
  }
  return __uint_as_float(ret);
}

struct Results {
  int count, sub, winners, first;
  unsigned int bits_and, bits_or, bits_xor, umax;
  long long lmin;
  unsigned long long lsum;
  unsigned long long ulmax;
  float fsum, fmax;
  double dsum;
  int shared_ok;
};

__global__ void run(Results *r) {
  __shared__ int s_count;
  __shared__ unsigned int s_max;
  int t = blockIdx.x * THREADS + threadIdx.x;
  if (threadIdx.x == 0) {
    __nv_atomic_store_n(&s_count, 0, __NV_ATOMIC_RELAXED,
                        __NV_THREAD_SCOPE_BLOCK);
    s_max = 0;
  }
  __syncthreads();
  __nv_atomic_fetch_add(&s_count, 1, __NV_ATOMIC_RELAXED,
                        __NV_THREAD_SCOPE_BLOCK);
  __nv_atomic_fetch_max(&s_max, (unsigned int)threadIdx.x * 3u,
                        __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_BLOCK);
  __syncthreads();
  if (threadIdx.x == 0 &&
      (__nv_atomic_load_n(&s_count, __NV_ATOMIC_ACQUIRE,
                          __NV_THREAD_SCOPE_BLOCK) != THREADS ||
       s_max != (THREADS - 1) * 3u))
    __nv_atomic_fetch_add(&r->shared_ok, 1, __NV_ATOMIC_RELAXED);

  __nv_atomic_fetch_add(&r->count, 1, __NV_ATOMIC_RELAXED,
                        __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_sub(&r->sub, t, __NV_ATOMIC_SEQ_CST);
  __nv_atomic_fetch_and(&r->bits_and, ~(1u << (t % 32)), __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_or(&r->bits_or, 1u << (t % 29), __NV_ATOMIC_RELEASE);
  __nv_atomic_fetch_xor(&r->bits_xor, (unsigned int)t * 2654435761u,
                        __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_max(&r->umax, (unsigned int)(t * 7 % 501),
                        __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_min(&r->lmin, -(long long)t * 1000000007LL,
                        __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_add(&r->lsum, (unsigned long long)t << 33, __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_max(&r->ulmax, (unsigned long long)t << 40,
                        __NV_ATOMIC_RELAXED);
  __nv_atomic_fetch_add(&r->fsum, 1.5f, __NV_ATOMIC_RELAXED);
  max_float(&r->fmax, (float)(t % 97) * 0.25f);
  __nv_atomic_fetch_add(&r->dsum, 0.125, __NV_ATOMIC_RELAXED);
  int expected = -1;
  if (__nv_atomic_compare_exchange_n(&r->first, &expected, t, false,
                                     __NV_ATOMIC_ACQUIRE, __NV_ATOMIC_RELAXED,
                                     __NV_THREAD_SCOPE_DEVICE))
    __nv_atomic_fetch_add(&r->winners, 1, __NV_ATOMIC_RELAXED);
  else if (expected < 0)
    __nv_atomic_fetch_add(&r->winners, 100, __NV_ATOMIC_RELAXED);
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
}

int main() {
  const int n = THREADS * BLOCKS;
  Results h = {};
  h.first = -1;
  h.bits_and = 0xffffffffu;
  h.lmin = 0;
  Results *d;
  cudaMalloc(&d, sizeof h);
  cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice);
  run<<<BLOCKS, THREADS>>>(d);
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  long long sub = 0, lmin = 0;
  unsigned long long lsum = 0;
  unsigned int bor = 0, bxor = 0, umax = 0;
  unsigned long long ulmax = 0;
  float fmax = 0;
  for (int t = 0; t < n; t++) {
    sub -= t;
    bor |= 1u << (t % 29);
    bxor ^= (unsigned int)t * 2654435761u;
    umax = (unsigned int)(t * 7 % 501) > umax ? (unsigned int)(t * 7 % 501) : umax;
    lmin = -(long long)t * 1000000007LL < lmin ? -(long long)t * 1000000007LL : lmin;
    lsum += (unsigned long long)t << 33;
    ulmax = (unsigned long long)t << 40 > ulmax ? (unsigned long long)t << 40 : ulmax;
    fmax = (float)(t % 97) * 0.25f > fmax ? (float)(t % 97) * 0.25f : fmax;
  }
#define CHECK(cond, ...)                                                       \
  if (!(cond)) {                                                               \
    printf(__VA_ARGS__);                                                       \
    bad = 1;                                                                   \
  }
  CHECK(h.count == n, "count %d\n", h.count);
  CHECK(h.sub == (int)sub, "sub %d, expected %lld\n", h.sub, sub);
  CHECK(h.bits_and == 0, "and %08x\n", h.bits_and);
  CHECK(h.bits_or == bor, "or %08x, expected %08x\n", h.bits_or, bor);
  CHECK(h.bits_xor == bxor, "xor %08x, expected %08x\n", h.bits_xor, bxor);
  CHECK(h.umax == umax, "umax %u, expected %u\n", h.umax, umax);
  CHECK(h.lmin == lmin, "lmin %lld, expected %lld\n", h.lmin, lmin);
  CHECK(h.lsum == lsum, "lsum %llu, expected %llu\n", h.lsum, lsum);
  CHECK(h.ulmax == ulmax, "ulmax %llu, expected %llu\n", h.ulmax, ulmax);
  CHECK(h.fsum == 1.5f * n, "fsum %g\n", h.fsum);
  CHECK(h.fmax == fmax, "fmax %g, expected %g\n", h.fmax, fmax);
  CHECK(h.dsum == 0.125 * n, "dsum %g\n", h.dsum);
  CHECK(h.winners == 1 && h.first >= 0 && h.first < n, "winners %d first %d\n",
        h.winners, h.first);
  CHECK(h.shared_ok == 0, "shared memory atomics wrong in %d blocks\n",
        h.shared_ok);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
