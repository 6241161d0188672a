// The other headers user code includes directly (part 7): each must be
// includable on its own, after cuda_runtime.h, and more than once.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cuda_runtime_api.h>
#include <builtin_types.h>
#include <device_functions.h>
#include <device_launch_parameters.h>
#include <driver_types.h>
#include <host_defines.h>
#include <math_constants.h>
#include <vector_functions.h>
#include <vector_types.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdio>

static_assert(CUDA_VERSION >= 13000, "driver API version");
static_assert(CUDART_VERSION >= 13000, "runtime API version");
static_assert(
    cudaSuccess == 0 && cudaErrorInvalidValue == 1 &&
        cudaErrorMemoryAllocation == 2 && cudaErrorInitializationError == 3 &&
        cudaErrorInvalidConfiguration == 9 && cudaErrorInvalidSymbol == 13 &&
        cudaErrorInvalidDevicePointer == 17 &&
        cudaErrorInvalidMemcpyDirection == 21 &&
        cudaErrorInsufficientDriver == 35 &&
        cudaErrorInvalidDeviceFunction == 98 && cudaErrorNoDevice == 100 &&
        cudaErrorInvalidDevice == 101 &&
        cudaErrorNoKernelImageForDevice == 209 &&
        cudaErrorInvalidResourceHandle == 400 && cudaErrorNotReady == 600 &&
        cudaErrorIllegalAddress == 700 &&
        cudaErrorLaunchOutOfResources == 701 && cudaErrorLaunchFailure == 719 &&
        cudaErrorNotSupported == 801 &&
        cudaErrorStreamCaptureUnsupported == 900 && cudaErrorUnknown == 999,
    "CUDA's error codes");
static_assert(cudaMemcpyHostToHost == 0 && cudaMemcpyHostToDevice == 1 &&
                  cudaMemcpyDeviceToHost == 2 &&
                  cudaMemcpyDeviceToDevice == 3 && cudaMemcpyDefault == 4,
              "copy kinds");
static_assert(cudaStreamNonBlocking == 1 && cudaEventDisableTiming == 2 &&
                  cudaHostAllocMapped == 2 && cudaMemAttachGlobal == 1 &&
                  cudaMemAttachHost == 2 && cudaDeviceMapHost == 8,
              "flags");
static_assert(cudaDevAttrMaxThreadsPerBlock == 1 && cudaDevAttrWarpSize == 10 &&
                  cudaDevAttrMultiProcessorCount == 16 &&
                  cudaDevAttrComputeCapabilityMajor == 75 &&
                  cudaDevAttrComputeCapabilityMinor == 76 &&
                  cudaDevAttrMaxSharedMemoryPerBlockOptin == 97,
              "device attributes");
static_assert(cudaFuncCachePreferNone == 0 && cudaFuncCachePreferL1 == 2,
              "cache config");
static_assert(cudaStreamCaptureModeGlobal == 0 &&
                  cudaStreamCaptureModeRelaxed == 2,
              "capture modes");
static_assert(CUDA_SUCCESS == 0 && CUDA_ERROR_INVALID_VALUE == 1 &&
                  CUDA_ERROR_NO_DEVICE == 100 && CUDA_ERROR_UNKNOWN == 999,
              "driver error codes");

__global__ void constants(float *f, double *d) {
  f[threadIdx.x] = CUDART_PI_F + CUDART_INF_F + CUDART_NAN_F +
                   CUDART_SQRT_HALF_F + CUDART_L2E_F + CUDART_LN2_F +
                   CUDART_PIO2_F + CUDART_PIO4_F + CUDART_MAX_NORMAL_F;
  d[threadIdx.x] = CUDART_PI + CUDART_INF + CUDART_NAN + CUDART_SQRT_HALF +
                   CUDART_L2E + CUDART_LN2 + CUDART_PIO2 + CUDART_PIO4 +
                   CUDART_SQRT_TWO;
}

int main() {
  CUdevice dev;
  CUresult r = cuInit(0);
  if (r == CUDA_SUCCESS)
    r = cuDeviceGet(&dev, 0);
  const char *msg = nullptr;
  cuGetErrorString(r, &msg);
  int v = 0;
  cuDriverGetVersion(&v);
  cudaStream_t s = 0;
  cudaEvent_t e = nullptr;
  cudaGraph_t g = nullptr;
  cudaGraphExec_t ge = nullptr;
  enum cudaStreamCaptureMode mode = cudaStreamCaptureModeThreadLocal;
  printf("%d %d %p %p %p %p %d\n", (int)r, v, (void *)s, (void *)e, (void *)g,
         (void *)ge, (int)mode);
  return 0;
}
