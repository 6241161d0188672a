// Device code in the shapes real programs use (HeCBench radixsort, aes,
// histogram, expdist, mandelbrot, convolution1D, bincount), each kernel
// checked against the same computation on the host: vectors read and
// written through reinterpreted pointers in every address space, unions of
// a vector and an array, arrays by reference and pointers to rows of 2D
// __shared__ arrays, arrays of vectors, brace-initialized struct arguments,
// 32-bit wrapping __shared__ indices, a __constant__ variable template, a
// grid-stride loop written in a macro and structs with anonymous unions and
// structs (HeCBench d3q19-bgk's walls), passed by value and through
// pointers, read in a method and written in every address space.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define N 64

static int failures = 0;
static void expect(bool ok, const char *what) {
  if (!ok) {
    printf("FAIL: %s\n", what);
    failures++;
  }
}

// ---- vectors through reinterpreted pointers ----------------------------
__global__ void vec_global(unsigned *keys, float *a, const double *d,
                           float *out) {
  int i = threadIdx.x;
  uint4 v = reinterpret_cast<uint4 *>(keys)[i];
  v.x += 1;
  reinterpret_cast<uint4 *>(keys)[i] = v;
  float4 f = *(float4 *)&a[4 * i];
  float2 w = *(const float2 *)&d[i];
  float4 g = reinterpret_cast<const float4 *>(a + 4)[i];
  out[i] = f.x + f.w + w.x + w.y + g.y;
}

__global__ void vec_spaces(const float *a, float *out) {
  __shared__ float s[4 * N];
  for (int j = 0; j < 4; j++)
    s[4 * threadIdx.x + j] = a[4 * threadIdx.x + j];
  __syncthreads();
  float priv[8];
  for (int j = 0; j < 8; j++)
    priv[j] = (float)(j * threadIdx.x);
  float4 v = reinterpret_cast<float4 *>(s)[(threadIdx.x + 1) % N];
  float4 u = reinterpret_cast<float4 *>(priv)[1];
  union {
    float4 vec;
    float arr[4];
  } un;
  un.vec = v;
  un.arr[3] += u.w;
  uint4 z;
  z.x = 1;
  z.y = 2;
  z.z = 3;
  z.w = 4;
  out[threadIdx.x] = un.vec.x + un.arr[3] + (float)(z.x + z.w);
}

// ---- shared arrays by reference, rows, arrays of vectors ---------------
__device__ void load_tile(float (&tile)[8][9], const float *a) {
  tile[threadIdx.x / 8][threadIdx.x % 8] = a[threadIdx.x];
}

__device__ float row_sum(float (*rows)[N], int r) {
  float t = 0;
  for (int j = 0; j < N; j++)
    t += rows[r][j];
  return t;
}

__device__ void fill_row(float (&row)[N], const float *a, float add) {
  row[threadIdx.x] = a[threadIdx.x] + add;
}

__device__ float staged(const float *a) {
  __shared__ float stage[2][N]; // hoisted: a pointer to rows of N
  __shared__ float flat[N];     // hoisted: a pointer to its elements
  fill_row(stage[0], a, 0);
  fill_row(flat, a, 1);
  stage[1][threadIdx.x] = flat[threadIdx.x];
  __syncthreads();
  return stage[0][(threadIdx.x + 2) % N] + stage[1][threadIdx.x | 1];
}

__device__ void decode(uchar4 p, unsigned (&bins)[3]) {
  bins[0] = p.x;
  bins[1] = p.y;
  bins[2] = p.z + p.w;
}

__global__ void arrays(const float *a, const uchar4 *px, float *out) {
  __shared__ float tile[8][9];
  __shared__ float sm[2][N];
  __shared__ uchar4 lut[2][N];
  load_tile(tile, a);
  float (*rows)[N] = sm;
  rows[0][threadIdx.x] = a[threadIdx.x] * 2;
  rows[1][threadIdx.x] = a[threadIdx.x] * 3;
  lut[1][threadIdx.x] = px[threadIdx.x];
  __syncthreads();
  uchar4 mine[2];
  mine[0] = lut[1][(threadIdx.x + 1) % N];
  mine[1] = px[threadIdx.x];
  unsigned bins[3];
  decode(mine[0], bins);
  out[threadIdx.x] = tile[threadIdx.x % 8][threadIdx.x / 8] +
                     row_sum(rows, 1) + row_sum(sm, 0) + staged(a) +
                     (float)(bins[0] + bins[1] + bins[2] + mine[1].w);
}

// ---- brace-initialized struct arguments --------------------------------
struct Point {
  int x, y;
};
__device__ int weigh(Point p, const Point q) { return p.x * 10 + q.y; }

__global__ void braces(int *out, int a) {
  int i = threadIdx.x;
  out[i] = weigh(Point{i, 1}, {a, i + 2});
}

// ---- 32-bit __shared__ addressing ---------------------------------------
__device__ float around(const float *mid, unsigned u) {
  return mid[~u] + *(mid + (u - 1u));
}

__global__ void wrap(const float *in, float *out) {
  __shared__ float buf[2 * N];
  float *mid = buf + N;
  unsigned t = threadIdx.x;
  buf[t] = in[t];
  buf[t + N] = in[t + N];
  __syncthreads();
  unsigned u = t % 8u;
  out[t] = mid[~u] + mid[u - 1u] + around(mid, u);
}

// ---- a __constant__ variable template -----------------------------------
template <typename T> __constant__ T weights[4];

template <typename T> __global__ void scale(const T *in, T *out) {
  int i = threadIdx.x;
  out[i] = in[i] * weights<T>[i % 4];
}

template <typename T> static void check_scale(const char *what) {
  T w[4] = {1, 2, 3, 4}, h[N], r[N];
  for (int i = 0; i < N; i++)
    h[i] = (T)(i + 1);
  T *din, *dout;
  cudaMalloc(&din, sizeof h);
  cudaMalloc(&dout, sizeof r);
  cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemcpyToSymbol(weights<T>, w, sizeof w);
  scale<T><<<1, N>>>(din, dout);
  cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
  bool ok = true;
  for (int i = 0; i < N; i++)
    ok = ok && r[i] == h[i] * w[i % 4];
  expect(ok, what);
  cudaFree(din);
  cudaFree(dout);
}

// ---- a grid-stride loop in a macro; a pointer first null ----------------
#define FOR_KERNEL_LOOP(i, lim)                                      \
  for (long i = blockIdx.x * blockDim.x + threadIdx.x; i < lim; \
       i += gridDim.x * blockDim.x)

__global__ void counts(const int *in, int *out, long n, bool shared) {
  extern __shared__ unsigned char raw[];
  int *acc = nullptr;
  if (shared) {
    acc = reinterpret_cast<int *>(raw);
    acc[threadIdx.x] = 0;
    __syncthreads();
  }
  FOR_KERNEL_LOOP(j, n) {
    out[j] = in[j] * 2;
    if (acc)
      atomicAdd(&acc[threadIdx.x], 1);
  }
  if (acc)
    atomicAdd(&out[n], acc[threadIdx.x]);
}

// ---- anonymous unions and structs (C11 anonymous members) -------------
struct Box {
  char tag;
  union {
    struct {
      int lo, hi;
      double w;
    };
    int el[6];
  };
  __device__ int span() const { return hi - lo; }
};

// gdt's vec_t (HeCBench ssim): a constructor initializes the members of an
// anonymous struct in an anonymous union, read under other names too
struct V3 {
  union {
    struct {
      int x, y, z;
    };
    struct {
      int r, s, t;
    };
  };
  __device__ V3(int a, int b, int c) : x(a), y(b), z(c) {}
};

__global__ void anonymous(Box b, const Box *bs, Box *out) {
  __shared__ Box s[N];
  int t = threadIdx.x;
  Box own = bs[t];
  own.hi += b.el[0];
  s[t] = own;
  s[t].el[5] = (int)b.w;
  __syncthreads();
  Box r = s[(t + 1) % N];
  r.tag = (char)(r.span() & 0x7f);
  out[t] = r;
  const V3 v(t, 2 * t, 3);
  out[t].w = r.w + b.hi + (v.x + v.y + v.z) - (v.r + v.s + v.t);
  out[t].el[4] = v.s - v.x;
}

// ---- host checks ---------------------------------------------------------
template <typename T> static T *upload(const T *h, size_t n) {
  T *d;
  cudaMalloc(&d, n * sizeof(T));
  cudaMemcpy(d, h, n * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}

static void check_vectors() {
  unsigned keys[4 * N];
  float a[4 * N + 4], out[N];
  double d[N];
  for (int i = 0; i < 4 * N; i++)
    keys[i] = (unsigned)i;
  for (int i = 0; i < 4 * N + 4; i++)
    a[i] = (float)i * 0.5f;
  for (int i = 0; i < N; i++)
    d[i] = i * 1.25;
  unsigned *dk = upload(keys, 4 * N);
  float *da = upload(a, 4 * N + 4), *dout;
  double *dd = upload(d, N);
  cudaMalloc(&dout, sizeof out);
  vec_global<<<1, N>>>(dk, da, dd, dout);
  unsigned rk[4 * N];
  cudaMemcpy(rk, dk, sizeof rk, cudaMemcpyDeviceToHost);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  bool ok = true;
  for (int i = 0; i < N; i++) {
    float w[2];
    memcpy(w, &d[i], sizeof w);
    float want = a[4 * i] + a[4 * i + 3] + w[0] + w[1] + a[4 + 4 * i + 1];
    ok = ok && out[i] == want;
    for (int j = 0; j < 4; j++)
      ok = ok && rk[4 * i + j] == keys[4 * i + j] + (j == 0);
  }
  expect(ok, "vectors through reinterpreted global pointers");
  vec_spaces<<<1, N>>>(da, dout);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  ok = true;
  for (int t = 0; t < N; t++) {
    int s = (t + 1) % N;
    float want = a[4 * s] + (a[4 * s + 3] + 7.0f * t) + 5.0f;
    ok = ok && out[t] == want;
  }
  expect(ok, "vectors through __local and private pointers, unions");
  cudaFree(dk);
  cudaFree(da);
  cudaFree(dd);
  cudaFree(dout);
}

static void check_arrays() {
  float a[N], out[N];
  unsigned char px[4 * N];
  for (int i = 0; i < N; i++)
    a[i] = (float)(i % 5);
  for (int i = 0; i < 4 * N; i++)
    px[i] = (unsigned char)(i * 3);
  float *da = upload(a, N), *dout;
  uchar4 *dpx = (uchar4 *)upload(px, 4 * N);
  cudaMalloc(&dout, sizeof out);
  arrays<<<1, N>>>(da, dpx, dout);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  float row[2] = {0, 0};
  for (int j = 0; j < N; j++)
    row[0] += a[j] * 2, row[1] += a[j] * 3;
  bool ok = true;
  for (int t = 0; t < N; t++) {
    int s = (t + 1) % N;
    float st = a[(t + 2) % N] + a[t | 1] + 1;
    unsigned bins = px[4 * s] + px[4 * s + 1] + px[4 * s + 2] + px[4 * s + 3];
    float want = a[(t % 8) * 8 + t / 8] + row[1] + row[0] + st +
                 (float)(bins + px[4 * t + 3]);
    ok = ok && out[t] == want;
  }
  expect(ok, "2D __shared__ arrays by reference and by row, uchar4 arrays");
  int *dio, io[N];
  cudaMalloc(&dio, sizeof io);
  braces<<<1, N>>>(dio, 7);
  cudaMemcpy(io, dio, sizeof io, cudaMemcpyDeviceToHost);
  ok = true;
  for (int i = 0; i < N; i++)
    ok = ok && io[i] == i * 10 + i + 2;
  expect(ok, "brace-initialized struct arguments");
  cudaFree(da);
  cudaFree((void *)dpx);
  cudaFree(dout);
  cudaFree(dio);
}

static void check_wrap() {
  float h[2 * N], r[N];
  for (int i = 0; i < 2 * N; i++)
    h[i] = (float)i;
  float *din = upload(h, 2 * N), *dout;
  cudaMalloc(&dout, sizeof r);
  wrap<<<1, N>>>(din, dout);
  cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
  bool ok = true;
  for (int t = 0; t < N; t++) {
    int u = t % 8;
    ok = ok && r[t] == 2 * (h[N - u - 1] + h[N + u - 1]);
  }
  expect(ok, "32-bit wrapping __shared__ indices");
  cudaFree(din);
  cudaFree(dout);
}

static void check_counts() {
  const long n = 1000;
  int h[n], r[n + 1];
  for (long i = 0; i < n; i++)
    h[i] = (int)i;
  int *din = upload(h, n), *dout;
  cudaMalloc(&dout, sizeof r);
  cudaMemset(dout, 0, sizeof r);
  counts<<<3, 32, 32 * sizeof(int)>>>(din, dout, n, true);
  cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
  bool ok = r[n] == n;
  for (long i = 0; i < n; i++)
    ok = ok && r[i] == 2 * h[i];
  expect(ok, "grid-stride loop in a macro, pointer first null");
  cudaFree(din);
  cudaFree(dout);
}

static void check_anonymous() {
  Box b, h[N], r[N];
  memset(&b, 0, sizeof b);
  memset(h, 0, sizeof h);
  b.lo = 3;
  b.hi = 5;
  b.w = 7.0;
  for (int i = 0; i < N; i++) {
    h[i].lo = i;
    h[i].hi = 2 * i + 1;
    h[i].w = i * 0.25;
  }
  Box *dh = upload(h, N), *dout;
  cudaMalloc(&dout, sizeof r);
  anonymous<<<1, N>>>(b, dh, dout);
  cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
  bool ok = true;
  for (int t = 0; t < N; t++) {
    int s = (t + 1) % N;
    int hi = 2 * s + 1 + 3;
    ok = ok && r[t].lo == s && r[t].hi == hi && r[t].el[5] == 7 &&
         r[t].tag == (char)((hi - s) & 0x7f) && r[t].w == s * 0.25 + 5 &&
         r[t].el[4] == t;
  }
  expect(ok, "anonymous unions and structs");
  cudaFree(dh);
  cudaFree(dout);
}

int main() {
  check_vectors();
  check_arrays();
  check_wrap();
  check_scale<float>("__constant__ variable template (float)");
  check_scale<int>("__constant__ variable template (int)");
  check_counts();
  check_anonymous();
  printf("%s\n", failures ? "FAIL" : "PASS");
  return failures != 0;
}
