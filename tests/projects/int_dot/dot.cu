// The integer dot products of compute capability 6.1 (__dp4a, __dp2a_lo,
// __dp2a_hi) for signed and unsigned words and vector operands, with
// negative bytes and accumulators that wrap, in a kernel template that
// picks its branch with `if constexpr (std::is_same_v<T, unsigned>)`
// (HeCBench dp4a). Checks against a host reference and prints PASS.
#include <cstdio>
#include <cstdint>
#include <type_traits>
#include <cuda_runtime.h>

#define N 64

template <typename T>
__global__ void dots(const T *a, const T *b, const T *c, T *out) {
  int i = threadIdx.x;
  if constexpr (std::is_same_v<T, unsigned>) {
    out[4 * i] = __dp4a(a[i], b[i], c[i]);
    out[4 * i + 1] = __dp2a_lo(a[i], b[i], c[i]);
    out[4 * i + 2] = __dp2a_hi(a[i], b[i], c[i]);
    uchar4 x = *(const uchar4 *)&a[i], y = *(const uchar4 *)&b[i];
    out[4 * i + 3] = __dp4a(x, y, c[i]);
  } else {
    out[4 * i] = __dp4a(a[i], b[i], c[i]);
    out[4 * i + 1] = __dp2a_lo(a[i], b[i], c[i]);
    out[4 * i + 2] = __dp2a_hi(a[i], b[i], c[i]);
    short2 x = *(const short2 *)&a[i];
    char4 y = *(const char4 *)&b[i];
    out[4 * i + 3] = __dp2a_hi(x, y, c[i]);
  }
}

static uint32_t word(int i, int k) { // a spread of bit patterns
  uint32_t x = (uint32_t)(i * 2654435761u + k * 40503u + 12345u);
  return x ^ (x >> 13) ^ (i & 1 ? 0x80808080u : 0u);
}

template <typename T> static int check(const char *what) {
  T a[N], b[N], c[N], out[4 * N];
  for (int i = 0; i < N; i++) {
    a[i] = (T)word(i, 1);
    b[i] = (T)word(i, 2);
    c[i] = i % 3 == 0 ? (T)0x7ffffff0 : (T)word(i, 3); // wraps
  }
  T *d;
  cudaMalloc(&d, 7 * N * sizeof(T));
  cudaMemcpy(d, a, sizeof a, cudaMemcpyHostToDevice);
  cudaMemcpy(d + N, b, sizeof b, cudaMemcpyHostToDevice);
  cudaMemcpy(d + 2 * N, c, sizeof c, cudaMemcpyHostToDevice);
  dots<T><<<1, N>>>(d, d + N, d + 2 * N, d + 3 * N);
  cudaMemcpy(out, d + 3 * N, sizeof out, cudaMemcpyDeviceToHost);
  cudaFree(d);
  int bad = 0;
  for (int i = 0; i < N; i++) {
    uint32_t ua = (uint32_t)a[i], ub = (uint32_t)b[i], w[4];
    int64_t s4 = 0, lo = 0, hi = 0;
    for (int k = 0; k < 4; k++) {
      int64_t x = std::is_same_v<T, unsigned> ? (int64_t)((ua >> 8 * k) & 255)
                                              : (int64_t)(int8_t)(ua >> 8 * k);
      int64_t y = std::is_same_v<T, unsigned> ? (int64_t)((ub >> 8 * k) & 255)
                                              : (int64_t)(int8_t)(ub >> 8 * k);
      s4 += x * y;
    }
    for (int k = 0; k < 2; k++) {
      int64_t h = std::is_same_v<T, unsigned> ? (int64_t)((ua >> 16 * k) & 65535)
                                              : (int64_t)(int16_t)(ua >> 16 * k);
      int64_t bl = std::is_same_v<T, unsigned> ? (int64_t)((ub >> 8 * k) & 255)
                                               : (int64_t)(int8_t)(ub >> 8 * k);
      int64_t bh = std::is_same_v<T, unsigned>
                       ? (int64_t)((ub >> (8 * k + 16)) & 255)
                       : (int64_t)(int8_t)(ub >> (8 * k + 16));
      lo += h * bl;
      hi += h * bh;
    }
    uint32_t cc = (uint32_t)c[i];
    w[0] = cc + (uint32_t)s4;
    w[1] = cc + (uint32_t)lo;
    w[2] = cc + (uint32_t)hi;
    w[3] = std::is_same_v<T, unsigned> ? w[0] : w[2];
    for (int k = 0; k < 4; k++)
      if ((uint32_t)out[4 * i + k] != w[k]) {
        printf("%s %d.%d: %08x, expected %08x\n", what, i, k,
               (unsigned)out[4 * i + k], (unsigned)w[k]);
        bad = 1;
      }
  }
  return bad;
}

int main() {
  int bad = check<int>("int") | check<unsigned>("unsigned");
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
