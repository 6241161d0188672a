// Host code using the Runtime API (cuda_runtime.h part 5) with the usual
// error-checking macros, next to the C++ standard library, and nvcc's host
// min/max (cu2cl_host_compat.h).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <vector>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      fprintf(stderr, "%s:%d: %s (%s)\n", __FILE__, __LINE__,                  \
              cudaGetErrorString(err_), cudaGetErrorName(err_));               \
      exit(EXIT_FAILURE);                                                      \
    }                                                                          \
  } while (0)

static inline void check(cudaError_t e, const char *what) {
  if (e != cudaSuccess)
    std::cerr << what << ": " << cudaGetErrorString(e) << std::endl;
}

__constant__ float c_table[64];
__device__ int d_flag;

__global__ void axpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i] + c_table[i & 63] + d_flag;
}

int main() {
  int count = 0, dev = 0;
  CUDA_CHECK(cudaGetDeviceCount(&count));
  CUDA_CHECK(cudaSetDevice(0));
  CUDA_CHECK(cudaGetDevice(&dev));
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
  std::cout << prop.name << " " << prop.major << "." << prop.minor << " "
            << prop.multiProcessorCount << " " << prop.totalGlobalMem << " "
            << prop.sharedMemPerBlock << " " << prop.warpSize << " "
            << prop.maxThreadsPerBlock << " " << prop.maxGridSize[0] << " "
            << prop.l2CacheSize << std::endl;
  int sms = 0, drv = 0, rt = 0;
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  CUDA_CHECK(cudaDriverGetVersion(&drv));
  CUDA_CHECK(cudaRuntimeGetVersion(&rt));
  CUDA_CHECK(cudaDeviceSetCacheConfig(cudaFuncCachePreferL1));
  CUDA_CHECK(cudaFuncSetCacheConfig(axpy, cudaFuncCachePreferShared));
  cudaFuncAttributes fattr;
  CUDA_CHECK(cudaFuncGetAttributes(&fattr, axpy));
  int blocksPerSm = 0;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSm, axpy,
                                                           256, 0));
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &blocksPerSm, (const void *)axpy, 256, 0));
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      &blocksPerSm, axpy, 256, 0, cudaOccupancyDisableCachingOverride));
  int minGrid = 0, bestBlock = 0;
  CUDA_CHECK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &bestBlock, axpy));
  CUDA_CHECK(cudaOccupancyMaxPotentialBlockSize(&minGrid, &bestBlock, axpy,
                                                1024, 512));
  CUDA_CHECK(cudaOccupancyMaxPotentialBlockSizeWithFlags(
      &minGrid, &bestBlock, axpy, 0, 0, cudaOccupancyDefault));
  size_t smemAvail = 0;
  CUDA_CHECK(cudaOccupancyAvailableDynamicSMemPerBlock(&smemAvail, axpy, 2,
                                                       256));
  CUDA_CHECK(cudaOccupancyAvailableDynamicSMemPerBlock(
      &smemAvail, (const void *)axpy, 2, 256));
  CUDA_CHECK(cudaFuncGetAttributes(&fattr, (const void *)axpy));
  CUDA_CHECK(cudaFuncSetAttribute(
      axpy, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024));
  CUDA_CHECK(cudaFuncSetAttribute((const void *)axpy,
                                  cudaFuncAttributePreferredSharedMemoryCarveout,
                                  cudaSharedmemCarveoutMaxShared));
  std::cout << fattr.maxThreadsPerBlock << " " << fattr.sharedSizeBytes << " "
            << fattr.localSizeBytes << " " << fattr.numRegs << " "
            << fattr.ptxVersion << " " << fattr.maxDynamicSharedSizeBytes
            << std::endl;

  const int n = 1 << 16;
  const size_t bytes = n * sizeof(float);
  std::vector<float> h_x(n, 1.0f), h_y(n, 2.0f);
  float *d_x = nullptr, *d_y = nullptr, *h_pinned = nullptr, *h_mapped;
  float *d_mapped = nullptr, *managed = nullptr;
  CUDA_CHECK(cudaMalloc(&d_x, bytes));
  CUDA_CHECK(cudaMalloc((void **)&d_y, bytes));
  CUDA_CHECK(cudaMallocHost(&h_pinned, bytes));
  CUDA_CHECK(cudaHostAlloc((void **)&h_mapped, bytes, cudaHostAllocMapped));
  CUDA_CHECK(cudaHostGetDevicePointer((void **)&d_mapped, h_mapped, 0));
  CUDA_CHECK(cudaMallocManaged(&managed, bytes));
  CUDA_CHECK(cudaMallocManaged(&managed, bytes, cudaMemAttachGlobal));
  size_t freeMem = 0, totalMem = 0;
  CUDA_CHECK(cudaMemGetInfo(&freeMem, &totalMem));

  CUDA_CHECK(cudaMemcpy(d_x, h_x.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_y, h_y.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_y, 0, bytes));
  float table[64] = {0};
  CUDA_CHECK(cudaMemcpyToSymbol(c_table, table, sizeof(table)));
  CUDA_CHECK(cudaMemcpyToSymbol(c_table, table, sizeof(float), 0,
                                cudaMemcpyHostToDevice));
  int one = 1;
  CUDA_CHECK(cudaMemcpyToSymbol(d_flag, &one, sizeof(int)));
  CUDA_CHECK(cudaMemcpyFromSymbol(table, c_table, sizeof(table)));
  void *flag_addr = nullptr;
  CUDA_CHECK(cudaGetSymbolAddress(&flag_addr, d_flag));

  size_t pitch = 0;
  float *d_2d = nullptr;
  CUDA_CHECK(cudaMallocPitch((void **)&d_2d, &pitch, 64 * sizeof(float), 64));
  CUDA_CHECK(cudaMemcpy2D(d_2d, pitch, h_pinned, 64 * sizeof(float),
                          64 * sizeof(float), 64, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset2D(d_2d, pitch, 0, 64 * sizeof(float), 64));

  cudaStream_t s1, s2;
  CUDA_CHECK(cudaStreamCreate(&s1));
  CUDA_CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t start, stop, marker;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  CUDA_CHECK(cudaEventCreateWithFlags(&marker, cudaEventDisableTiming));
  CUDA_CHECK(cudaEventRecord(start));
  CUDA_CHECK(cudaMemcpyAsync(d_x, h_pinned, bytes, cudaMemcpyHostToDevice, s1));
  CUDA_CHECK(cudaMemsetAsync(d_y, 0, bytes, s1));
  CUDA_CHECK(cudaMemcpy2DAsync(d_2d, pitch, h_pinned, 64 * sizeof(float),
                               64 * sizeof(float), 64, cudaMemcpyHostToDevice,
                               s2));
  CUDA_CHECK(cudaMemcpyToSymbolAsync(c_table, table, sizeof(table), 0,
                                     cudaMemcpyHostToDevice, s1));
  CUDA_CHECK(cudaMemcpyFromSymbolAsync(table, c_table, sizeof(table), 0,
                                       cudaMemcpyDeviceToHost, s1));
  CUDA_CHECK(cudaEventRecord(marker, s1));
  CUDA_CHECK(cudaStreamWaitEvent(s2, marker, 0));
  axpy<<<(n + 255) / 256, 256, 0, s1>>>(2.0f, d_x, d_y, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaPeekAtLastError());
  cudaMemLocation loc;
  loc.type = cudaMemLocationTypeDevice;
  loc.id = dev;
  CUDA_CHECK(cudaMemPrefetchAsync(managed, bytes, loc, 0, s1));
  CUDA_CHECK(cudaEventRecord(stop, s1));
  CUDA_CHECK(cudaEventSynchronize(stop));
  if (cudaEventQuery(stop) == cudaErrorNotReady ||
      cudaStreamQuery(s1) == cudaErrorNotReady)
    puts("pending");
  float ms = 0.0f;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  CUDA_CHECK(cudaStreamSynchronize(s2));

  // Graph capture and replay.
  cudaGraph_t graph;
  cudaGraphExec_t exec;
  CUDA_CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  axpy<<<(n + 255) / 256, 256, 0, s1>>>(1.0f, d_x, d_y, n);
  CUDA_CHECK(cudaStreamEndCapture(s1, &graph));
  CUDA_CHECK(cudaGraphInstantiate(&exec, graph, 0));
  CUDA_CHECK(cudaGraphLaunch(exec, s1));
  CUDA_CHECK(cudaGraphExecDestroy(exec));
  CUDA_CHECK(cudaGraphDestroy(graph));

  CUDA_CHECK(cudaMemcpy(h_y.data(), d_y, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaDeviceSynchronize());

  // Host code: nvcc's min/max, <cmath>, <algorithm>, <chrono>.
  int lo = min(count, 4), hi = max(dev, 0);
  unsigned int um = min(3u, 5u);
  float fm = max(1.0f, ms);
  auto t0 = std::chrono::steady_clock::now();
  float s = std::sqrt(h_y[0]) + sqrtf(h_y[1]) + std::fabs(h_y[2]) +
            std::max(h_y[3], 0.0f) + std::min<float>(h_y[4], 1.0f);
  std::sort(h_y.begin(), h_y.end());
  auto t1 = std::chrono::steady_clock::now();
  double secs = std::chrono::duration<double>(t1 - t0).count();
  printf("%d %d %u %f %f %f %d %d\n", lo, hi, um, fm, s, secs, drv, rt);
  check(cudaSuccess, "done");

  CUDA_CHECK(cudaEventDestroy(start));
  CUDA_CHECK(cudaEventDestroy(stop));
  CUDA_CHECK(cudaEventDestroy(marker));
  CUDA_CHECK(cudaStreamDestroy(s1));
  CUDA_CHECK(cudaStreamDestroy(s2));
  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_y));
  CUDA_CHECK(cudaFree(d_2d));
  CUDA_CHECK(cudaFree(managed));
  CUDA_CHECK(cudaFreeHost(h_pinned));
  CUDA_CHECK(cudaFreeHost(h_mapped));
  CUDA_CHECK(cudaDeviceReset());
  return 0;
}
