// Struct kernel parameters holding pointers in every shape, checked
// against host results: a 2-D array of pointers in a class template (with
// a variadic kernel template from a header applying a functor defined
// below its #include, whose launch stub follows the functor), an accessor
// class template with its pointer in a base, and an array of structs
// holding pointers; variadic device functions with a fold expression.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "apply.cuh"

template <typename... Ts> __device__ float mean(Ts... xs) {
  return (xs + ...) / (float)sizeof...(xs);
}

template <typename T> __device__ T sum_of(T x) { return x; }
template <typename T, typename... R> __device__ T sum_of(T x, R... r) {
  return x + sum_of(r...);
}

// y = a * x + b * y over every tensor of the list, chunk by chunk
struct AxpbyFunctor {
  __device__ void operator()(int chunk, TensorLists<2> &tl, float a, float b,
                             int scale) {
    int t = tl.block_to_tensor[blockIdx.x];
    int c = tl.block_to_chunk[blockIdx.x];
    const float *x = (const float *)tl.addresses[0][t] + c * chunk;
    float *y = (float *)tl.addresses[1][t] + c * chunk;
    int n = (int)tl.sizes[t] - c * chunk;
    for (int i = threadIdx.x; i < n && i < chunk; i += blockDim.x)
      y[i] = sum_of(a * x[i], b * y[i]) * scale + mean(a, b, scale) * 0.0f;
  }
};

template <typename F, typename... A>
void apply(int chunk, const std::vector<float *> &xs,
           const std::vector<float *> &ys, const std::vector<int> &sizes,
           F f, A... args) {
  TensorLists<2> tl = {};
  int blocks = 0;
  for (size_t t = 0; t < xs.size(); t++) {
    tl.addresses[0][t] = xs[t];
    tl.addresses[1][t] = ys[t];
    tl.sizes[t] = sizes[t];
    for (int c = 0; c * chunk < sizes[t]; c++) {
      tl.block_to_tensor[blocks] = (unsigned char)t;
      tl.block_to_chunk[blocks++] = c;
    }
  }
  apply_kernel<<<blocks, 64>>>(chunk, tl, f, args...);
}

// out[i][j] = in[i][j] * w[j] + mean of the three
__global__ void scale_rows(const Accessor<float, 2> in, Accessor<float, 1> w,
                           Accessor<float, 2> out) {
  int i = blockIdx.x, j = threadIdx.x;
  if (i < in.size(0) && j < in.size(1))
    out.at(i, j) = in.at(i, j) * w[j] + mean(in.data()[0], w.data()[0], 1.0f);
}

struct Span {
  float *p;
  int n;
};
struct Spans {
  Span s[3];
  int count;
};

__global__ void gather(Spans spans, float *out) {
  int i = threadIdx.x;
  float v = 0;
  for (int k = 0; k < spans.count; k++)
    if (i < spans.s[k].n)
      v += spans.s[k].p[i];
  out[i] = v;
}

static int check(const char *what, const float *got, const float *want,
                 int n) {
  for (int i = 0; i < n; i++)
    if (got[i] - want[i] > 1e-4f || want[i] - got[i] > 1e-4f) {
      printf("%s: [%d] = %f, expected %f\n", what, i, got[i], want[i]);
      return 1;
    }
  return 0;
}

int main() {
  int bad = 0;
  { // the tensor list
    std::vector<int> sizes = {100, 37, 260};
    std::vector<float *> xs, ys;
    std::vector<std::vector<float>> hx, hy;
    for (int n : sizes) {
      std::vector<float> x(n), y(n);
      for (int i = 0; i < n; i++) {
        x[i] = (float)(rand() % 100);
        y[i] = (float)(rand() % 100);
      }
      float *dx, *dy;
      cudaMalloc(&dx, n * sizeof(float));
      cudaMalloc(&dy, n * sizeof(float));
      cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
      cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice);
      xs.push_back(dx);
      ys.push_back(dy);
      hx.push_back(x);
      hy.push_back(y);
    }
    apply(64, xs, ys, sizes, AxpbyFunctor(), 2.0f, 0.5f, 3);
    for (size_t t = 0; t < sizes.size(); t++) {
      std::vector<float> got(sizes[t]), want(sizes[t]);
      cudaMemcpy(got.data(), ys[t], sizes[t] * sizeof(float),
                 cudaMemcpyDeviceToHost);
      for (int i = 0; i < sizes[t]; i++)
        want[i] = (2.0f * hx[t][i] + 0.5f * hy[t][i]) * 3;
      bad += check("axpby", got.data(), want.data(), sizes[t]);
      cudaFree(xs[t]);
      cudaFree(ys[t]);
    }
  }
  { // the accessors
    const int R = 4, C = 8;
    float hin[R * C], hw[C], want[R * C], got[R * C];
    for (int i = 0; i < R * C; i++)
      hin[i] = (float)i;
    for (int j = 0; j < C; j++)
      hw[j] = 0.5f * j;
    for (int i = 0; i < R * C; i++)
      want[i] = hin[i] * hw[i % C] + (hin[0] + hw[0] + 1.0f) / 3;
    float *din, *dw, *dout;
    cudaMalloc(&din, sizeof hin);
    cudaMalloc(&dw, sizeof hw);
    cudaMalloc(&dout, sizeof hin);
    cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
    cudaMemcpy(dw, hw, sizeof hw, cudaMemcpyHostToDevice);
    int sizes[2] = {R, C}, strides[2] = {C, 1}, wsize = C, wstride = 1;
    Accessor<float, 2> in(din, sizes, strides), out(dout, sizes, strides);
    Accessor<float, 1> w(dw, &wsize, &wstride);
    scale_rows<<<R, C>>>(in, w, out);
    cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost);
    bad += check("accessor", got, want, R * C);
    cudaFree(din);
    cudaFree(dw);
    cudaFree(dout);
  }
  { // the array of spans
    float h[3][16], want[16], got[16];
    Spans spans = {};
    spans.count = 3;
    float *dout;
    cudaMalloc(&dout, sizeof got);
    for (int k = 0; k < 3; k++) {
      for (int i = 0; i < 16; i++)
        h[k][i] = (float)(k * 100 + i);
      cudaMalloc(&spans.s[k].p, sizeof h[k]);
      cudaMemcpy(spans.s[k].p, h[k], sizeof h[k], cudaMemcpyHostToDevice);
      spans.s[k].n = 16 - 4 * k;
    }
    for (int i = 0; i < 16; i++) {
      want[i] = 0;
      for (int k = 0; k < 3; k++)
        if (i < 16 - 4 * k)
          want[i] += h[k][i];
    }
    gather<<<1, 16>>>(spans, dout);
    cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost);
    bad += check("spans", got, want, 16);
    for (int k = 0; k < 3; k++)
      cudaFree(spans.s[k].p);
    cudaFree(dout);
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
