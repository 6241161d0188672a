/*
 * cu2clrt_pitch.h: pitched and 3D memory and the managed-memory hints. Part
 * of cu2clrt's public header: cu2clrt.h includes it (inside its C linkage
 * block), and it is not meant to be included on its own.
 */
#ifndef CU2CLRT_PITCH_H
#define CU2CLRT_PITCH_H

/* Pitched and 3D memory. Linear memory only: CUDA arrays are not supported
 * (a copy naming one fails with cu2clErrorNotSupported). A pitch is a
 * multiple of the device's CL_DEVICE_MEM_BASE_ADDR_ALIGN (at least 512
 * bytes, as CUDA's texture pitch alignment), never below the width. Copies
 * and fills go row by row over the SVM pointers (rows that are contiguous
 * on both sides in one command). */
typedef struct cu2clPitchedPtr {
  void *ptr;
  size_t pitch; /* bytes from one row to the next */
  size_t xsize; /* logical width, in bytes for linear memory */
  size_t ysize; /* logical height: rows per slice */
} cu2clPitchedPtr;
typedef struct cu2clExtent {
  size_t width; /* in bytes for linear memory */
  size_t height;
  size_t depth;
} cu2clExtent;
typedef struct cu2clPos {
  size_t x; /* in bytes for linear memory */
  size_t y;
  size_t z;
} cu2clPos;
/* CUDA's cudaMemcpy3DParms. srcArray and dstArray stand for CUDA arrays and
 * must be NULL. */
typedef struct cu2clMemcpy3DParms {
  void *srcArray;
  cu2clPos srcPos;
  cu2clPitchedPtr srcPtr;
  void *dstArray;
  cu2clPos dstPos;
  cu2clPitchedPtr dstPtr;
  cu2clExtent extent;
  cu2clMemcpyKind kind;
} cu2clMemcpy3DParms;
static inline cu2clPitchedPtr make_cu2clPitchedPtr(void *d, size_t p,
                                                   size_t xsz, size_t ysz) {
  cu2clPitchedPtr r;
  r.ptr = d;
  r.pitch = p;
  r.xsize = xsz;
  r.ysize = ysz;
  return r;
}
static inline cu2clExtent make_cu2clExtent(size_t w, size_t h, size_t d) {
  cu2clExtent r;
  r.width = w;
  r.height = h;
  r.depth = d;
  return r;
}
static inline cu2clPos make_cu2clPos(size_t x, size_t y, size_t z) {
  cu2clPos r;
  r.x = x;
  r.y = y;
  r.z = z;
  return r;
}
/* *pitch >= width; height rows of *pitch bytes. */
CU2CL_API cu2clError_t cu2clMallocPitch(void **dev_ptr, size_t *pitch,
                                        size_t width, size_t height);
/* extent.depth slices of extent.height rows of pitch bytes. */
CU2CL_API cu2clError_t cu2clMalloc3D(cu2clPitchedPtr *pitched,
                                     cu2clExtent extent);
CU2CL_API cu2clError_t cu2clMemset2D(void *dev_ptr, size_t pitch, int value,
                                     size_t width, size_t height);
CU2CL_API cu2clError_t cu2clMemset2DAsync(void *dev_ptr, size_t pitch,
                                          int value, size_t width,
                                          size_t height,
                                          cu2clStream_t stream CU2CL_DEFARG(0));
CU2CL_API cu2clError_t cu2clMemset3D(cu2clPitchedPtr pitched, int value,
                                     cu2clExtent extent);
CU2CL_API cu2clError_t cu2clMemset3DAsync(cu2clPitchedPtr pitched, int value,
                                          cu2clExtent extent,
                                          cu2clStream_t stream CU2CL_DEFARG(0));
CU2CL_API cu2clError_t cu2clMemcpy3D(const cu2clMemcpy3DParms *p);
CU2CL_API cu2clError_t cu2clMemcpy3DAsync(const cu2clMemcpy3DParms *p,
                                          cu2clStream_t stream CU2CL_DEFARG(0));

/* Managed-memory hints (CUDA 13's forms; C++ also gets CUDA 12's, with a
 * device number). Managed memory is fine-grained SVM or mapped between
 * synchronizations (docs/runtime.md), so there is nothing to migrate: the
 * arguments are checked (managed or device memory of the current device, a
 * known location and advice) and the prefetch is ordered on the stream. */
typedef enum cu2clMemLocationType {
  cu2clMemLocationTypeInvalid = 0,
  cu2clMemLocationTypeDevice = 1,
  cu2clMemLocationTypeHost = 2,
  cu2clMemLocationTypeHostNuma = 3,
  cu2clMemLocationTypeHostNumaCurrent = 4
} cu2clMemLocationType;
typedef struct cu2clMemLocation {
  cu2clMemLocationType type;
  int id; /* the device for ...TypeDevice */
} cu2clMemLocation;
typedef enum cu2clMemoryAdvise {
  cu2clMemAdviseSetReadMostly = 1,
  cu2clMemAdviseUnsetReadMostly = 2,
  cu2clMemAdviseSetPreferredLocation = 3,
  cu2clMemAdviseUnsetPreferredLocation = 4,
  cu2clMemAdviseSetAccessedBy = 5,
  cu2clMemAdviseUnsetAccessedBy = 6
} cu2clMemoryAdvise;
#define cu2clCpuDeviceId ((int)-1)
CU2CL_API cu2clError_t cu2clMemPrefetchAsync(
    const void *dev_ptr, size_t count, cu2clMemLocation location,
    unsigned int flags, cu2clStream_t stream CU2CL_DEFARG(0));
CU2CL_API cu2clError_t cu2clMemAdvise(const void *dev_ptr, size_t count,
                                      cu2clMemoryAdvise advice,
                                      cu2clMemLocation location);
/* Stream attachment of managed memory: accepted, as the memory is coherent
 * for the host at every synchronization; length 0 or the allocation's size. */
CU2CL_API cu2clError_t cu2clStreamAttachMemAsync(
    cu2clStream_t stream, void *dev_ptr, size_t length CU2CL_DEFARG(0),
    unsigned int flags CU2CL_DEFARG(cu2clMemAttachSingle));

#endif /* CU2CLRT_PITCH_H */
