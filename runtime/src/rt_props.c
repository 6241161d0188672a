/*
 * rt_props: cu2clGetDeviceProperties and cu2clDeviceGetAttribute.
 *
 * Every field comes from an OpenCL device query where OpenCL has one
 * (NVIDIA's cl_nv_device_attribute_query and cl_khr_pci_bus_info included);
 * the rest are estimates chosen so that CUDA programs take their ordinary
 * code paths. docs/runtime.md lists which is which. Attributes are answered
 * from the same property record, so the two never disagree.
 */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "rt_device.h"

#include <CL/cl_ext.h>

#define RT_NV_CC_MAJOR 0x4000
#define RT_NV_CC_MINOR 0x4001
#define RT_NV_REGISTERS_PER_BLOCK 0x4002
#define RT_NV_KERNEL_EXEC_TIMEOUT 0x4005
#define RT_NV_INTEGRATED_MEMORY 0x4006
#define RT_NV_PCI_BUS_ID 0x4008
#define RT_NV_PCI_SLOT_ID 0x4009

/* Compute capability reported by devices that do not say theirs. */
#define RT_DEFAULT_CC_MAJOR 8
#define RT_DEFAULT_CC_MINOR 0

static cl_ulong rt_query_ulong(cl_device_id id, cl_device_info what,
                               cl_ulong fallback) {
  cl_ulong v;
  return clGetDeviceInfo(id, what, sizeof v, &v, NULL) == CL_SUCCESS ? v
                                                                     : fallback;
}

static cl_uint rt_query_uint(cl_device_id id, cl_device_info what,
                             cl_uint fallback) {
  cl_uint v;
  return clGetDeviceInfo(id, what, sizeof v, &v, NULL) == CL_SUCCESS ? v
                                                                     : fallback;
}

static int rt_clamp_int(cl_ulong v) {
  return v > INT_MAX ? INT_MAX : (int)v;
}

static void rt_props_nvidia(const rt_device *d, cu2clDeviceProp *p) {
  p->major = (int)rt_query_uint(d->id, RT_NV_CC_MAJOR, RT_DEFAULT_CC_MAJOR);
  p->minor = (int)rt_query_uint(d->id, RT_NV_CC_MINOR, RT_DEFAULT_CC_MINOR);
  p->regsPerBlock = (int)rt_query_uint(d->id, RT_NV_REGISTERS_PER_BLOCK, 65536);
  p->kernelExecTimeoutEnabled =
      (int)rt_query_uint(d->id, RT_NV_KERNEL_EXEC_TIMEOUT, 0);
  p->integrated = (int)rt_query_uint(d->id, RT_NV_INTEGRATED_MEMORY, 0);
  p->pciBusID = (int)rt_query_uint(d->id, RT_NV_PCI_BUS_ID, 0);
  p->pciDeviceID = (int)rt_query_uint(d->id, RT_NV_PCI_SLOT_ID, 0) >> 3;
}

static void rt_props_pci(const rt_device *d, cu2clDeviceProp *p) {
  cl_device_pci_bus_info_khr pci;
  if (clGetDeviceInfo(d->id, CL_DEVICE_PCI_BUS_INFO_KHR, sizeof pci, &pci,
                      NULL) != CL_SUCCESS)
    return;
  p->pciDomainID = (int)pci.pci_domain;
  p->pciBusID = (int)pci.pci_bus;
  p->pciDeviceID = (int)pci.pci_device;
}

/* Fields OpenCL answers directly. */
static void rt_props_queried(const rt_device *d, cu2clDeviceProp *p) {
  snprintf(p->name, sizeof p->name, "%s", d->name);
  p->totalGlobalMem = d->global_mem_size;
  p->sharedMemPerBlock = d->local_mem_size;
  p->sharedMemPerBlockOptin = d->local_mem_size;
  p->sharedMemPerMultiprocessor = d->local_mem_size;
  p->memPitch = rt_query_ulong(d->id, CL_DEVICE_MAX_MEM_ALLOC_SIZE, 0);
  p->maxThreadsPerBlock = rt_clamp_int(d->max_wg_size);
  for (int i = 0; i < 3; i++)
    p->maxThreadsDim[i] = rt_clamp_int(d->max_item_sizes[i]);
  p->clockRate =
      (int)rt_query_uint(d->id, CL_DEVICE_MAX_CLOCK_FREQUENCY, 0) * 1000;
  p->totalConstMem =
      rt_query_ulong(d->id, CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, 65536);
  p->multiProcessorCount =
      (int)rt_query_uint(d->id, CL_DEVICE_MAX_COMPUTE_UNITS, 1);
  p->ECCEnabled =
      (int)rt_query_uint(d->id, CL_DEVICE_ERROR_CORRECTION_SUPPORT, 0);
  p->l2CacheSize =
      rt_clamp_int(rt_query_ulong(d->id, CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, 0));
  p->integrated = (d->type & CL_DEVICE_TYPE_GPU) == 0 ||
                  rt_query_uint(d->id, CL_DEVICE_HOST_UNIFIED_MEMORY, 0);
  int has_svm = (d->svm & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER) != 0;
  p->unifiedAddressing = has_svm;
  p->managedMemory = has_svm;
  p->canMapHostMemory = has_svm;
  p->concurrentManagedAccess = (d->svm & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) != 0;
  p->directManagedMemAccessFromHost = p->concurrentManagedAccess;
  p->hostNativeAtomicSupported = (d->svm & CL_DEVICE_SVM_ATOMICS) != 0;
  /* A CPU device's compute unit is a thread that runs one work-group at a
   * time (PoCL), so that is what stays resident: the occupancy estimate
   * and cooperative launches count one block per compute unit. */
  if (d->type & CL_DEVICE_TYPE_CPU)
    p->maxBlocksPerMultiProcessor = 1;
  /* cu2clrt keeps a cooperative grid resident by that estimate (rt_func.c) */
  p->cooperativeLaunch = 1;
}

/* Estimates: CUDA concepts OpenCL does not expose. */
static void rt_props_estimated(cu2clDeviceProp *p) {
  p->regsPerBlock = 65536;
  p->regsPerMultiprocessor = 65536;
  p->warpSize = 32; /* translated warp code is written for 32 lanes */
  p->maxGridSize[0] = INT_MAX;
  p->maxGridSize[1] = 65535;
  p->maxGridSize[2] = 65535;
  p->major = RT_DEFAULT_CC_MAJOR;
  p->minor = RT_DEFAULT_CC_MINOR;
  p->textureAlignment = 512;
  p->texturePitchAlignment = 32;
  p->surfaceAlignment = 512;
  p->deviceOverlap = 1;
  p->asyncEngineCount = 1;
  p->concurrentKernels = 1;
  p->computeMode = cu2clComputeModeDefault;
  p->maxThreadsPerMultiProcessor = 2048;
  p->maxBlocksPerMultiProcessor = 32;
  p->globalL1CacheSupported = 1;
  p->localL1CacheSupported = 1;
  p->singleToDoublePrecisionPerfRatio = 2;
  p->computePreemptionSupported = 1;
}

void rt_props_fill(const rt_device *d, cu2clDeviceProp *p) {
  memset(p, 0, sizeof *p);
  rt_props_estimated(p);
  rt_props_queried(d, p);
  if (p->maxThreadsPerMultiProcessor < p->maxThreadsPerBlock)
    p->maxThreadsPerMultiProcessor = p->maxThreadsPerBlock;
  rt_props_pci(d, p);
  if (rt_device_has_extension(d, "cl_nv_device_attribute_query"))
    rt_props_nvidia(d, p);
}

cu2clError_t cu2clGetDeviceProperties(cu2clDeviceProp *prop, int device) {
  RT_CHECK(prop != NULL, cu2clErrorInvalidValue);
  rt_device *d;
  RT_TRY(rt_device_get(device, &d));
  rt_props_fill(d, prop);
  return cu2clSuccess;
}

/* Attribute -> property field; size_t fields are clamped to INT_MAX. */
typedef struct rt_attr_field {
  cu2clDeviceAttr attr;
  size_t offset;
  int is_size_t;
} rt_attr_field;

#define RT_INT_ATTR(a, f)                                                      \
  { a, offsetof(cu2clDeviceProp, f), 0 }
#define RT_SIZE_ATTR(a, f)                                                     \
  { a, offsetof(cu2clDeviceProp, f), 1 }
static const rt_attr_field rt_attr_fields[] = {
    RT_INT_ATTR(cu2clDevAttrMaxThreadsPerBlock, maxThreadsPerBlock),
    RT_INT_ATTR(cu2clDevAttrMaxBlockDimX, maxThreadsDim[0]),
    RT_INT_ATTR(cu2clDevAttrMaxBlockDimY, maxThreadsDim[1]),
    RT_INT_ATTR(cu2clDevAttrMaxBlockDimZ, maxThreadsDim[2]),
    RT_INT_ATTR(cu2clDevAttrMaxGridDimX, maxGridSize[0]),
    RT_INT_ATTR(cu2clDevAttrMaxGridDimY, maxGridSize[1]),
    RT_INT_ATTR(cu2clDevAttrMaxGridDimZ, maxGridSize[2]),
    RT_SIZE_ATTR(cu2clDevAttrMaxSharedMemoryPerBlock, sharedMemPerBlock),
    RT_SIZE_ATTR(cu2clDevAttrTotalConstantMemory, totalConstMem),
    RT_INT_ATTR(cu2clDevAttrWarpSize, warpSize),
    RT_SIZE_ATTR(cu2clDevAttrMaxPitch, memPitch),
    RT_INT_ATTR(cu2clDevAttrMaxRegistersPerBlock, regsPerBlock),
    RT_INT_ATTR(cu2clDevAttrClockRate, clockRate),
    RT_SIZE_ATTR(cu2clDevAttrTextureAlignment, textureAlignment),
    RT_INT_ATTR(cu2clDevAttrGpuOverlap, deviceOverlap),
    RT_INT_ATTR(cu2clDevAttrMultiProcessorCount, multiProcessorCount),
    RT_INT_ATTR(cu2clDevAttrKernelExecTimeout, kernelExecTimeoutEnabled),
    RT_INT_ATTR(cu2clDevAttrIntegrated, integrated),
    RT_INT_ATTR(cu2clDevAttrCanMapHostMemory, canMapHostMemory),
    RT_INT_ATTR(cu2clDevAttrComputeMode, computeMode),
    RT_INT_ATTR(cu2clDevAttrConcurrentKernels, concurrentKernels),
    RT_INT_ATTR(cu2clDevAttrEccEnabled, ECCEnabled),
    RT_INT_ATTR(cu2clDevAttrPciBusId, pciBusID),
    RT_INT_ATTR(cu2clDevAttrPciDeviceId, pciDeviceID),
    RT_INT_ATTR(cu2clDevAttrMemoryClockRate, memoryClockRate),
    RT_INT_ATTR(cu2clDevAttrGlobalMemoryBusWidth, memoryBusWidth),
    RT_INT_ATTR(cu2clDevAttrL2CacheSize, l2CacheSize),
    RT_INT_ATTR(cu2clDevAttrMaxThreadsPerMultiProcessor,
                maxThreadsPerMultiProcessor),
    RT_INT_ATTR(cu2clDevAttrAsyncEngineCount, asyncEngineCount),
    RT_INT_ATTR(cu2clDevAttrUnifiedAddressing, unifiedAddressing),
    RT_INT_ATTR(cu2clDevAttrPciDomainId, pciDomainID),
    RT_INT_ATTR(cu2clDevAttrComputeCapabilityMajor, major),
    RT_INT_ATTR(cu2clDevAttrComputeCapabilityMinor, minor),
    RT_INT_ATTR(cu2clDevAttrStreamPrioritiesSupported,
                streamPrioritiesSupported),
    RT_INT_ATTR(cu2clDevAttrGlobalL1CacheSupported, globalL1CacheSupported),
    RT_INT_ATTR(cu2clDevAttrLocalL1CacheSupported, localL1CacheSupported),
    RT_SIZE_ATTR(cu2clDevAttrMaxSharedMemoryPerMultiprocessor,
                 sharedMemPerMultiprocessor),
    RT_INT_ATTR(cu2clDevAttrMaxRegistersPerMultiprocessor,
                regsPerMultiprocessor),
    RT_INT_ATTR(cu2clDevAttrManagedMemory, managedMemory),
    RT_INT_ATTR(cu2clDevAttrIsMultiGpuBoard, isMultiGpuBoard),
    RT_INT_ATTR(cu2clDevAttrMultiGpuBoardGroupID, multiGpuBoardGroupID),
    RT_INT_ATTR(cu2clDevAttrHostNativeAtomicSupported,
                hostNativeAtomicSupported),
    RT_INT_ATTR(cu2clDevAttrPageableMemoryAccess, pageableMemoryAccess),
    RT_INT_ATTR(cu2clDevAttrConcurrentManagedAccess, concurrentManagedAccess),
    RT_INT_ATTR(cu2clDevAttrComputePreemptionSupported,
                computePreemptionSupported),
    RT_INT_ATTR(cu2clDevAttrCooperativeLaunch, cooperativeLaunch),
    RT_SIZE_ATTR(cu2clDevAttrMaxSharedMemoryPerBlockOptin,
                 sharedMemPerBlockOptin),
    RT_INT_ATTR(cu2clDevAttrMaxBlocksPerMultiprocessor,
                maxBlocksPerMultiProcessor),
    RT_SIZE_ATTR(cu2clDevAttrReservedSharedMemoryPerBlock,
                 reservedSharedMemPerBlock),
};

static int rt_attr_value(const cu2clDeviceProp *p, cu2clDeviceAttr attr,
                         int *value) {
  const char *base = (const char *)p;
  for (size_t i = 0; i < sizeof rt_attr_fields / sizeof *rt_attr_fields; i++) {
    const rt_attr_field *f = &rt_attr_fields[i];
    if (f->attr != attr)
      continue;
    if (f->is_size_t)
      *value = rt_clamp_int(*(const size_t *)(base + f->offset));
    else
      *value = *(const int *)(base + f->offset);
    return 1;
  }
  return 0;
}

cu2clError_t cu2clDeviceGetAttribute(int *value, cu2clDeviceAttr attr,
                                     int device) {
  RT_CHECK(value != NULL, cu2clErrorInvalidValue);
  rt_device *d;
  RT_TRY(rt_device_get(device, &d));
  if (attr == cu2clDevAttrMemoryPoolsSupported) {
    *value = 1; /* cu2clMallocAsync and the pool API (rt_memory.c) */
    return cu2clSuccess;
  }
  cu2clDeviceProp p;
  rt_props_fill(d, &p);
  RT_CHECK(rt_attr_value(&p, attr, value), cu2clErrorInvalidValue);
  return cu2clSuccess;
}
