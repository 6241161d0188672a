// CUB's utilities as programs built from CUB's examples use them (HeCBench
// rle, topk): CachingDeviceAllocator for every device buffer, each call
// checked with CubDebugExit, `using namespace cub`, CUB_STDERR; in device
// code cub::Traits' UnsignedBits, TwiddleIn and TwiddleOut (a radix
// selection's key bits: they must sort as the values do) and Max/Lowest.
#define CUB_STDERR
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <cub/cub.cuh>

using namespace cub;

CachingDeviceAllocator g_allocator(true);

template <class T>
__global__ void twiddle(const T *in, typename cub::Traits<T>::UnsignedBits *bits,
                        T *back, T *limits, int n) {
  using Bits = typename cub::Traits<T>::UnsignedBits;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    T key = in[i];
    Bits b = reinterpret_cast<Bits &>(key);
    Bits t = Traits<T>::TwiddleIn(b);
    bits[i] = t;
    Bits u = Traits<T>::TwiddleOut(t);
    back[i] = reinterpret_cast<T &>(u);
  }
  if (i == 0) {
    limits[0] = Traits<T>::Max();
    limits[1] = Traits<T>::Lowest();
  }
}

template <class T> static int check(const T *h, int n, const char *what) {
  using Bits = typename cub::Traits<T>::UnsignedBits;
  T *d_in, *d_back, *d_lim;
  Bits *d_bits;
  CubDebugExit(g_allocator.DeviceAllocate((void **)&d_in, sizeof(T) * n));
  CubDebugExit(g_allocator.DeviceAllocate((void **)&d_back, sizeof(T) * n));
  CubDebugExit(g_allocator.DeviceAllocate((void **)&d_lim, sizeof(T) * 2));
  CubDebugExit(g_allocator.DeviceAllocate((void **)&d_bits, sizeof(Bits) * n));
  CubDebugExit(cudaMemcpy(d_in, h, sizeof(T) * n, cudaMemcpyHostToDevice));
  twiddle<T><<<(n + 63) / 64, 64>>>(d_in, d_bits, d_back, d_lim, n);
  CubDebugExit(cudaGetLastError());
  T *back = new T[n], lim[2];
  Bits *bits = new Bits[n];
  CubDebugExit(cudaMemcpy(back, d_back, sizeof(T) * n, cudaMemcpyDeviceToHost));
  CubDebugExit(cudaMemcpy(bits, d_bits, sizeof(Bits) * n, cudaMemcpyDeviceToHost));
  CubDebugExit(cudaMemcpy(lim, d_lim, sizeof lim, cudaMemcpyDeviceToHost));
  int bad = memcmp(back, h, sizeof(T) * n) != 0;
  // the twiddled bits order the keys as their values do
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      if ((h[i] < h[j]) != (bits[i] < bits[j]))
        bad = 1;
  bad |= lim[0] != std::numeric_limits<T>::max() ||
         lim[1] != std::numeric_limits<T>::lowest();
  CubDebugExit(g_allocator.DeviceFree(d_in));
  CubDebugExit(g_allocator.DeviceFree(d_back));
  CubDebugExit(g_allocator.DeviceFree(d_lim));
  CubDebugExit(g_allocator.DeviceFree(d_bits));
  delete[] back;
  delete[] bits;
  if (bad)
    printf("FAIL: Traits<%s>\n", what);
  return bad;
}

// A freed block is the next allocation of its bin on the same stream; one
// above the largest bin is not kept.
static int check_allocator() {
  CachingDeviceAllocator a(2, 4, 12, 1 << 20);
  void *p, *q, *r, *big, *big2;
  int bad = 0;
  bad |= CubDebug(a.DeviceAllocate(&p, 100)) != cudaSuccess;
  bad |= CubDebug(a.DeviceAllocate(&q, 100)) != cudaSuccess;
  bad |= p == q;
  bad |= CubDebug(a.DeviceFree(p)) != cudaSuccess;
  bad |= CubDebug(a.DeviceAllocate(&r, 120)) != cudaSuccess; // bin of 128
  bad |= r != p;
  bad |= CubDebug(cudaMemset(r, 7, 120)) != cudaSuccess;
  unsigned char hr[120];
  bad |= CubDebug(cudaMemcpy(hr, r, 120, cudaMemcpyDeviceToHost)) != cudaSuccess;
  bad |= hr[0] != 7 || hr[119] != 7;
  bad |= CubDebug(a.DeviceAllocate(&big, 10000)) != cudaSuccess; // > 2^12
  bad |= CubDebug(a.DeviceFree(big)) != cudaSuccess;
  bad |= CubDebug(a.DeviceAllocate(&big2, 10000)) != cudaSuccess;
  bad |= CubDebug(a.DeviceFree(big2)) != cudaSuccess;
  bad |= CubDebug(a.DeviceFree(q)) != cudaSuccess;
  bad |= CubDebug(a.DeviceFree(r)) != cudaSuccess;
  bad |= CubDebug(a.FreeAllCached()) != cudaSuccess;
  if (bad)
    printf("FAIL: CachingDeviceAllocator\n");
  return bad;
}

int main() {
  float f[] = {0.0f, -0.0f, 1.5f, -1.5f, 3e38f, -3e38f, 1e-30f, -2.25f, 7.0f};
  int i[] = {0, -1, 1, 2147483647, -2147483647 - 1, 42, -42, 1000};
  unsigned u[] = {0u, 1u, 4294967295u, 2147483648u, 77u};
  double d[] = {0.5, -0.5, 1e300, -1e300, 3.0, -7.25};
  // -0.0 == 0.0 but its bits sort below: compare without the pair
  int bad = check(f + 1, 8, "float") | check(i, 8, "int") |
            check(u, 5, "unsigned") | check(d, 6, "double") |
            check_allocator();
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad;
}
