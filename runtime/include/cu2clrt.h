/*
 * cu2clrt: the runtime that translated CUDA host code calls instead of the
 * CUDA runtime. It runs on any OpenCL device with shared virtual memory.
 *
 * This is the library's only public header. It compiles as C11 and as C++17:
 * the functions have C linkage; C++ adds what CUDA's headers offer C++ code
 * (default arguments, typed templates such as cu2clMalloc(T **, size_t),
 * overloads taking a cu2clSymbol by reference, dim3 constructors, the host
 * qualifiers and the integer min/max of nvcc).
 *
 * Every function returning cu2clError_t returns cu2clSuccess (0) or an error
 * code numerically equal to CUDA's, and records a failure as the calling
 * thread's last error (cu2clGetLastError). Enumerators and flags have CUDA's
 * values, so translated code that compares or prints them behaves the same.
 *
 * Device pointers are shared-virtual-memory pointers: host code may do
 * arithmetic on them and store them in structs, as CUDA code does.
 * docs/runtime.md describes the environment variables, the memory model, the
 * program cache and the known differences from CUDA.
 */
#ifndef CU2CLRT_H
#define CU2CLRT_H

#include <stddef.h>

#define CU2CLRT_VERSION 100 /* 0.1.0 */
/* The CUDA runtime API level cu2clrt implements (CUDART_VERSION style). */
#define CU2CL_CUDART_VERSION 13000

#ifdef __cplusplus
#define CU2CL_EXTERN_C_BEGIN extern "C" {
#define CU2CL_EXTERN_C_END }
/* Default arguments exist only in C++; C callers pass every argument. */
#define CU2CL_DEFARG(v) = v
#else
#define CU2CL_EXTERN_C_BEGIN
#define CU2CL_EXTERN_C_END
#define CU2CL_DEFARG(v)
#endif

#define CU2CL_API __attribute__((visibility("default")))
#define CU2CL_ALIGN(n) __attribute__((aligned(n)))

/* ---------------------------------------------------------------------------
 * Errors (values of cudaError_t)
 */
typedef enum cu2clError {
  cu2clSuccess = 0,
  cu2clErrorInvalidValue = 1,
  cu2clErrorMemoryAllocation = 2,
  cu2clErrorInitializationError = 3,
  cu2clErrorCudartUnloading = 4,
  cu2clErrorInvalidConfiguration = 9,
  cu2clErrorInvalidPitchValue = 12,
  cu2clErrorInvalidSymbol = 13,
  cu2clErrorInvalidHostPointer = 16,
  cu2clErrorInvalidDevicePointer = 17,
  cu2clErrorInvalidTexture = 18,
  cu2clErrorInvalidMemcpyDirection = 21,
  cu2clErrorSynchronizationError = 25,
  cu2clErrorNotYetImplemented = 31,
  cu2clErrorInsufficientDriver = 35,
  cu2clErrorMissingConfiguration = 52,
  cu2clErrorPriorLaunchFailure = 53,
  cu2clErrorInvalidDeviceFunction = 98,
  cu2clErrorNoDevice = 100,
  cu2clErrorInvalidDevice = 101,
  cu2clErrorStartupFailure = 127,
  cu2clErrorInvalidKernelImage = 200,
  cu2clErrorDeviceUninitialized = 201,
  cu2clErrorMapBufferObjectFailed = 205,
  cu2clErrorUnmapBufferObjectFailed = 206,
  cu2clErrorNoKernelImageForDevice = 209,
  cu2clErrorUnsupportedLimit = 215,
  cu2clErrorPeerAccessUnsupported = 217,
  cu2clErrorInvalidPtx = 218,
  cu2clErrorInvalidSource = 300,
  cu2clErrorFileNotFound = 301,
  cu2clErrorOperatingSystem = 304,
  cu2clErrorInvalidResourceHandle = 400,
  cu2clErrorIllegalState = 401,
  cu2clErrorSymbolNotFound = 500,
  cu2clErrorNotReady = 600,
  cu2clErrorIllegalAddress = 700,
  cu2clErrorLaunchOutOfResources = 701,
  cu2clErrorLaunchTimeout = 702,
  cu2clErrorPeerAccessAlreadyEnabled = 704,
  cu2clErrorPeerAccessNotEnabled = 705,
  cu2clErrorSetOnActiveProcess = 708,
  cu2clErrorContextIsDestroyed = 709,
  cu2clErrorAssert = 710,
  cu2clErrorHostMemoryAlreadyRegistered = 712,
  cu2clErrorHostMemoryNotRegistered = 713,
  cu2clErrorMisalignedAddress = 716,
  cu2clErrorLaunchFailure = 719,
  cu2clErrorCooperativeLaunchTooLarge = 720,
  cu2clErrorNotPermitted = 800,
  cu2clErrorNotSupported = 801,
  cu2clErrorStreamCaptureUnsupported = 900,
  cu2clErrorStreamCaptureInvalidated = 901,
  cu2clErrorStreamCaptureMerge = 902,
  cu2clErrorStreamCaptureUnmatched = 903,
  cu2clErrorStreamCaptureUnjoined = 904,
  cu2clErrorStreamCaptureIsolation = 905,
  cu2clErrorStreamCaptureImplicit = 906,
  cu2clErrorCapturedEvent = 907,
  cu2clErrorStreamCaptureWrongThread = 908,
  cu2clErrorTimeout = 909,
  cu2clErrorGraphExecUpdateFailure = 910,
  cu2clErrorUnknown = 999
} cu2clError_t;

/* ---------------------------------------------------------------------------
 * Enumerations and flags
 */
typedef enum cu2clMemcpyKind {
  cu2clMemcpyHostToHost = 0,
  cu2clMemcpyHostToDevice = 1,
  cu2clMemcpyDeviceToHost = 2,
  cu2clMemcpyDeviceToDevice = 3,
  cu2clMemcpyDefault = 4 /* direction inferred from the pointers */
} cu2clMemcpyKind;

typedef enum cu2clFuncCache {
  cu2clFuncCachePreferNone = 0,
  cu2clFuncCachePreferShared = 1,
  cu2clFuncCachePreferL1 = 2,
  cu2clFuncCachePreferEqual = 3
} cu2clFuncCache;

typedef enum cu2clSharedMemConfig {
  cu2clSharedMemBankSizeDefault = 0,
  cu2clSharedMemBankSizeFourByte = 1,
  cu2clSharedMemBankSizeEightByte = 2
} cu2clSharedMemConfig;

typedef enum cu2clComputeMode {
  cu2clComputeModeDefault = 0,
  cu2clComputeModeExclusive = 1,
  cu2clComputeModeProhibited = 2,
  cu2clComputeModeExclusiveProcess = 3
} cu2clComputeMode;

#define cu2clStreamDefault 0x00
#define cu2clStreamNonBlocking 0x01
#define cu2clEventDefault 0x00
#define cu2clEventBlockingSync 0x01
#define cu2clEventDisableTiming 0x02
#define cu2clEventInterprocess 0x04
#define cu2clHostAllocDefault 0x00
#define cu2clHostAllocPortable 0x01
#define cu2clHostAllocMapped 0x02
#define cu2clHostAllocWriteCombined 0x04
#define cu2clHostRegisterDefault 0x00
#define cu2clHostRegisterPortable 0x01
#define cu2clHostRegisterMapped 0x02
#define cu2clMemAttachGlobal 0x01
#define cu2clMemAttachHost 0x02
#define cu2clMemAttachSingle 0x04
#define cu2clDeviceScheduleAuto 0x00
#define cu2clDeviceScheduleSpin 0x01
#define cu2clDeviceScheduleYield 0x02
#define cu2clDeviceScheduleBlockingSync 0x04
#define cu2clDeviceMapHost 0x08
#define cu2clDeviceLmemResizeToMax 0x10

/* Device attributes for cu2clDeviceGetAttribute (values of cudaDeviceAttr). */
typedef enum cu2clDeviceAttr {
  cu2clDevAttrMaxThreadsPerBlock = 1,
  cu2clDevAttrMaxBlockDimX = 2,
  cu2clDevAttrMaxBlockDimY = 3,
  cu2clDevAttrMaxBlockDimZ = 4,
  cu2clDevAttrMaxGridDimX = 5,
  cu2clDevAttrMaxGridDimY = 6,
  cu2clDevAttrMaxGridDimZ = 7,
  cu2clDevAttrMaxSharedMemoryPerBlock = 8,
  cu2clDevAttrTotalConstantMemory = 9,
  cu2clDevAttrWarpSize = 10,
  cu2clDevAttrMaxPitch = 11,
  cu2clDevAttrMaxRegistersPerBlock = 12,
  cu2clDevAttrClockRate = 13,
  cu2clDevAttrTextureAlignment = 14,
  cu2clDevAttrGpuOverlap = 15,
  cu2clDevAttrMultiProcessorCount = 16,
  cu2clDevAttrKernelExecTimeout = 17,
  cu2clDevAttrIntegrated = 18,
  cu2clDevAttrCanMapHostMemory = 19,
  cu2clDevAttrComputeMode = 20,
  cu2clDevAttrConcurrentKernels = 31,
  cu2clDevAttrEccEnabled = 32,
  cu2clDevAttrPciBusId = 33,
  cu2clDevAttrPciDeviceId = 34,
  cu2clDevAttrMemoryClockRate = 36,
  cu2clDevAttrGlobalMemoryBusWidth = 37,
  cu2clDevAttrL2CacheSize = 38,
  cu2clDevAttrMaxThreadsPerMultiProcessor = 39,
  cu2clDevAttrAsyncEngineCount = 40,
  cu2clDevAttrUnifiedAddressing = 41,
  cu2clDevAttrPciDomainId = 50,
  cu2clDevAttrComputeCapabilityMajor = 75,
  cu2clDevAttrComputeCapabilityMinor = 76,
  cu2clDevAttrStreamPrioritiesSupported = 78,
  cu2clDevAttrGlobalL1CacheSupported = 79,
  cu2clDevAttrLocalL1CacheSupported = 80,
  cu2clDevAttrMaxSharedMemoryPerMultiprocessor = 81,
  cu2clDevAttrMaxRegistersPerMultiprocessor = 82,
  cu2clDevAttrManagedMemory = 83,
  cu2clDevAttrIsMultiGpuBoard = 84,
  cu2clDevAttrMultiGpuBoardGroupID = 85,
  cu2clDevAttrHostNativeAtomicSupported = 86,
  cu2clDevAttrPageableMemoryAccess = 88,
  cu2clDevAttrConcurrentManagedAccess = 89,
  cu2clDevAttrComputePreemptionSupported = 90,
  cu2clDevAttrCooperativeLaunch = 95,
  cu2clDevAttrMaxSharedMemoryPerBlockOptin = 97,
  cu2clDevAttrMaxBlocksPerMultiprocessor = 106,
  cu2clDevAttrReservedSharedMemoryPerBlock = 111,
  cu2clDevAttrMemoryPoolsSupported = 115
} cu2clDeviceAttr;

/* Device properties. Field names and types are CUDA's (cudaDeviceProp); the
 * layout is not. docs/runtime.md says which fields are OpenCL queries and
 * which are estimates. */
typedef struct cu2clDeviceProp {
  char name[256];
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate; /* kHz */
  size_t totalConstMem;
  int major;
  int minor;
  size_t textureAlignment;
  size_t texturePitchAlignment;
  int deviceOverlap;
  int multiProcessorCount;
  int kernelExecTimeoutEnabled;
  int integrated;
  int canMapHostMemory;
  int computeMode;
  size_t surfaceAlignment;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int tccDriver;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryClockRate; /* kHz */
  int memoryBusWidth;  /* bits */
  int l2CacheSize;
  int persistingL2CacheMaxSize;
  int maxThreadsPerMultiProcessor;
  int streamPrioritiesSupported;
  int globalL1CacheSupported;
  int localL1CacheSupported;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int multiGpuBoardGroupID;
  int hostNativeAtomicSupported;
  int singleToDoublePrecisionPerfRatio;
  int pageableMemoryAccess;
  int concurrentManagedAccess;
  int computePreemptionSupported;
  int canUseHostPointerForRegisteredMem;
  int cooperativeLaunch;
  int cooperativeMultiDeviceLaunch;
  size_t sharedMemPerBlockOptin;
  int pageableMemoryAccessUsesHostPageTables;
  int directManagedMemAccessFromHost;
  int maxBlocksPerMultiProcessor;
  int accessPolicyMaxWindowSize;
  size_t reservedSharedMemPerBlock;
} cu2clDeviceProp;

/* ---------------------------------------------------------------------------
 * Handles
 */
typedef struct cu2clStream *cu2clStream_t; /* NULL is the default stream */
typedef struct cu2clEvent *cu2clEvent_t;
/* CUDA's special stream handles. Both name the default stream here:
 * per-thread default streams are not implemented (docs/runtime.md). */
#define cu2clStreamLegacy ((cu2clStream_t)0x1)
#define cu2clStreamPerThread ((cu2clStream_t)0x2)

/* ---------------------------------------------------------------------------
 * Host vector types, with CUDA's sizes and alignments, and dim3.
 * Guarded by CU2CL_VECTOR_TYPES_DEFINED so that another header providing the
 * same definitions (or a program that brings its own) can suppress them.
 */
#ifndef CU2CL_VECTOR_TYPES_DEFINED
#define CU2CL_VECTOR_TYPES_DEFINED
typedef struct CU2CL_ALIGN(1) char1 {
  signed char x;
} char1;
typedef struct CU2CL_ALIGN(2) char2 {
  signed char x, y;
} char2;
typedef struct CU2CL_ALIGN(1) char3 {
  signed char x, y, z;
} char3;
typedef struct CU2CL_ALIGN(4) char4 {
  signed char x, y, z, w;
} char4;
typedef struct CU2CL_ALIGN(1) uchar1 {
  unsigned char x;
} uchar1;
typedef struct CU2CL_ALIGN(2) uchar2 {
  unsigned char x, y;
} uchar2;
typedef struct CU2CL_ALIGN(1) uchar3 {
  unsigned char x, y, z;
} uchar3;
typedef struct CU2CL_ALIGN(4) uchar4 {
  unsigned char x, y, z, w;
} uchar4;
typedef struct CU2CL_ALIGN(2) short1 {
  short x;
} short1;
typedef struct CU2CL_ALIGN(4) short2 {
  short x, y;
} short2;
typedef struct CU2CL_ALIGN(2) short3 {
  short x, y, z;
} short3;
typedef struct CU2CL_ALIGN(8) short4 {
  short x, y, z, w;
} short4;
typedef struct CU2CL_ALIGN(2) ushort1 {
  unsigned short x;
} ushort1;
typedef struct CU2CL_ALIGN(4) ushort2 {
  unsigned short x, y;
} ushort2;
typedef struct CU2CL_ALIGN(2) ushort3 {
  unsigned short x, y, z;
} ushort3;
typedef struct CU2CL_ALIGN(8) ushort4 {
  unsigned short x, y, z, w;
} ushort4;
typedef struct CU2CL_ALIGN(4) int1 {
  int x;
} int1;
typedef struct CU2CL_ALIGN(8) int2 {
  int x, y;
} int2;
typedef struct CU2CL_ALIGN(4) int3 {
  int x, y, z;
} int3;
typedef struct CU2CL_ALIGN(16) int4 {
  int x, y, z, w;
} int4;
typedef struct CU2CL_ALIGN(4) uint1 {
  unsigned int x;
} uint1;
typedef struct CU2CL_ALIGN(8) uint2 {
  unsigned int x, y;
} uint2;
typedef struct CU2CL_ALIGN(4) uint3 {
  unsigned int x, y, z;
} uint3;
typedef struct CU2CL_ALIGN(16) uint4 {
  unsigned int x, y, z, w;
} uint4;
typedef struct CU2CL_ALIGN(8) long1 {
  long x;
} long1;
typedef struct CU2CL_ALIGN(16) long2 {
  long x, y;
} long2;
typedef struct CU2CL_ALIGN(8) long3 {
  long x, y, z;
} long3;
typedef struct CU2CL_ALIGN(16) long4 {
  long x, y, z, w;
} long4;
typedef struct CU2CL_ALIGN(8) ulong1 {
  unsigned long x;
} ulong1;
typedef struct CU2CL_ALIGN(16) ulong2 {
  unsigned long x, y;
} ulong2;
typedef struct CU2CL_ALIGN(8) ulong3 {
  unsigned long x, y, z;
} ulong3;
typedef struct CU2CL_ALIGN(16) ulong4 {
  unsigned long x, y, z, w;
} ulong4;
typedef struct CU2CL_ALIGN(8) longlong1 {
  long long x;
} longlong1;
typedef struct CU2CL_ALIGN(16) longlong2 {
  long long x, y;
} longlong2;
typedef struct CU2CL_ALIGN(8) longlong3 {
  long long x, y, z;
} longlong3;
typedef struct CU2CL_ALIGN(16) longlong4 {
  long long x, y, z, w;
} longlong4;
typedef struct CU2CL_ALIGN(8) ulonglong1 {
  unsigned long long x;
} ulonglong1;
typedef struct CU2CL_ALIGN(16) ulonglong2 {
  unsigned long long x, y;
} ulonglong2;
typedef struct CU2CL_ALIGN(8) ulonglong3 {
  unsigned long long x, y, z;
} ulonglong3;
typedef struct CU2CL_ALIGN(16) ulonglong4 {
  unsigned long long x, y, z, w;
} ulonglong4;
typedef struct CU2CL_ALIGN(4) float1 {
  float x;
} float1;
typedef struct CU2CL_ALIGN(8) float2 {
  float x, y;
} float2;
typedef struct CU2CL_ALIGN(4) float3 {
  float x, y, z;
} float3;
typedef struct CU2CL_ALIGN(16) float4 {
  float x, y, z, w;
} float4;
typedef struct CU2CL_ALIGN(8) double1 {
  double x;
} double1;
typedef struct CU2CL_ALIGN(16) double2 {
  double x, y;
} double2;
typedef struct CU2CL_ALIGN(8) double3 {
  double x, y, z;
} double3;
typedef struct CU2CL_ALIGN(16) double4 {
  double x, y, z, w;
} double4;

#ifdef __cplusplus
/* CUDA's dim3: unset components are 1, and it converts to and from uint3. */
struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};
#else
typedef struct dim3 {
  unsigned int x, y, z;
} dim3;
#endif

/* make_T1 .. make_T4 for vector type T of scalar S, as CUDA's
 * vector_functions.h offers them. */
#define CU2CL_MAKE_VECTORS(T, S)                                               \
  static inline T##1 make_##T##1(S x) {                                        \
    T##1 v;                                                                    \
    v.x = x;                                                                   \
    return v;                                                                  \
  }                                                                            \
  static inline T##2 make_##T##2(S x, S y) {                                   \
    T##2 v;                                                                    \
    v.x = x;                                                                   \
    v.y = y;                                                                   \
    return v;                                                                  \
  }                                                                            \
  static inline T##3 make_##T##3(S x, S y, S z) {                              \
    T##3 v;                                                                    \
    v.x = x;                                                                   \
    v.y = y;                                                                   \
    v.z = z;                                                                   \
    return v;                                                                  \
  }                                                                            \
  static inline T##4 make_##T##4(S x, S y, S z, S w) {                         \
    T##4 v;                                                                    \
    v.x = x;                                                                   \
    v.y = y;                                                                   \
    v.z = z;                                                                   \
    v.w = w;                                                                   \
    return v;                                                                  \
  }
CU2CL_MAKE_VECTORS(char, signed char)
CU2CL_MAKE_VECTORS(uchar, unsigned char)
CU2CL_MAKE_VECTORS(short, short)
CU2CL_MAKE_VECTORS(ushort, unsigned short)
CU2CL_MAKE_VECTORS(int, int)
CU2CL_MAKE_VECTORS(uint, unsigned int)
CU2CL_MAKE_VECTORS(long, long)
CU2CL_MAKE_VECTORS(ulong, unsigned long)
CU2CL_MAKE_VECTORS(longlong, long long)
CU2CL_MAKE_VECTORS(ulonglong, unsigned long long)
CU2CL_MAKE_VECTORS(float, float)
CU2CL_MAKE_VECTORS(double, double)
#undef CU2CL_MAKE_VECTORS
#endif /* CU2CL_VECTOR_TYPES_DEFINED */

/* ---------------------------------------------------------------------------
 * Generated-code interface: kernel programs, kernels, symbols, launches.
 * The translator emits these objects with static storage and NULL state;
 * the runtime owns everything reachable from a state field.
 */
typedef struct cu2clProgram {
  const char *name;    /* "vector_add.cl": for messages and the cache */
  const char *source;  /* the OpenCL C text, NUL-terminated */
  const char *options; /* extra build options, may be NULL */
  void *state;         /* runtime-owned; NULL-initialized */
} cu2clProgram;

/* A kernel used as a value (CUDA's `const void *func`: cudaLaunchKernel,
 * cudaFuncGetAttributes, occupancy, graph kernel nodes) is the address of
 * its cu2clKernelRef; launchv launches it from CUDA's `void **args` (one
 * pointer per kernel parameter), through the kernel's typed stub. */
struct cu2clKernelRef;
typedef cu2clError_t (*cu2clLaunchV)(dim3 grid, dim3 block, size_t shmem,
                                     cu2clStream_t stream, void **args);

typedef struct cu2clKernelRef {
  cu2clProgram *program;
  const char *name;    /* OpenCL kernel name */
  void *state;         /* runtime-owned cache slot; NULL-initialized */
  cu2clLaunchV launchv; /* NULL when generated code gave none */
} cu2clKernelRef;

/* A __constant__ or __device__ variable. Its device storage is allocated and
 * initialized from init (zeros when NULL) on first use on each device. */
typedef struct cu2clSymbol {
  const char *name; /* variable name, for messages */
  size_t size;      /* sizeof the variable */
  const void *init; /* initial bytes, or NULL for zeros */
  void *state;      /* runtime-owned; NULL-initialized */
} cu2clSymbol;

enum cu2clArgKind {
  CU2CL_ARG_VALUE = 0, /* size bytes at value, passed by clSetKernelArg */
  CU2CL_ARG_DEVPTR =
      1,               /* *(void *const *)value is a device pointer (or NULL) */
  CU2CL_ARG_LOCAL = 2, /* size bytes of __local memory; value is NULL */
  CU2CL_ARG_SYMBOL = 3, /* value is a cu2clSymbol *: its device storage */
  CU2CL_ARG_DEVRT = 4   /* the device runtime block (device assert, clock
                           fallback, heap); value is NULL */
};

typedef struct cu2clArg {
  int kind; /* enum cu2clArgKind */
  size_t size;
  const void *value;
} cu2clArg;

/* ---------------------------------------------------------------------------
 * Kernels used as values: attributes (docs/runtime.md, "Kernels used as
 * values and occupancy").
 */

/* What cu2clFuncGetAttributes reports of a kernel. Field names and types
 * are CUDA's (cudaFuncAttributes, CUDA 13). */
typedef struct cu2clFuncAttributes {
  size_t sharedSizeBytes; /* static __local memory (CL_KERNEL_LOCAL_MEM_SIZE) */
  size_t constSizeBytes;  /* 0: OpenCL does not report it per kernel */
  size_t localSizeBytes;  /* CL_KERNEL_PRIVATE_MEM_SIZE */
  int maxThreadsPerBlock; /* the largest block a launch accepts */
  int numRegs;            /* 0: OpenCL does not report registers */
  int ptxVersion;         /* compute capability as 10 * major + minor */
  int binaryVersion;      /* the same */
  int cacheModeCA;        /* 0 */
  int maxDynamicSharedSizeBytes;
  int preferredShmemCarveout; /* -1 (default) or what was set */
  int clusterDimMustBeSet;    /* the cluster fields are 0: no clusters */
  int requiredClusterWidth;
  int requiredClusterHeight;
  int requiredClusterDepth;
  int clusterSchedulingPolicyPreference;
  int nonPortableClusterSizeAllowed;
  int reserved[16];
} cu2clFuncAttributes;

/* Attributes for cu2clFuncSetAttribute (values of cudaFuncAttribute). */
typedef enum cu2clFuncAttribute {
  cu2clFuncAttributeMaxDynamicSharedMemorySize = 8,
  cu2clFuncAttributePreferredSharedMemoryCarveout = 9,
  cu2clFuncAttributeClusterDimMustBeSet = 10,
  cu2clFuncAttributeRequiredClusterWidth = 11,
  cu2clFuncAttributeRequiredClusterHeight = 12,
  cu2clFuncAttributeRequiredClusterDepth = 13,
  cu2clFuncAttributeNonPortableClusterSizeAllowed = 14,
  cu2clFuncAttributeClusterSchedulingPolicyPreference = 15,
  cu2clFuncAttributeMax
} cu2clFuncAttribute;

/* Carveout preferences (values of cudaSharedCarveout); any percentage
 * 0..100 is accepted too. */
typedef enum cu2clSharedCarveout {
  cu2clSharedmemCarveoutDefault = -1,
  cu2clSharedmemCarveoutMaxShared = 100,
  cu2clSharedmemCarveoutMaxL1 = 0
} cu2clSharedCarveout;

/* Flags of the occupancy functions' WithFlags forms; both change nothing. */
#define cu2clOccupancyDefault 0x00
#define cu2clOccupancyDisableCachingOverride 0x01

/* Counters of the program cache of this process, for tests and tools. */
typedef struct cu2clCacheStats {
  unsigned long hits;   /* programs loaded from the on-disk cache */
  unsigned long misses; /* programs looked up and not found (or unusable) */
  unsigned long builds; /* programs built from source */
  unsigned long stores; /* binaries written to the cache */
  double load_seconds;  /* wall time spent loading and building programs */
} cu2clCacheStats;

/* ---------------------------------------------------------------------------
 * Functions
 */
CU2CL_EXTERN_C_BEGIN

/* Errors */
CU2CL_API cu2clError_t cu2clGetLastError(void);
CU2CL_API cu2clError_t cu2clPeekAtLastError(void);
CU2CL_API const char *cu2clGetErrorName(cu2clError_t error);
CU2CL_API const char *cu2clGetErrorString(cu2clError_t error);

/* Validation traces (CU2CL_TRACE, docs/validation.md): between
 * cu2clrtTraceQuiet(1) and cu2clrtTraceQuiet(0) the calling thread's copies
 * are not recorded. Library layers over cu2clrt (cu2clrt_thrust.hpp) use it
 * for the copies they make themselves, as the original's CUDA libraries'
 * copies are not recorded either. Calls nest. */
CU2CL_API void cu2clrtTraceQuiet(int quiet);
/* The call site of the next traced call on this thread (the macros at the
 * end of this header pass it, so that `cu2cl validate` names the port's
 * source lines too). */
CU2CL_API void cu2clrtTraceSite(const char *file, int line);
/* Library layers that call a program's function object on the host
 * (cu2clrt_thrust.hpp's host paths) bracket the calls with
 * cu2clrtHostAccess(1) and cu2clrtHostAccess(0): in between, every device
 * allocation of the current device is mapped for the host (after the device
 * is idle), so pointers the object holds reach device memory. Calls nest. */
CU2CL_API cu2clError_t cu2clrtHostAccess(int begin);

/* Devices */
CU2CL_API cu2clError_t cu2clGetDeviceCount(int *count);
CU2CL_API cu2clError_t cu2clSetDevice(int device);
CU2CL_API cu2clError_t cu2clGetDevice(int *device);
CU2CL_API cu2clError_t cu2clSetDeviceFlags(unsigned int flags);
CU2CL_API cu2clError_t cu2clGetDeviceFlags(unsigned int *flags);
CU2CL_API cu2clError_t cu2clGetDeviceProperties(cu2clDeviceProp *prop,
                                                int device);
CU2CL_API cu2clError_t cu2clDeviceGetAttribute(int *value, cu2clDeviceAttr attr,
                                               int device);
CU2CL_API cu2clError_t cu2clDeviceSynchronize(void);
CU2CL_API cu2clError_t cu2clDeviceReset(void);
CU2CL_API cu2clError_t cu2clDeviceSetCacheConfig(cu2clFuncCache config);
CU2CL_API cu2clError_t cu2clDeviceGetCacheConfig(cu2clFuncCache *config);
CU2CL_API cu2clError_t cu2clFuncSetCacheConfig(const void *func,
                                               cu2clFuncCache config);
CU2CL_API cu2clError_t
cu2clDeviceSetSharedMemConfig(cu2clSharedMemConfig config);
CU2CL_API cu2clError_t
cu2clDeviceGetSharedMemConfig(cu2clSharedMemConfig *config);
CU2CL_API cu2clError_t cu2clDriverGetVersion(int *version);
CU2CL_API cu2clError_t cu2clRuntimeGetVersion(int *version);

/* Memory */
CU2CL_API cu2clError_t cu2clMalloc(void **dev_ptr, size_t size);
CU2CL_API cu2clError_t cu2clFree(void *dev_ptr);
CU2CL_API cu2clError_t
cu2clMallocManaged(void **dev_ptr, size_t size,
                   unsigned int flags CU2CL_DEFARG(cu2clMemAttachGlobal));
CU2CL_API cu2clError_t cu2clMallocHost(void **ptr, size_t size);
CU2CL_API cu2clError_t cu2clHostAlloc(void **ptr, size_t size,
                                      unsigned int flags);
CU2CL_API cu2clError_t cu2clFreeHost(void *ptr);
CU2CL_API cu2clError_t cu2clHostGetDevicePointer(void **dev_ptr, void *host_ptr,
                                                 unsigned int flags);
CU2CL_API cu2clError_t cu2clHostRegister(void *ptr, size_t size,
                                         unsigned int flags);
CU2CL_API cu2clError_t cu2clHostUnregister(void *ptr);
/* Stream-ordered allocation. The allocation is made at once (sooner than
 * stream order asks, which is always safe) from the device-memory cache;
 * a stream-ordered free waits for the device's earlier work first, as
 * cu2clFree does. Memory pools are the device's one pool: its attributes
 * are kept and reported, the reuse policy is the runtime's cache. */
typedef struct cu2clMemPool *cu2clMemPool_t;
typedef enum cu2clMemPoolAttr {
  cu2clMemPoolReuseFollowEventDependencies = 1,
  cu2clMemPoolReuseAllowOpportunistic = 2,
  cu2clMemPoolReuseAllowInternalDependencies = 3,
  cu2clMemPoolAttrReleaseThreshold = 4,
  cu2clMemPoolAttrReservedMemCurrent = 5,
  cu2clMemPoolAttrReservedMemHigh = 6,
  cu2clMemPoolAttrUsedMemCurrent = 7,
  cu2clMemPoolAttrUsedMemHigh = 8
} cu2clMemPoolAttr;
CU2CL_API cu2clError_t cu2clMallocAsync(void **dev_ptr, size_t size,
                                        cu2clStream_t stream);
CU2CL_API cu2clError_t cu2clFreeAsync(void *dev_ptr, cu2clStream_t stream);
CU2CL_API cu2clError_t cu2clMallocFromPoolAsync(void **dev_ptr, size_t size,
                                                cu2clMemPool_t pool,
                                                cu2clStream_t stream);
CU2CL_API cu2clError_t cu2clDeviceGetDefaultMemPool(cu2clMemPool_t *pool,
                                                    int device);
CU2CL_API cu2clError_t cu2clDeviceGetMemPool(cu2clMemPool_t *pool,
                                             int device);
CU2CL_API cu2clError_t cu2clMemPoolSetAttribute(cu2clMemPool_t pool,
                                                cu2clMemPoolAttr attr,
                                                void *value);
CU2CL_API cu2clError_t cu2clMemPoolGetAttribute(cu2clMemPool_t pool,
                                                cu2clMemPoolAttr attr,
                                                void *value);
CU2CL_API cu2clError_t cu2clMemPoolTrimTo(cu2clMemPool_t pool,
                                          size_t min_bytes_to_keep);
CU2CL_API cu2clError_t cu2clMemGetInfo(size_t *free_bytes, size_t *total_bytes);
CU2CL_API cu2clError_t cu2clMemcpy(void *dst, const void *src, size_t count,
                                   cu2clMemcpyKind kind);
CU2CL_API cu2clError_t cu2clMemcpyAsync(void *dst, const void *src,
                                        size_t count, cu2clMemcpyKind kind,
                                        cu2clStream_t stream CU2CL_DEFARG(0));
CU2CL_API cu2clError_t cu2clMemcpy2D(void *dst, size_t dpitch, const void *src,
                                     size_t spitch, size_t width, size_t height,
                                     cu2clMemcpyKind kind);
CU2CL_API cu2clError_t cu2clMemcpy2DAsync(void *dst, size_t dpitch,
                                          const void *src, size_t spitch,
                                          size_t width, size_t height,
                                          cu2clMemcpyKind kind,
                                          cu2clStream_t stream CU2CL_DEFARG(0));
CU2CL_API cu2clError_t cu2clMemset(void *dev_ptr, int value, size_t count);
CU2CL_API cu2clError_t cu2clMemsetAsync(void *dev_ptr, int value, size_t count,
                                        cu2clStream_t stream CU2CL_DEFARG(0));

/* Pitched and 3D memory, managed-memory hints: cu2clrt_pitch.h. */
#include "cu2clrt_pitch.h"

/* Symbols (__constant__ and __device__ variables) */
CU2CL_API cu2clError_t
cu2clMemcpyToSymbol(const cu2clSymbol *symbol, const void *src, size_t count,
                    size_t offset CU2CL_DEFARG(0),
                    cu2clMemcpyKind kind CU2CL_DEFARG(cu2clMemcpyHostToDevice));
CU2CL_API cu2clError_t cu2clMemcpyFromSymbol(
    void *dst, const cu2clSymbol *symbol, size_t count,
    size_t offset CU2CL_DEFARG(0),
    cu2clMemcpyKind kind CU2CL_DEFARG(cu2clMemcpyDeviceToHost));
CU2CL_API cu2clError_t cu2clMemcpyToSymbolAsync(
    const cu2clSymbol *symbol, const void *src, size_t count, size_t offset,
    cu2clMemcpyKind kind, cu2clStream_t stream CU2CL_DEFARG(0));
CU2CL_API cu2clError_t cu2clMemcpyFromSymbolAsync(
    void *dst, const cu2clSymbol *symbol, size_t count, size_t offset,
    cu2clMemcpyKind kind, cu2clStream_t stream CU2CL_DEFARG(0));
CU2CL_API cu2clError_t cu2clGetSymbolAddress(void **dev_ptr,
                                             const cu2clSymbol *symbol);
CU2CL_API cu2clError_t cu2clGetSymbolSize(size_t *size,
                                          const cu2clSymbol *symbol);

/* Streams */
CU2CL_API cu2clError_t cu2clStreamCreate(cu2clStream_t *stream);
CU2CL_API cu2clError_t cu2clStreamCreateWithFlags(cu2clStream_t *stream,
                                                  unsigned int flags);
CU2CL_API cu2clError_t cu2clStreamDestroy(cu2clStream_t stream);
CU2CL_API cu2clError_t cu2clStreamSynchronize(cu2clStream_t stream);
CU2CL_API cu2clError_t cu2clStreamQuery(cu2clStream_t stream);
/* The flags stream was created with (cu2clStreamDefault for the default
 * stream). */
CU2CL_API cu2clError_t cu2clStreamGetFlags(cu2clStream_t stream,
                                           unsigned int *flags);
CU2CL_API cu2clError_t cu2clStreamWaitEvent(cu2clStream_t stream,
                                            cu2clEvent_t event,
                                            unsigned int flags CU2CL_DEFARG(0));
/* Device limits: OpenCL compilers size stacks and the printf buffer
 * themselves and device malloc is not translated, so a limit set is kept
 * and reported back, and changes nothing else. */
typedef enum cu2clLimit {
  cu2clLimitStackSize = 0x00,
  cu2clLimitPrintfFifoSize = 0x01,
  cu2clLimitMallocHeapSize = 0x02,
  cu2clLimitDevRuntimeSyncDepth = 0x03,
  cu2clLimitDevRuntimePendingLaunchCount = 0x04,
  cu2clLimitMaxL2FetchGranularity = 0x05,
  cu2clLimitPersistingL2CacheSize = 0x06
} cu2clLimit;
CU2CL_API cu2clError_t cu2clDeviceSetLimit(cu2clLimit limit, size_t value);
CU2CL_API cu2clError_t cu2clDeviceGetLimit(size_t *value, cu2clLimit limit);
/* Profiler control: no-ops (they only tell a profiler when to collect). */
CU2CL_API cu2clError_t cu2clProfilerStart(void);
CU2CL_API cu2clError_t cu2clProfilerStop(void);
/* Priorities: OpenCL queues have none; the range is [0, 0], as CUDA
 * reports for a device without stream priorities, and every priority is
 * clamped into it. */
CU2CL_API cu2clError_t cu2clDeviceGetStreamPriorityRange(int *least,
                                                         int *greatest);
CU2CL_API cu2clError_t cu2clStreamCreateWithPriority(cu2clStream_t *stream,
                                                     unsigned int flags,
                                                     int priority);
CU2CL_API cu2clError_t cu2clStreamGetPriority(cu2clStream_t stream,
                                              int *priority);
/* Host functions in stream order: fn runs once the stream's earlier work
 * is done, on a thread of the OpenCL driver, and the stream's later work
 * waits for it to return. It must not call cu2clrt (as in CUDA). */
#define CU2CLRT_CB
typedef void (*cu2clHostFn_t)(void *user_data);
typedef void (*cu2clStreamCallback_t)(cu2clStream_t stream,
                                      cu2clError_t status, void *user_data);
CU2CL_API cu2clError_t cu2clLaunchHostFunc(cu2clStream_t stream,
                                           cu2clHostFn_t fn, void *user_data);
CU2CL_API cu2clError_t cu2clStreamAddCallback(cu2clStream_t stream,
                                              cu2clStreamCallback_t callback,
                                              void *user_data,
                                              unsigned int flags);

/* Events */
CU2CL_API cu2clError_t cu2clEventCreate(cu2clEvent_t *event);
CU2CL_API cu2clError_t cu2clEventCreateWithFlags(cu2clEvent_t *event,
                                                 unsigned int flags);
CU2CL_API cu2clError_t cu2clEventDestroy(cu2clEvent_t event);
CU2CL_API cu2clError_t cu2clEventRecord(cu2clEvent_t event,
                                        cu2clStream_t stream CU2CL_DEFARG(0));
CU2CL_API cu2clError_t cu2clEventSynchronize(cu2clEvent_t event);
CU2CL_API cu2clError_t cu2clEventQuery(cu2clEvent_t event);
CU2CL_API cu2clError_t cu2clEventElapsedTime(float *ms, cu2clEvent_t start,
                                             cu2clEvent_t end);

/* Kernels. Builds kernel->program for the current device on first use
 * (through the on-disk cache) and enqueues grid*block work-items in groups of
 * block on stream. args must match the OpenCL kernel's parameters one for
 * one. shared_mem is the dynamic shared memory size: it is checked against
 * the device here and passed by the caller as one CU2CL_ARG_LOCAL in args. */
CU2CL_API cu2clError_t cu2clLaunchKernel(cu2clKernelRef *kernel, dim3 grid,
                                         dim3 block, size_t shared_mem,
                                         cu2clStream_t stream,
                                         const cu2clArg *args, unsigned nargs);
/* Kernels used as values. func is what the translator passes for a kernel:
 * the address of its cu2clKernelRef, as a const void *.
 * NULL, or a reference without a program, is
 * cu2clErrorInvalidDeviceFunction. The queries build (or load from the
 * cache) k's program for the current device, as a first launch would. */

/* Launches func from CUDA's args, one pointer per kernel parameter, through
 * the reference's launchv; cu2clErrorInvalidDeviceFunction when it has none.
 * Otherwise as cu2clLaunchKernel. */
CU2CL_API cu2clError_t cu2clLaunchKernelFunc(
    const void *func, dim3 grid, dim3 block, void **args,
    size_t shared_mem CU2CL_DEFARG(0), cu2clStream_t stream CU2CL_DEFARG(0));
/* The same, after checking that grid's blocks could all be resident at once
 * by the occupancy estimate below (else
 * cu2clErrorCooperativeLaunchTooLarge). The launch is an ordinary one:
 * OpenCL does not promise that work-groups run concurrently, and grid-wide
 * synchronization inside the kernel is not translated. */
CU2CL_API cu2clError_t cu2clLaunchCooperativeKernel(
    const void *func, dim3 grid, dim3 block, void **args,
    size_t shared_mem CU2CL_DEFARG(0), cu2clStream_t stream CU2CL_DEFARG(0));
/* *attr from the kernel built for the current device (see the fields). */
CU2CL_API cu2clError_t cu2clFuncGetAttributes(cu2clFuncAttributes *attr,
                                              const void *func);
/* MaxDynamicSharedMemorySize: value in [0, local memory - the kernel's
 * static local memory], reported back by cu2clFuncGetAttributes (launches
 * are checked against the device's local memory, as before).
 * PreferredSharedMemoryCarveout: -1 or 0..100, a hint with no effect. Other
 * attributes and values: cu2clErrorInvalidValue. */
CU2CL_API cu2clError_t cu2clFuncSetAttribute(const void *func,
                                             cu2clFuncAttribute attr,
                                             int value);

/* Occupancy: estimates from what OpenCL reports (docs/runtime.md, "Kernels
 * used as values and occupancy"), deterministic for a device and kernel.
 * A compute unit stands for CUDA's multiprocessor. */
/* Blocks of block_size work-items with dynamic_shared bytes of dynamic
 * shared memory that fit on one compute unit; 0 when such a block cannot be
 * launched at all. */
CU2CL_API cu2clError_t cu2clOccupancyMaxActiveBlocksPerMultiprocessor(
    int *num_blocks, const void *func, int block_size, size_t dynamic_shared);
CU2CL_API cu2clError_t cu2clOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *num_blocks, const void *func, int block_size, size_t dynamic_shared,
    unsigned int flags);
/* The block size (a multiple of 32, at most 1024 and at most block_limit
 * when it is not 0) with the most resident work-items per compute unit,
 * the largest on a tie, and the grid that fills every compute unit with
 * such blocks. */
CU2CL_API cu2clError_t cu2clOccupancyMaxPotentialBlockSize(
    int *min_grid_size, int *block_size, const void *func,
    size_t dynamic_shared CU2CL_DEFARG(0), int block_limit CU2CL_DEFARG(0));
CU2CL_API cu2clError_t cu2clOccupancyMaxPotentialBlockSizeWithFlags(
    int *min_grid_size, int *block_size, const void *func,
    size_t dynamic_shared CU2CL_DEFARG(0), int block_limit CU2CL_DEFARG(0),
    unsigned int flags CU2CL_DEFARG(0));
/* The dynamic shared memory each of num_blocks blocks of block_size
 * work-items may have while they all fit on one compute unit; 0 when they
 * do not fit whatever the size. */
CU2CL_API cu2clError_t cu2clOccupancyAvailableDynamicSMemPerBlock(
    size_t *dynamic_shared, const void *func, int num_blocks, int block_size);

/* Builds (or loads from the cache) program for the current device now, so
 * that a build error shows before the first launch. */
CU2CL_API cu2clError_t cu2clProgramBuild(cu2clProgram *program);
/* Copies this process's program-cache counters into *stats. */
CU2CL_API cu2clError_t cu2clGetCacheStats(cu2clCacheStats *stats);

/* Holds (hold != 0) or releases the background loads of programs sized
 * for dynamic shared memory: while held, queued loads wait (a launch of a
 * size not yet loaded runs the general kernel, as always), and a device
 * reset drops them. For tests that need the queue in a known state, and
 * for measuring a run without background loads. */
CU2CL_API cu2clError_t cu2clHoldSizedBuilds(int hold);

/* Waits until the background loads of sized programs queued so far have
 * ended (none waits while they are held: those stay queued); the next
 * launch of a size loaded then runs its own program. For tests, which wait
 * on the builder's state instead of sleeping. */
CU2CL_API cu2clError_t cu2clWaitSizedBuilds(void);

CU2CL_EXTERN_C_END

/* ---------------------------------------------------------------------------
 * Device algorithms: what CUDA programs get from Thrust (scan, reduce, fill,
 * sequence, count, stream compaction, sort) as built-in OpenCL kernels.
 * cu2clrt_thrust.hpp maps Thrust's C++ API onto these; docs/runtime.md,
 * "Device algorithms (Thrust)", describes both.
 *
 * Pointers are device (or managed) memory of the current device holding n
 * elements of the given type, aligned for it; `init`, `value` and `step`
 * point to one host value of that type. Work is enqueued on stream in order
 * and the call returns before it completes, except where a result comes
 * back to the host (reduce, count, a compaction's count), which waits for
 * the stream. n == 0 does nothing (pointers are not checked then).
 * Errors: cu2clErrorInvalidValue for an unknown type or op, a NULL or
 * misaligned pointer, a pointer that is not device memory of the current
 * device or a range that overruns its allocation, partially overlapping
 * input and output; cu2clErrorNotSupported for double on a device without
 * fp64.
 */
typedef enum cu2clAlgoType {
  cu2clAlgoInt = 0,   /* int32_t */
  cu2clAlgoUInt = 1,  /* uint32_t */
  cu2clAlgoLong = 2,  /* int64_t (long long; long on LP64) */
  cu2clAlgoULong = 3, /* uint64_t */
  cu2clAlgoFloat = 4,
  cu2clAlgoDouble = 5
} cu2clAlgoType;

/* Thrust's plus, minimum (a < b ? a : b) and maximum (a < b ? b : a). */
typedef enum cu2clAlgoOp {
  cu2clAlgoSum = 0,
  cu2clAlgoMin = 1,
  cu2clAlgoMax = 2
} cu2clAlgoOp;

CU2CL_EXTERN_C_BEGIN

/* out[0] = init, out[i] = op(out[i-1], in[i-1]). init NULL: the op's
 * identity (0; the type's largest value for min, smallest for max). out may
 * equal in. */
CU2CL_API cu2clError_t cu2clAlgoExclusiveScan(cu2clStream_t stream,
                                              cu2clAlgoType type,
                                              cu2clAlgoOp op, const void *in,
                                              void *out, size_t n,
                                              const void *init);
/* out[0] = in[0], out[i] = op(out[i-1], in[i]). out may equal in. */
CU2CL_API cu2clError_t cu2clAlgoInclusiveScan(cu2clStream_t stream,
                                              cu2clAlgoType type,
                                              cu2clAlgoOp op, const void *in,
                                              void *out, size_t n);
/* *result_host = op(init, in[0], ..., in[n-1]) (init NULL: the identity);
 * waits for the stream. */
CU2CL_API cu2clError_t cu2clAlgoReduce(cu2clStream_t stream, cu2clAlgoType type,
                                       cu2clAlgoOp op, const void *in, size_t n,
                                       const void *init, void *result_host);
/* p[i] = *value. */
CU2CL_API cu2clError_t cu2clAlgoFill(cu2clStream_t stream, cu2clAlgoType type,
                                     void *p, size_t n, const void *value);
/* p[i] = *init + (type)i * *step. */
CU2CL_API cu2clError_t cu2clAlgoSequence(cu2clStream_t stream,
                                         cu2clAlgoType type, void *p, size_t n,
                                         const void *init, const void *step);
/* *count_host = number of i with in[i] == *value; waits for the stream. */
CU2CL_API cu2clError_t cu2clAlgoCount(cu2clStream_t stream, cu2clAlgoType type,
                                      const void *in, size_t n,
                                      const void *value, size_t *count_host);
/* Stable stream compaction: the in[i] whose flags[i] != 0, in order, to
 * out[0 .. count). out must not overlap in. count_host may be NULL (the call
 * then stays asynchronous); otherwise it receives count after a wait. */
CU2CL_API cu2clError_t cu2clAlgoCompactFlagged(cu2clStream_t stream,
                                               cu2clAlgoType type,
                                               const void *in, const int *flags,
                                               void *out, size_t n,
                                               size_t *count_host);
/* Stable radix sort of keys[0 .. n) in place, ascending (descending when
 * descending != 0). Floating-point keys sort by value with -0 before +0;
 * NaNs go after +inf (before -inf when their sign bit is set). */
CU2CL_API cu2clError_t cu2clAlgoSort(cu2clStream_t stream, cu2clAlgoType type,
                                     void *keys, size_t n, int descending);
/* The same, moving values[i] (value_size 4 or 8 bytes each, any type) with
 * keys[i]. */
CU2CL_API cu2clError_t cu2clAlgoSortByKey(cu2clStream_t stream,
                                          cu2clAlgoType type, void *keys,
                                          void *values, size_t value_size,
                                          size_t n, int descending);

CU2CL_EXTERN_C_END
/* ---- end of device algorithms ------------------------------------------- */

/* Graphs (stream capture and explicit construction): cu2clrt_graph.h. */
#include "cu2clrt_graph.h"

/* ---------------------------------------------------------------------------
 * C++ conveniences, as CUDA's headers offer them to C++ host code.
 */
#ifdef __cplusplus

template <class T> inline cu2clError_t cu2clMalloc(T **dev_ptr, size_t size) {
  return cu2clMalloc((void **)(void *)dev_ptr, size);
}
template <class T>
inline cu2clError_t cu2clMallocHost(T **ptr, size_t size,
                                    unsigned int flags = 0) {
  return cu2clHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T>
inline cu2clError_t cu2clHostAlloc(T **ptr, size_t size, unsigned int flags) {
  return cu2clHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T>
inline cu2clError_t cu2clHostGetDevicePointer(T **dev_ptr, void *host_ptr,
                                              unsigned int flags) {
  return cu2clHostGetDevicePointer((void **)(void *)dev_ptr, host_ptr, flags);
}
template <class T>
inline cu2clError_t cu2clMallocAsync(T **dev_ptr, size_t size,
                                     cu2clStream_t stream) {
  return cu2clMallocAsync((void **)(void *)dev_ptr, size, stream);
}
template <class T>
inline cu2clError_t cu2clMallocFromPoolAsync(T **dev_ptr, size_t size,
                                             cu2clMemPool_t pool,
                                             cu2clStream_t stream) {
  return cu2clMallocFromPoolAsync((void **)(void *)dev_ptr, size, pool,
                                  stream);
}
template <class T>
inline cu2clError_t
cu2clMallocManaged(T **dev_ptr, size_t size,
                   unsigned int flags = cu2clMemAttachGlobal) {
  return cu2clMallocManaged((void **)(void *)dev_ptr, size, flags);
}
template <class T>
inline cu2clError_t cu2clMallocPitch(T **dev_ptr, size_t *pitch, size_t width,
                                     size_t height) {
  return cu2clMallocPitch((void **)(void *)dev_ptr, pitch, width, height);
}
/* CUDA 12's prefetch and advice, naming a device (cu2clCpuDeviceId: the
 * host). */
inline cu2clMemLocation cu2clMemLocationOfDevice(int device) {
  cu2clMemLocation l;
  l.type = device == cu2clCpuDeviceId ? cu2clMemLocationTypeHost
                                      : cu2clMemLocationTypeDevice;
  l.id = device == cu2clCpuDeviceId ? 0 : device;
  return l;
}
inline cu2clError_t cu2clMemPrefetchAsync(const void *dev_ptr, size_t count,
                                          int device,
                                          cu2clStream_t stream = 0) {
  return cu2clMemPrefetchAsync(dev_ptr, count,
                               cu2clMemLocationOfDevice(device), 0, stream);
}
inline cu2clError_t cu2clMemAdvise(const void *dev_ptr, size_t count,
                                   cu2clMemoryAdvise advice, int device) {
  return cu2clMemAdvise(dev_ptr, count, advice,
                        cu2clMemLocationOfDevice(device));
}
inline cu2clError_t cu2clEventCreate(cu2clEvent_t *event, unsigned int flags) {
  return cu2clEventCreateWithFlags(event, flags);
}

/* A pointer to a kernel (CUDA's `void (*)(float *, int)` holding a
 * __global__ function, in a variable, a table, a member or a parameter):
 * the kernel's reference, typed by the kernel's parameters. cu2cl declares
 * such pointers cu2clKernelPtr<void(float *, int)>, writes a kernel named
 * as a value cu2clKernelOf(&ref, stub) (the typed launch stub gives the
 * parameter types), and `p<<<g, b, s, st>>>(args)` as
 * cu2clLaunchPtr(p, g, b, s, st, args): the arguments convert to the
 * parameter types as a direct launch converts them, and reach the kernel's
 * launchv as CUDA's void **args. Null, copied, assigned and compared as a
 * pointer; converts to the const void * the kernel APIs take
 * (cu2clFuncGetAttributes, cu2clLaunchKernelFunc). */
template <class F> class cu2clKernelPtr;
template <class... P> class cu2clKernelPtr<void(P...)> {
  const cu2clKernelRef *ref_;

public:
  constexpr cu2clKernelPtr() : ref_(nullptr) {}
  constexpr cu2clKernelPtr(decltype(nullptr)) : ref_(nullptr) {}
  constexpr explicit cu2clKernelPtr(const cu2clKernelRef *ref) : ref_(ref) {}
  operator const void *() const { return ref_; }
  explicit operator void *() const { return (void *)ref_; }
  /* (*p)<<<...>>>(...) launches what p<<<...>>>(...) does */
  const cu2clKernelPtr &operator*() const { return *this; }
  cu2clError_t launch(dim3 grid, dim3 block, size_t shmem,
                      cu2clStream_t stream, P... args) const {
    void *argv[] = {(void *)&args..., nullptr};
    return cu2clLaunchKernelFunc(ref_, grid, block, argv, shmem, stream);
  }
};
template <class... P>
constexpr cu2clKernelPtr<void(P...)>
cu2clKernelOf(const cu2clKernelRef *ref,
              cu2clError_t (*stub)(dim3, dim3, size_t, cu2clStream_t, P...)) {
  return (void)stub, cu2clKernelPtr<void(P...)>(ref);
}
template <class F, class... A>
inline cu2clError_t cu2clLaunchPtr(const cu2clKernelPtr<F> &kernel, dim3 grid,
                                   dim3 block, size_t shmem,
                                   cu2clStream_t stream, const A &...args) {
  return kernel.launch(grid, block, shmem, stream, args...);
}

/* The translated code passes the symbol object where CUDA code passed the
 * variable itself. */
inline cu2clError_t
cu2clMemcpyToSymbol(const cu2clSymbol &symbol, const void *src, size_t count,
                    size_t offset = 0,
                    cu2clMemcpyKind kind = cu2clMemcpyHostToDevice) {
  return cu2clMemcpyToSymbol(&symbol, src, count, offset, kind);
}
inline cu2clError_t
cu2clMemcpyFromSymbol(void *dst, const cu2clSymbol &symbol, size_t count,
                      size_t offset = 0,
                      cu2clMemcpyKind kind = cu2clMemcpyDeviceToHost) {
  return cu2clMemcpyFromSymbol(dst, &symbol, count, offset, kind);
}
inline cu2clError_t cu2clMemcpyToSymbolAsync(
    const cu2clSymbol &symbol, const void *src, size_t count, size_t offset = 0,
    cu2clMemcpyKind kind = cu2clMemcpyHostToDevice, cu2clStream_t stream = 0) {
  return cu2clMemcpyToSymbolAsync(&symbol, src, count, offset, kind, stream);
}
inline cu2clError_t cu2clMemcpyFromSymbolAsync(
    void *dst, const cu2clSymbol &symbol, size_t count, size_t offset = 0,
    cu2clMemcpyKind kind = cu2clMemcpyDeviceToHost, cu2clStream_t stream = 0) {
  return cu2clMemcpyFromSymbolAsync(dst, &symbol, count, offset, kind, stream);
}
inline cu2clError_t cu2clGetSymbolAddress(void **dev_ptr,
                                          const cu2clSymbol &symbol) {
  return cu2clGetSymbolAddress(dev_ptr, &symbol);
}
template <class T>
inline cu2clError_t cu2clGetSymbolAddress(T **dev_ptr,
                                          const cu2clSymbol &symbol) {
  return cu2clGetSymbolAddress((void **)(void *)dev_ptr, &symbol);
}
inline cu2clError_t cu2clGetSymbolSize(size_t *size,
                                       const cu2clSymbol &symbol) {
  return cu2clGetSymbolSize(size, &symbol);
}

/* CUDA's function qualifiers survive in translated host code on
 * __host__ __device__ functions; on the host they mean nothing. */
#ifndef __host__
#define __host__
#endif
#ifndef __device__
#define __device__
#endif
#ifndef __forceinline__
#define __forceinline__ inline __attribute__((always_inline))
#endif
/* __noinline__ is not a macro here: libstdc++ spells
 * __attribute__((__noinline__)) (GCC 13 and later), which such a macro
 * breaks; cu2cl rewrites the qualifier in translated code instead. */
#ifndef __launch_bounds__
#define __launch_bounds__(...)
#endif
/* NVTX annotations (nvtx3/nvToolsExt.h): profiler ranges and marks, which
 * change nothing a program computes; no-ops in the port. */
#ifndef CU2CLRT_NO_NVTX
typedef unsigned long long nvtxRangeId_t; /* uint64_t in NVTX */
static inline int nvtxRangePushA(const char *message) {
  (void)message;
  return 0;
}
static inline int nvtxRangePop(void) { return 0; }
static inline void nvtxMarkA(const char *message) { (void)message; }
static inline nvtxRangeId_t nvtxRangeStartA(const char *message) {
  (void)message;
  return 0;
}
static inline void nvtxRangeEnd(nvtxRangeId_t id) { (void)id; }
#endif

/* CUDA's alignment qualifier, kept on host structs shared with kernels. */
#ifndef __align__
#define __align__(n) __attribute__((aligned(n)))
#endif

/* nvcc gives host code integer min/max overloads, mixed signed/unsigned
 * arguments converting to unsigned as the usual arithmetic conversions do.
 * Non-template functions in the global namespace: std::min/std::max are not
 * affected. Define CU2CL_NO_HOST_MINMAX to leave them out. */
#ifndef CU2CL_NO_HOST_MINMAX
/* min and max of an A and a B, compared and returned as R. */
#define CU2CL_HOST_MINMAX_PAIR(R, A, B)                                      \
  static inline R min(A a, B b) { return (R)a < (R)b ? (R)a : (R)b; }         \
  static inline R max(A a, B b) { return (R)a > (R)b ? (R)a : (R)b; }
/* Both of S, both of W, and the mixed pairs, which convert to W: a signed
 * type and its unsigned one, or float and double. */
#define CU2CL_HOST_MINMAX(S, W)                                              \
  CU2CL_HOST_MINMAX_PAIR(S, S, S)                                            \
  CU2CL_HOST_MINMAX_PAIR(W, W, W)                                            \
  CU2CL_HOST_MINMAX_PAIR(W, S, W)                                            \
  CU2CL_HOST_MINMAX_PAIR(W, W, S)
CU2CL_HOST_MINMAX(int, unsigned int)
CU2CL_HOST_MINMAX(long, unsigned long)
CU2CL_HOST_MINMAX(long long, unsigned long long)
CU2CL_HOST_MINMAX(float, double)
#undef CU2CL_HOST_MINMAX
#undef CU2CL_HOST_MINMAX_PAIR
#endif /* CU2CL_NO_HOST_MINMAX */

/* Host code often names the cooperative groups namespace without using it
 * (`namespace cg = cooperative_groups;` above the kernels, which now live in
 * the .cl file): the namespace exists, empty, so that the alias compiles. */
namespace cooperative_groups {}

#endif /* __cplusplus */

/* ---------------------------------------------------------------------------
 * Call sites for validation traces (docs/validation.md): the calls whose
 * results CU2CL_TRACE records tell the runtime where they were made. Each
 * costs one thread-local store when tracing is off. Defined last, so that
 * the declarations above are not expanded; define CU2CL_NO_TRACE_SITES to
 * go without them.
 */
#if !defined(CU2CLRT_BUILDING) && !defined(CU2CL_NO_TRACE_SITES)
#define CU2CLRT_AT_(call) (cu2clrtTraceSite(__FILE__, __LINE__), call)
#define cu2clMemcpy(...) CU2CLRT_AT_(cu2clMemcpy(__VA_ARGS__))
#define cu2clMemcpyAsync(...) CU2CLRT_AT_(cu2clMemcpyAsync(__VA_ARGS__))
#define cu2clMemcpy2D(...) CU2CLRT_AT_(cu2clMemcpy2D(__VA_ARGS__))
#define cu2clMemcpy2DAsync(...) CU2CLRT_AT_(cu2clMemcpy2DAsync(__VA_ARGS__))
#define cu2clMemcpyFromSymbol(...)                                             \
  CU2CLRT_AT_(cu2clMemcpyFromSymbol(__VA_ARGS__))
#define cu2clMemcpyFromSymbolAsync(...)                                        \
  CU2CLRT_AT_(cu2clMemcpyFromSymbolAsync(__VA_ARGS__))
#define cu2clDeviceSynchronize() CU2CLRT_AT_(cu2clDeviceSynchronize())
#define cu2clStreamSynchronize(s) CU2CLRT_AT_(cu2clStreamSynchronize(s))
#endif

#ifdef __cplusplus
/*
 * Lambdas written in host code and passed to kernel templates (nvcc's
 * extended __device__ lambdas): cu2cl wraps each such lambda expression
 * as cu2cl_closure_at<ID, Tag>(lambda), which records which lambda (and
 * which instantiation of its function) made the closure type, and the
 * kernel template's launch stub picks the OpenCL kernel by it (a closure
 * type has no name to specialize the stub for).
 */
#include <type_traits>
/* The instantiation of the function template the lambda is written in,
 * as a type (one closure type per instantiation, from one lambda):
 * cu2cl_closure_tag<T, cu2cl_closure_value<N>>, void outside templates. */
template <long long V> struct cu2cl_closure_value {};
template <class... T> struct cu2cl_closure_tag {};
template <class Tag> inline const void *cu2cl_closure_tag_of() {
  static char m;
  return &m;
}
template <class L> struct cu2cl_closure_id {
  static unsigned long &get() {
    static unsigned long id;
    return id;
  }
  static const void *&tag() {
    static const void *t;
    return t;
  }
};
template <unsigned long ID, class Tag, class L>
inline L cu2cl_closure_at(L l) {
  cu2cl_closure_id<L>::get() = ID;
  cu2cl_closure_id<L>::tag() = cu2cl_closure_tag_of<Tag>();
  return l;
}
#endif

#endif /* CU2CLRT_H */
