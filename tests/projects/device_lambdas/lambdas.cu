// Lambdas in device code: closures built in kernels and device functions,
// passed by value to device function templates, called there; captures by
// copy and by reference, implicit and explicit, this and *this, init
// captures, arrays by copy, mutable lambdas, nested lambdas, generic
// lambdas, lambdas in function templates (one closure per instantiation),
// a pointer into __shared__ memory captured, and a functor with an
// operator() template. Each result is checked against the same C++ run on
// the host.
#include <cstdio>
#include <cuda_runtime.h>

template <typename F> __device__ void apply(float *a, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = f(a[i]);
}

struct Scale {
  float s;
  template <typename T> __device__ T operator()(T x) const { return x * s; }
};

__global__ void simple(float *a, float *b, int n, float s) {
  auto sq = [](float x) { return x * x; };
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    b[i] = sq(a[i]);
  float acc = 0;
  auto add = [&](float v) { acc += v * s; };
  add(1.0f);
  add(2.0f);
  auto mul = [=](float x) { return x * s + acc; };
  apply(a, n, mul);
  auto gen = [s](auto x) { return x + s; };
  if (i < n)
    b[i] += gen(1.0f) + (float)gen(2);
  apply(b, n, Scale{2.0f});
}

struct Acc {
  float bias;
  int scale;
  __host__ __device__ float twice(float x) const { return 2 * x; }
  __host__ __device__ float run(float y) {
    auto f = [=](float x) { return x + bias; };              // this
    auto g = [*this](float x) { return twice(x) * scale; };  // *this
    auto h = [this](float x) { bias += x; return bias; };    // writes
    return f(y) + g(y) + h(1.0f);
  }
};

template <class T> __host__ __device__ T combine(T a, T b) {
  const int N = 4;
  T arr[3] = {a, b, a + b};
  T total = 0;
  int calls = 0;
  auto step = [&, a](T v) mutable {
    total += v * N + arr[1];
    a += 1;
    calls++;
    return a;
  };
  auto copy = [arr, q = a * 2, &r = total](int i) { return arr[i] + q + r; };
  auto first = [](T x) { return x + 1; };
  auto second = [](T x) { return x + 2; }; // same signature as first
  T s = step(1) + step(2);
  auto nested = [&](T x) {
    auto in = [&](T y) { return y * total + x; };
    return in(x);
  };
  return s + copy(2) + first(a) + second(b) + (T)calls + nested(1);
}

__device__ int doubled(const int &x) { return 2 * x; }

__global__ void captures(float *out, double *dout, int n) {
  __shared__ int tile[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i;
  __syncthreads();
  int *tp = tile;
  auto peek = [=](int j) { return tp[j]; };
  auto peek_ref = [&](int j) { return tp[j]; }; // a reference to the pointer
  if (i >= n)
    return;
  Acc acc{0.5f, 3};
  out[i] = acc.run((float)i) + acc.bias;
  out[n + i] = combine(1.0f * i, 2.0f);
  dout[i] = combine((double)i, 3.0);
  const int three = 3; // only read: no capture
  const int five = 5;  // bound to a reference: captured
  auto consts = [=](int j) { return j + three + doubled(five); };
  out[2 * n + i] = peek((threadIdx.x + 1) % blockDim.x) +
                   (float)(peek_ref(threadIdx.x) - i) +
                   (float)(consts(i) - i - 13);
}

int main() {
  const int n = 256;
  float *a, *b, *o;
  double *d;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMalloc(&o, 3 * n * sizeof(float));
  cudaMalloc(&d, n * sizeof(double));
  static float ha[n], hb[n], ho[3 * n];
  static double hd[n];
  for (int i = 0; i < n; i++)
    ha[i] = (float)i;
  cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice);
  simple<<<2, 128>>>(a, b, n, 0.5f);
  captures<<<2, 128>>>(o, d, n);
  cudaMemcpy(ha, a, sizeof ha, cudaMemcpyDeviceToHost);
  cudaMemcpy(hb, b, sizeof hb, cudaMemcpyDeviceToHost);
  cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost);
  cudaMemcpy(hd, d, sizeof hd, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; i++) {
    float x = (float)i;
    float ea = x * 0.5f + 1.5f;
    float eb = (x * x + (1.0f + 0.5f) + (2 + 0.5f)) * 2.0f;
    Acc acc{0.5f, 3};
    float e0 = acc.run(x);
    e0 += acc.bias;
    float e1 = combine(1.0f * i, 2.0f);
    double e2 = combine((double)i, 3.0);
    float e3 = (float)(i / 128 * 128 + (i % 128 + 1) % 128);
    if (ha[i] != ea || hb[i] != eb || ho[i] != e0 || ho[n + i] != e1 ||
        hd[i] != e2 || ho[2 * n + i] != e3) {
      if (!bad++)
        printf("FAIL at %d: %g/%g %g/%g %g/%g %g/%g %g/%g %g/%g\n", i, ha[i],
               ea, hb[i], eb, ho[i], e0, ho[n + i], e1, hd[i], e2,
               ho[2 * n + i], e3);
    }
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
