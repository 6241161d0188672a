// check_rt_cxx: cu2clrt.h as translated C++ host code sees it: dim3
// constructors, vector type layout, typed templates, symbol overloads,
// default arguments, host qualifiers and nvcc's integer min/max next to
// std::min/std::max. Runs on the local OpenCL device. main returns the number
// of failed checks.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <type_traits>
#include <vector>

#include "cu2clrt.h"
#include "cu2clrt_nvcc.h" /* as every translated file includes it */

static int failures = 0;
#define EXPECT(cond)                                                           \
  do {                                                                         \
    if (!(cond)) {                                                             \
      std::fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,    \
                   #cond);                                                     \
      failures++;                                                              \
    }                                                                          \
  } while (0)

static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "float3");
static_assert(alignof(float4) == 16 && alignof(float2) == 8, "float4/2");
static_assert(sizeof(double3) == 24 && alignof(double4) == 16, "double");
static_assert(sizeof(uchar3) == 3 && alignof(uchar4) == 4, "uchar");
static_assert(std::is_same<decltype(min(1, 2u)), unsigned int>::value,
              "mixed min is unsigned, as in nvcc");
static_assert(std::is_same<decltype(max(1LL, 2LL)), long long>::value, "max");

__host__ __device__ __forceinline__ int twice(int v) {
  return 2 * v;
}
/* cu2cl writes CUDA's __noinline__ out in translated code (a macro would
 * break libstdc++'s __attribute__((__noinline__))). */
__attribute__((noinline)) int thrice(int v) {
  return 3 * v;
}

static const int table_init[3] = {5, 6, 7};
static cu2clSymbol table = {"table", sizeof table_init, table_init, nullptr};

/* A kernel used as a value, as the translator writes it: the reference's
 * launchv unpacks CUDA's args into the typed stub. */
static const char fill_cl[] =
    "__kernel void fill(__global int *p, int v) { p[get_global_id(0)] = v; }";
static cu2clProgram fill_program = {"check_rt_cxx.cl", fill_cl, nullptr,
                                    nullptr};
static cu2clError_t fill_launchv(dim3 grid, dim3 block, size_t shmem,
                                 cu2clStream_t stream, void **args);
static cu2clKernelRef cu2cl_kernel_fill = {&fill_program, "fill", nullptr,
                                           fill_launchv};
static cu2clError_t fill_launchv(dim3 grid, dim3 block, size_t shmem,
                                 cu2clStream_t stream, void **args) {
  int *p = *(int **)args[0];
  int v = *(int *)args[1];
  cu2clArg a[] = {{CU2CL_ARG_DEVPTR, sizeof p, &p},
                  {CU2CL_ARG_VALUE, sizeof v, &v}};
  return cu2clLaunchKernel(&cu2cl_kernel_fill, grid, block, shmem, stream, a,
                           2);
}

static void check_dim3() {
  dim3 a;
  EXPECT(a.x == 1 && a.y == 1 && a.z == 1);
  dim3 b(8, 2);
  EXPECT(b.x == 8 && b.y == 2 && b.z == 1);
  uint3 u = b;
  dim3 c = u;
  EXPECT(c.x == 8 && c.y == 2 && c.z == 1);
  dim3 d = 256; // CUDA code writes <<<n, 256>>>
  EXPECT(d.x == 256 && d.y == 1);
  float4 f = make_float4(1, 2, 3, 4);
  EXPECT(f.w == 4.0f);
}

static void check_minmax() {
  using namespace std;
  EXPECT(min(3, 4) == 3);
  EXPECT(max(-1, 2u) == 4294967295u); // int converts to unsigned, like nvcc
  EXPECT(min(5ull, 7ull) == 5ull);
  EXPECT(max(2.5f, 1.0f) == 2.5f);
  EXPECT(std::min<long>(3L, 9L) == 3L);
  std::vector<int> v{4, 1, 3};
  EXPECT(*std::min_element(v.begin(), v.end()) == 1);
  EXPECT(twice(thrice(1)) == 6);
}

/* CUDA's math functions that nvcc also gives host code (cu2clrt_nvcc.h),
 * against values of the functions' definitions (nvcc's host versions
 * agree with these to an ulp or two). */
static bool near(double got, double want, double rel) {
  return std::fabs(got - want) <= rel * std::fabs(want);
}
static void check_host_math() {
  EXPECT(rsqrtf(4.0f) == 0.5f && rsqrt(0.25) == 2.0);
  EXPECT(rsqrtf(0.999f) == 1.00050032f); /* rounded once from double */
  EXPECT(rcbrtf(8.0f) == 0.5f && rcbrt(-27.0) == -1.0 / 3.0);
  EXPECT(sinpi(1.0) == 0.0 && !std::signbit(sinpi(2.0)) &&
         std::signbit(sinpi(-1.0)));
  EXPECT(sinpi(0.5) == 1.0 && sinpi(-2.5) == -1.0 && sinpif(1.5f) == -1.0f);
  EXPECT(cospi(0.5) == 0.0 && cospi(1.0) == -1.0 && cospif(2.0f) == 1.0f);
  EXPECT(near(sinpi(0.25), 0.70710678118654752, 2e-16));
  EXPECT(near(sinpi(1e6 + 0.25), 0.70710678118654752, 2e-16)); /* exact
                                                                   reduction */
  float s, c;
  sincospif(1.0f / 6.0f, &s, &c);
  EXPECT(near(s, 0.5, 1e-7) && near(c, 0.86602540378443865, 1e-7));
  EXPECT(normcdf(0.0) == 0.5 && near(normcdf(-1.0), 0.15865525393145705, 1e-15));
  EXPECT(near(normcdff(1.5f), 0.93319279873114191, 1e-7));
  EXPECT(near(erfinv(0.5), 0.47693627620446987, 1e-15));
  EXPECT(near(std::erf(erfinv(-0.999999)), -0.999999, 1e-15));
  EXPECT(erfinv(1.0) == HUGE_VAL && std::isnan(erfinv(1.5)) &&
         erfinvf(0.0f) == 0.0f);
  EXPECT(near(erfcinv(1e-300), 26.209469960516124, 1e-14)); /* the tail */
  EXPECT(near(erfcinvf(0.5f), 0.47693627620446987, 1e-7));
  EXPECT(near(normcdfinv(0.975), 1.959963984540054, 1e-15));
  EXPECT(near(normcdfinvf(0.025f), -1.959963984540054, 1e-6));
  EXPECT(near(erfcx(1.0), 0.42758357615580700, 1e-15));
  EXPECT(near(erfcx(30.0), 0.018795888861416751, 1e-15)); /* the series */
  EXPECT(near(erfcxf(-1.0f), 5.0089800807622834, 1e-7));
}

static void check_api() {
  float *d = nullptr;
  EXPECT(cu2clMalloc(&d, 16 * sizeof(float)) == cu2clSuccess);
  float host[16];
  for (int i = 0; i < 16; i++)
    host[i] = float(i);
  EXPECT(cu2clMemcpy(d, host, sizeof host, cu2clMemcpyHostToDevice) ==
         cu2clSuccess);
  EXPECT(cu2clMemcpyAsync(host, d, sizeof host, cu2clMemcpyDeviceToHost) ==
         cu2clSuccess); // default stream argument
  EXPECT(host[15] == 15.0f);
  int *m = nullptr;
  EXPECT(cu2clMallocManaged(&m, 4 * sizeof(int)) == cu2clSuccess);
  m[0] = 1;
  EXPECT(cu2clFree(m) == cu2clSuccess);
  double *pinned = nullptr;
  EXPECT(cu2clMallocHost(&pinned, 8 * sizeof(double)) == cu2clSuccess);
  EXPECT(cu2clFreeHost(pinned) == cu2clSuccess);
  cu2clEvent_t e;
  EXPECT(cu2clEventCreate(&e, cu2clEventDisableTiming) == cu2clSuccess);
  EXPECT(cu2clEventRecord(e) == cu2clSuccess);
  EXPECT(cu2clEventSynchronize(e) == cu2clSuccess);
  EXPECT(cu2clEventDestroy(e) == cu2clSuccess);
  // Symbols passed as objects, defaults for offset and kind.
  int back[3] = {0, 0, 0};
  EXPECT(cu2clMemcpyFromSymbol(back, table, sizeof back) == cu2clSuccess);
  EXPECT(back[2] == 7);
  int nine = 9;
  EXPECT(cu2clMemcpyToSymbol(table, &nine, sizeof nine, sizeof(int)) ==
         cu2clSuccess);
  int *addr = nullptr;
  EXPECT(cu2clGetSymbolAddress(&addr, table) == cu2clSuccess);
  EXPECT(cu2clMemcpy(back, addr, sizeof back, cu2clMemcpyDeviceToHost) ==
         cu2clSuccess);
  EXPECT(back[0] == 5 && back[1] == 9 && back[2] == 7);
  EXPECT(cu2clFree(d) == cu2clSuccess);
  // Kernels used as values: CUDA's C++ default arguments.
  int *out = nullptr, v = 42, got[64] = {0};
  EXPECT(cu2clMalloc(&out, sizeof got) == cu2clSuccess);
  void *args[] = {&out, &v};
  EXPECT(cu2clLaunchKernelFunc((const void *)&cu2cl_kernel_fill, dim3(2),
                               dim3(32), args) == cu2clSuccess);
  EXPECT(cu2clMemcpy(got, out, sizeof got, cu2clMemcpyDeviceToHost) ==
         cu2clSuccess);
  EXPECT(got[0] == 42 && got[63] == 42);
  int grid = 0, block = 0;
  EXPECT(cu2clOccupancyMaxPotentialBlockSize(
             &grid, &block, (const void *)&cu2cl_kernel_fill) == cu2clSuccess);
  EXPECT(block > 0 && block % 32 == 0 && grid > 0);
  EXPECT(cu2clOccupancyMaxPotentialBlockSizeWithFlags(
             &grid, &block, (const void *)&cu2cl_kernel_fill, 0, 64) ==
         cu2clSuccess);
  EXPECT(block == 64);
  struct cu2clFuncAttributes fa;
  EXPECT(cu2clFuncGetAttributes(&fa, (const void *)&cu2cl_kernel_fill) ==
         cu2clSuccess);
  EXPECT(fa.maxThreadsPerBlock >= block);
  EXPECT(cu2clFree(out) == cu2clSuccess);
  EXPECT(cu2clGetLastError() == cu2clSuccess);
}

/* A kernel held in a function pointer, as the translator writes it: the
 * typed stub (here only its type matters) gives cu2clKernelOf the
 * parameter types, and cu2clLaunchPtr converts the arguments to them. */
static cu2clError_t fill_stub(dim3 grid, dim3 block, size_t shmem,
                              cu2clStream_t stream, int *p, int v) {
  void *args[] = {&p, &v};
  return fill_launchv(grid, block, shmem, stream, args);
}
typedef cu2clKernelPtr<void(int *, int)> fill_ptr;
static_assert(
    std::is_same<decltype(cu2clKernelOf(&cu2cl_kernel_fill, fill_stub)),
                 fill_ptr>::value,
    "a kernel value is typed by its stub's parameters");

static void check_kernel_ptr() {
  fill_ptr none, also_none = nullptr;
  EXPECT(none == nullptr && !also_none && none == also_none);
  EXPECT(cu2clLaunchPtr(none, 1, 32, 0, 0, (int *)nullptr, 1) ==
         cu2clErrorInvalidDeviceFunction);
  cu2clGetLastError();
  fill_ptr table[] = {cu2clKernelOf(&cu2cl_kernel_fill, fill_stub), nullptr};
  fill_ptr k = table[0];
  EXPECT(k == cu2clKernelOf(&cu2cl_kernel_fill, fill_stub) && k != table[1]);
  EXPECT((const void *)k == &cu2cl_kernel_fill && (void *)k != nullptr);
  int *out = nullptr, got[64] = {0};
  EXPECT(cu2clMalloc(&out, sizeof got) == cu2clSuccess);
  EXPECT(cu2clLaunchPtr(k, 2, dim3(32), 0, 0, out, 7.9) == cu2clSuccess);
  EXPECT(cu2clMemcpy(got, out, sizeof got, cu2clMemcpyDeviceToHost) ==
         cu2clSuccess);
  EXPECT(got[0] == 7 && got[63] == 7); /* 7.9 converted as a launch does */
  EXPECT(cu2clLaunchPtr(*k, 1, 64, 0, 0, out, 'A') == cu2clSuccess);
  EXPECT(cu2clMemcpy(got, out, sizeof got, cu2clMemcpyDeviceToHost) ==
         cu2clSuccess);
  EXPECT(got[0] == 'A' && got[63] == 'A');
  struct cu2clFuncAttributes fa;
  EXPECT(cu2clFuncGetAttributes(&fa, k) == cu2clSuccess);
  EXPECT(cu2clFree(out) == cu2clSuccess);
}

int main() {
  check_host_math();
  check_dim3();
  check_minmax();
  check_api();
  check_kernel_ptr();
  if (failures)
    std::fprintf(stderr, "check_rt_cxx: %d check(s) failed\n", failures);
  return failures;
}
