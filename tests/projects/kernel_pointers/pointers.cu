// Kernels launched through function pointers: a variable set in a switch
// and compared with kernels (cuda-samples' transpose), a table, a struct
// member through a typedef, a function returning the typedef, a parameter,
// a host template deducing the pointer's type, a typedef of the function
// type and an alias, a kernel template specialization, and the pointer
// passed to the kernel API. Arguments convert to the pointer's parameter
// types as in a direct launch (double -> float, double -> int, int ->
// unsigned char).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void set_to(float *p, float v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = v;
}

__global__ void add_to(float *p, float v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] += v;
}

__global__ void scale_by(float *p, float v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= v;
}

__global__ void shift(float *p, unsigned char bits, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = (float)(((int)p[i]) << bits);
}

template <typename T> __global__ void square(T *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = p[i] * p[i];
}

typedef void (*update_fn)(float *, float, int);
using shift_fn = void (*)(float *, unsigned char, int);
typedef void update_t(float *, float, int);

struct step {
  update_fn fn;
  float value;
};

static void (*table[])(float *, float, int) = {set_to, &add_to, scale_by};
static const step program[] = {{set_to, 1.0f}, {add_to, 2.0f}, {scale_by, 4.0f}};

static update_fn pick(int i) { return i == 0 ? set_to : &add_to; }

static void apply(void (*f)(float *, float, int), float *d, int n) {
  f<<<(n + 127) / 128, 128>>>(d, 0.5, n); /* double -> float */
}

template <class K> static void run_twice(K k, float *d, int n) {
  k<<<(n + 127) / 128, 128>>>(d, 1.0f, n);
  (*k)<<<dim3((n + 127) / 128), dim3(128), 0, 0>>>(d, 1.0f, n);
}

static int check(const char *what, float *d, int n, float want) {
  static float h[1000];
  cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++)
    if (h[i] != want) {
      printf("FAIL %s: [%d] = %g, expected %g\n", what, i, h[i], want);
      return 0;
    }
  return 1;
}

int main() {
  const int n = 1000;
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  int ok = 1;

  void (*kernel)(float *, float, int) = NULL;
  float want = 0.0f;
  for (int k = 0; k < 3; k++) {
    switch (k) {
    case 0:
      kernel = &set_to;
      break;
    case 1:
      kernel = add_to;
      break;
    default:
      kernel = &scale_by;
    }
    if (kernel == &set_to)
      want = 3.0f;
    else if (kernel == add_to || kernel == NULL)
      want += 3.0f;
    else
      want *= 3.0f;
    kernel<<<(n + 127) / 128, 128>>>(d, 3, n); /* int -> float */
  }
  ok &= check("switch", d, n, want);          /* 18 */
  ok &= kernel != nullptr && kernel != set_to;

  for (int i = 0; i < 3; i++)
    table[i]<<<(n + 127) / 128, 128>>>(d, 2.0f, n);
  ok &= check("table", d, n, 8.0f);

  for (const step &s : program)
    s.fn<<<(n + 127) / 128, 128>>>(d, s.value, n);
  ok &= check("struct member", d, n, 12.0f);

  pick(0)<<<(n + 127) / 128, 128>>>(d, 5.0f, n);
  update_fn f = pick(1);
  f<<<(n + 127) / 128, 128>>>(d, 1.0f, n);
  ok &= check("returned", d, n, 6.0f);

  apply(add_to, d, n);
  apply(table[2], d, n);
  ok &= check("parameter", d, n, 3.25f);

  run_twice(set_to, d, n);
  ok &= check("template", d, n, 1.0f);
  update_fn twice[] = {add_to, add_to};
  run_twice(twice[0], d, n);
  ok &= check("template from table", d, n, 3.0f);

  update_t *as_type = scale_by;
  as_type<<<(n + 127) / 128, 128>>>(d, 2.0, n); /* double -> float */
  shift_fn sh = shift;
  sh<<<(n + 127) / 128, 128>>>(d, 258, n); /* 258 -> (unsigned char)2 */
  ok &= check("typedefs", d, n, 24.0f);

  void (*sq)(float *, int) = square<float>;
  sq<<<(n + 127) / 128, 128>>>(d, n);
  ok &= check("template kernel", d, n, 576.0f);

  cudaFuncAttributes attr;
  ok &= cudaFuncGetAttributes(&attr, kernel) == cudaSuccess &&
        attr.maxThreadsPerBlock >= 128;
  float half = 0.5f;
  int count = n;
  void *args[] = {&d, &half, &count};
  cudaLaunchKernel((const void *)kernel, dim3((n + 127) / 128), dim3(128),
                   args, 0, 0);
  ok &= check("cudaLaunchKernel", d, n, 288.0f);
  ok &= cudaGetLastError() == cudaSuccess;
  cudaFree(d);
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
