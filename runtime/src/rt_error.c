/*
 * rt_error: last-error bookkeeping, error names and messages, logging.
 *
 * The table below maps each cu2clError_t to the CUDA name user programs
 * print (cu2clGetErrorName) and a readable message (cu2clGetErrorString).
 */
#include "rt_error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Thread_local cu2clError_t tl_last_error = cu2clSuccess;

typedef struct rt_error_info {
  cu2clError_t code;
  const char *name;
  const char *message;
} rt_error_info;

static const rt_error_info rt_errors[] = {
    {cu2clSuccess, "cudaSuccess", "no error"},
    {cu2clErrorInvalidValue, "cudaErrorInvalidValue", "invalid argument"},
    {cu2clErrorMemoryAllocation, "cudaErrorMemoryAllocation", "out of memory"},
    {cu2clErrorInitializationError, "cudaErrorInitializationError",
     "initialization error"},
    {cu2clErrorCudartUnloading, "cudaErrorCudartUnloading",
     "runtime is shutting down"},
    {cu2clErrorInvalidConfiguration, "cudaErrorInvalidConfiguration",
     "invalid launch configuration (grid or block size)"},
    {cu2clErrorInvalidPitchValue, "cudaErrorInvalidPitchValue",
     "invalid pitch argument"},
    {cu2clErrorInvalidSymbol, "cudaErrorInvalidSymbol",
     "invalid device symbol"},
    {cu2clErrorInvalidHostPointer, "cudaErrorInvalidHostPointer",
     "invalid host pointer"},
    {cu2clErrorInvalidDevicePointer, "cudaErrorInvalidDevicePointer",
     "invalid device pointer"},
    {cu2clErrorInvalidTexture, "cudaErrorInvalidTexture",
     "invalid texture reference"},
    {cu2clErrorInvalidMemcpyDirection, "cudaErrorInvalidMemcpyDirection",
     "invalid copy direction for memcpy"},
    {cu2clErrorSynchronizationError, "cudaErrorSynchronizationError",
     "synchronization error"},
    {cu2clErrorNotYetImplemented, "cudaErrorNotYetImplemented",
     "function not yet implemented"},
    {cu2clErrorInsufficientDriver, "cudaErrorInsufficientDriver",
     "the OpenCL driver lacks a feature cu2clrt needs"},
    {cu2clErrorMissingConfiguration, "cudaErrorMissingConfiguration",
     "missing launch configuration"},
    {cu2clErrorPriorLaunchFailure, "cudaErrorPriorLaunchFailure",
     "an earlier launch failed"},
    {cu2clErrorInvalidDeviceFunction, "cudaErrorInvalidDeviceFunction",
     "invalid device function"},
    {cu2clErrorNoDevice, "cudaErrorNoDevice",
     "no OpenCL device matches the selection (CU2CL_DEVICE)"},
    {cu2clErrorInvalidDevice, "cudaErrorInvalidDevice",
     "invalid device ordinal"},
    {cu2clErrorStartupFailure, "cudaErrorStartupFailure",
     "runtime startup failure"},
    {cu2clErrorInvalidKernelImage, "cudaErrorInvalidKernelImage",
     "device kernel image is invalid (OpenCL program build failed)"},
    {cu2clErrorDeviceUninitialized, "cudaErrorDeviceUninitialized",
     "device not initialized"},
    {cu2clErrorMapBufferObjectFailed, "cudaErrorMapBufferObjectFailed",
     "mapping memory for the host failed"},
    {cu2clErrorUnmapBufferObjectFailed, "cudaErrorUnmapBufferObjectFailed",
     "unmapping memory from the host failed"},
    {cu2clErrorNoKernelImageForDevice, "cudaErrorNoKernelImageForDevice",
     "no kernel image is available for the device"},
    {cu2clErrorUnsupportedLimit, "cudaErrorUnsupportedLimit",
     "the limit is not supported"},
    {cu2clErrorPeerAccessUnsupported, "cudaErrorPeerAccessUnsupported",
     "peer access is not supported"},
    {cu2clErrorInvalidPtx, "cudaErrorInvalidPtx", "invalid PTX"},
    {cu2clErrorInvalidSource, "cudaErrorInvalidSource",
     "invalid kernel source"},
    {cu2clErrorFileNotFound, "cudaErrorFileNotFound", "file not found"},
    {cu2clErrorOperatingSystem, "cudaErrorOperatingSystem",
     "operating system call failed"},
    {cu2clErrorInvalidResourceHandle, "cudaErrorInvalidResourceHandle",
     "invalid resource handle"},
    {cu2clErrorIllegalState, "cudaErrorIllegalState",
     "operation not valid in the current state"},
    {cu2clErrorSymbolNotFound, "cudaErrorSymbolNotFound",
     "named symbol not found"},
    {cu2clErrorNotReady, "cudaErrorNotReady", "device not ready"},
    {cu2clErrorIllegalAddress, "cudaErrorIllegalAddress",
     "an illegal memory access was encountered"},
    {cu2clErrorLaunchOutOfResources, "cudaErrorLaunchOutOfResources",
     "too many resources requested for launch"},
    {cu2clErrorLaunchTimeout, "cudaErrorLaunchTimeout",
     "kernel execution timed out"},
    {cu2clErrorPeerAccessAlreadyEnabled, "cudaErrorPeerAccessAlreadyEnabled",
     "peer access is already enabled"},
    {cu2clErrorPeerAccessNotEnabled, "cudaErrorPeerAccessNotEnabled",
     "peer access has not been enabled"},
    {cu2clErrorSetOnActiveProcess, "cudaErrorSetOnActiveProcess",
     "cannot set while the device is active in this process"},
    {cu2clErrorContextIsDestroyed, "cudaErrorContextIsDestroyed",
     "context is destroyed"},
    {cu2clErrorAssert, "cudaErrorAssert", "device-side assert triggered"},
    {cu2clErrorHostMemoryAlreadyRegistered,
     "cudaErrorHostMemoryAlreadyRegistered",
     "host memory is already registered"},
    {cu2clErrorHostMemoryNotRegistered, "cudaErrorHostMemoryNotRegistered",
     "host memory is not registered"},
    {cu2clErrorMisalignedAddress, "cudaErrorMisalignedAddress",
     "misaligned address"},
    {cu2clErrorLaunchFailure, "cudaErrorLaunchFailure",
     "unspecified launch failure"},
    {cu2clErrorCooperativeLaunchTooLarge, "cudaErrorCooperativeLaunchTooLarge",
     "too many blocks in cooperative launch"},
    {cu2clErrorNotPermitted, "cudaErrorNotPermitted",
     "operation not permitted"},
    {cu2clErrorNotSupported, "cudaErrorNotSupported",
     "operation not supported"},
    {cu2clErrorStreamCaptureUnsupported, "cudaErrorStreamCaptureUnsupported",
     "operation not permitted when stream is capturing"},
    {cu2clErrorStreamCaptureInvalidated, "cudaErrorStreamCaptureInvalidated",
     "the capture was invalidated by an earlier error"},
    {cu2clErrorStreamCaptureMerge, "cudaErrorStreamCaptureMerge",
     "the operation would merge two separate captures"},
    {cu2clErrorStreamCaptureUnmatched, "cudaErrorStreamCaptureUnmatched",
     "the capture was not begun in this stream"},
    {cu2clErrorStreamCaptureUnjoined, "cudaErrorStreamCaptureUnjoined",
     "a stream forked from the capture was not joined back"},
    {cu2clErrorStreamCaptureIsolation, "cudaErrorStreamCaptureIsolation",
     "the capture would depend on uncaptured work"},
    {cu2clErrorStreamCaptureImplicit, "cudaErrorStreamCaptureImplicit",
     "the legacy stream would depend on a capturing blocking stream"},
    {cu2clErrorCapturedEvent, "cudaErrorCapturedEvent",
     "the event was last recorded in a capture"},
    {cu2clErrorStreamCaptureWrongThread, "cudaErrorStreamCaptureWrongThread",
     "only the thread that began the capture may end it"},
    {cu2clErrorTimeout, "cudaErrorTimeout", "wait operation timed out"},
    {cu2clErrorGraphExecUpdateFailure, "cudaErrorGraphExecUpdateFailure",
     "the graph update was not performed because it included changes which "
     "violated constraints specific to instantiated graph update"},
    {cu2clErrorUnknown, "cudaErrorUnknown", "unknown error"},
};

static const rt_error_info *rt_error_lookup(cu2clError_t code) {
  for (size_t i = 0; i < sizeof rt_errors / sizeof rt_errors[0]; i++)
    if (rt_errors[i].code == code)
      return &rt_errors[i];
  return NULL;
}

cu2clError_t rt_fail(cu2clError_t err) {
  if (err != cu2clSuccess)
    tl_last_error = err;
  return err;
}

cu2clError_t cu2clGetLastError(void) {
  cu2clError_t err = tl_last_error;
  tl_last_error = cu2clSuccess;
  return err;
}

cu2clError_t cu2clPeekAtLastError(void) {
  return tl_last_error;
}

/* CUDA answers "unrecognized error code" for codes it does not know; the
 * name mirrors that rather than returning NULL to a printf. */
const char *cu2clGetErrorName(cu2clError_t error) {
  const rt_error_info *info = rt_error_lookup(error);
  return info ? info->name : "cudaErrorUnrecognized";
}

const char *cu2clGetErrorString(cu2clError_t error) {
  const rt_error_info *info = rt_error_lookup(error);
  return info ? info->message : "unrecognized error code";
}

int rt_env_tristate(const char *name, int *cache) {
  int on = __atomic_load_n(cache, __ATOMIC_RELAXED);
  if (on == -2) {
    const char *env = getenv(name);
    on = env && *env ? strcmp(env, "0") != 0 : -1;
    __atomic_store_n(cache, on, __ATOMIC_RELAXED);
  }
  return on;
}

int rt_debug_enabled(void) {
  static int level = -2;
  return rt_env_tristate("CU2CL_DEBUG", &level) > 0;
}

static void rt_vlog(const char *kind, const char *fmt, va_list ap) {
  char line[1024];
  vsnprintf(line, sizeof line, fmt, ap);
  fprintf(stderr, "cu2clrt: %s%s\n", kind, line);
}

void rt_log_debug(const char *fmt, ...) {
  if (!rt_debug_enabled())
    return;
  va_list ap;
  va_start(ap, fmt);
  rt_vlog("", fmt, ap);
  va_end(ap);
}

void rt_log_error(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  rt_vlog("error: ", fmt, ap);
  va_end(ap);
}

/* OpenCL status names, for messages. */
#define RT_CL_STATUS(code)                                                     \
  { code, #code }
static const struct {
  cl_int code;
  const char *name;
} rt_cl_statuses[] = {
    RT_CL_STATUS(CL_SUCCESS),
    RT_CL_STATUS(CL_DEVICE_NOT_FOUND),
    RT_CL_STATUS(CL_DEVICE_NOT_AVAILABLE),
    RT_CL_STATUS(CL_COMPILER_NOT_AVAILABLE),
    RT_CL_STATUS(CL_MEM_OBJECT_ALLOCATION_FAILURE),
    RT_CL_STATUS(CL_OUT_OF_RESOURCES),
    RT_CL_STATUS(CL_OUT_OF_HOST_MEMORY),
    RT_CL_STATUS(CL_BUILD_PROGRAM_FAILURE),
    RT_CL_STATUS(CL_INVALID_VALUE),
    RT_CL_STATUS(CL_INVALID_DEVICE),
    RT_CL_STATUS(CL_INVALID_BINARY),
    RT_CL_STATUS(CL_INVALID_BUILD_OPTIONS),
    RT_CL_STATUS(CL_INVALID_PROGRAM_EXECUTABLE),
    RT_CL_STATUS(CL_INVALID_KERNEL_NAME),
    RT_CL_STATUS(CL_INVALID_KERNEL_ARGS),
    RT_CL_STATUS(CL_INVALID_ARG_INDEX),
    RT_CL_STATUS(CL_INVALID_ARG_VALUE),
    RT_CL_STATUS(CL_INVALID_ARG_SIZE),
    RT_CL_STATUS(CL_INVALID_WORK_DIMENSION),
    RT_CL_STATUS(CL_INVALID_WORK_GROUP_SIZE),
    RT_CL_STATUS(CL_INVALID_WORK_ITEM_SIZE),
    RT_CL_STATUS(CL_INVALID_GLOBAL_WORK_SIZE),
    RT_CL_STATUS(CL_INVALID_EVENT),
    RT_CL_STATUS(CL_INVALID_OPERATION),
    RT_CL_STATUS(CL_INVALID_COMMAND_QUEUE),
    RT_CL_STATUS(CL_INVALID_CONTEXT),
    RT_CL_STATUS(CL_PROFILING_INFO_NOT_AVAILABLE),
    RT_CL_STATUS(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST),
};

const char *rt_cl_status_name(cl_int status) {
  for (size_t i = 0; i < sizeof rt_cl_statuses / sizeof *rt_cl_statuses; i++)
    if (rt_cl_statuses[i].code == status)
      return rt_cl_statuses[i].name;
  return "OpenCL error";
}
