/*
 * rt_pitch: boxes of linear memory, pitched allocations and the managed
 * memory hints (rt_pitch.h).
 */
#include "rt_pitch.h"

#include <stdint.h>
#include <string.h>

#include "rt_graph.h"
#include "rt_stream.h"

/* ---- copies ---------------------------------------------------------------
 */

/* Bytes from a box's first byte to one past its last. */
static size_t rt_box_extent(size_t pitch, size_t slice, size_t width,
                            size_t height, size_t depth) {
  return (depth - 1) * slice + (height - 1) * pitch + width;
}

cu2clError_t rt_copy3d_from(const cu2clMemcpy3DParms *p, rt_copy3d *c) {
  if (!p)
    return cu2clErrorInvalidValue;
  if (p->srcArray || p->dstArray) {
    rt_log_error("cudaMemcpy3D with a CUDA array: CUDA arrays are not "
                 "supported (docs/runtime-api.md)");
    return cu2clErrorNotSupported;
  }
  if ((unsigned)p->kind > cu2clMemcpyDefault)
    return cu2clErrorInvalidMemcpyDirection;
  const cu2clPitchedPtr *s = &p->srcPtr, *d = &p->dstPtr;
  const cu2clExtent *e = &p->extent;
  /* one row needs no pitch; more need rows that do not overlap, and more
   * slices need slices that do not */
  if ((e->height > 1 || e->depth > 1) &&
      (s->pitch < e->width + p->srcPos.x || d->pitch < e->width + p->dstPos.x))
    return cu2clErrorInvalidPitchValue;
  if (e->depth > 1 && (s->ysize < e->height + p->srcPos.y ||
                       d->ysize < e->height + p->dstPos.y))
    return cu2clErrorInvalidValue;
  c->spitch = s->pitch ? s->pitch : e->width;
  c->dpitch = d->pitch ? d->pitch : e->width;
  c->sslice = c->spitch * s->ysize;
  c->dslice = c->dpitch * d->ysize;
  c->src = (const char *)s->ptr + p->srcPos.z * c->sslice +
           p->srcPos.y * c->spitch + p->srcPos.x;
  c->dst = (char *)d->ptr + p->dstPos.z * c->dslice + p->dstPos.y * c->dpitch +
           p->dstPos.x;
  c->width = e->width;
  c->height = e->height;
  c->depth = e->depth;
  c->kind = p->kind;
  return cu2clSuccess;
}

cu2clError_t rt_copy3d_plan(const rt_copy3d *c, rt_copy_plan *plan) {
  if (c->width > c->dpitch || c->width > c->spitch)
    return cu2clErrorInvalidPitchValue;
  return rt_mem_plan(
      c->dst,
      rt_box_extent(c->dpitch, c->dslice, c->width, c->height, c->depth),
      c->src,
      rt_box_extent(c->spitch, c->sslice, c->width, c->height, c->depth),
      c->kind, plan);
}

/* c with rows (and slices) contiguous on both sides merged. */
static rt_copy3d rt_copy3d_merged(const rt_copy3d *c) {
  rt_copy3d m = *c;
  if (m.height > 1 && m.dpitch == m.width && m.spitch == m.width) {
    m.width *= m.height;
    m.height = 1;
    m.dpitch = m.spitch = m.width;
  }
  if (m.depth > 1 && m.height == 1 && m.dslice == m.width &&
      m.sslice == m.width) {
    m.width *= m.depth;
    m.depth = 1;
    m.dslice = m.sslice = m.dpitch = m.spitch = m.width;
  }
  return m;
}

cl_int rt_copy3d_enqueue(cl_command_queue q, const rt_copy3d *c) {
  rt_copy3d m = rt_copy3d_merged(c);
  cl_int st = CL_SUCCESS;
  for (size_t z = 0; z < m.depth && st == CL_SUCCESS; z++)
    for (size_t y = 0; y < m.height && st == CL_SUCCESS; y++)
      st = clEnqueueSVMMemcpy(q, CL_FALSE, m.dst + z * m.dslice + y * m.dpitch,
                              m.src + z * m.sslice + y * m.spitch, m.width, 0,
                              NULL, NULL);
  return st;
}

static void rt_copy3d_host(const rt_copy3d *c) {
  for (size_t z = 0; z < c->depth; z++)
    for (size_t y = 0; y < c->height; y++)
      memmove(c->dst + z * c->dslice + y * c->dpitch,
              c->src + z * c->sslice + y * c->spitch, c->width);
}

cu2clError_t rt_copy3d_run(const rt_copy3d *c, cu2clStream_t stream, int async,
                           int trace_2d) {
  if (!async) /* a synchronous copy: refused during most captures */
    RT_TRY(rt_graph_unsafe_call());
  if (c->width == 0 || c->height == 0 || c->depth == 0)
    return (unsigned)c->kind > cu2clMemcpyDefault
               ? cu2clErrorInvalidMemcpyDirection
               : cu2clSuccess;
  rt_copy_plan plan = {0};
  RT_TRY(rt_copy3d_plan(c, &plan));
  if (async && rt_graph_capturing(stream)) /* recorded, not run (rt_graph.h) */
    return rt_graph_record_copy(stream, plan.dev, c);
  if (!plan.dev) {
    rt_copy3d_host(c);
    return cu2clSuccess;
  }
  cl_command_queue q;
  RT_TRY(rt_stream_acquire(stream, plan.dev, &q));
  RT_TRY(rt_managed_to_device(plan.dev));
  cl_int st = rt_copy3d_enqueue(q, c);
  int traced = trace_2d && c->depth == 1 && rt_mem_traced(c->kind, &plan);
  if (st == CL_SUCCESS)
    st = (!async || plan.pageable || traced) ? clFinish(q) : clFlush(q);
  if (st != CL_SUCCESS)
    return rt_cl_error(st, cu2clErrorInvalidValue);
  if (traced)
    rt_trace_copy_2d(async, c->dst, c->dpitch, c->width, c->height);
  return cu2clSuccess;
}

static rt_copy3d rt_copy2d(void *dst, size_t dpitch, const void *src,
                           size_t spitch, size_t width, size_t height,
                           cu2clMemcpyKind kind) {
  rt_copy3d c = {
      dst,   src,    dpitch, spitch, dpitch * height, spitch * height,
      width, height, 1,      kind};
  return c;
}

cu2clError_t cu2clMemcpy2D(void *dst, size_t dpitch, const void *src,
                           size_t spitch, size_t width, size_t height,
                           cu2clMemcpyKind kind) {
  rt_copy3d c = rt_copy2d(dst, dpitch, src, spitch, width, height, kind);
  return rt_fail(rt_copy3d_run(&c, NULL, 0, 1));
}

cu2clError_t cu2clMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                                size_t spitch, size_t width, size_t height,
                                cu2clMemcpyKind kind, cu2clStream_t stream) {
  rt_copy3d c = rt_copy2d(dst, dpitch, src, spitch, width, height, kind);
  return rt_fail(rt_copy3d_run(&c, stream, 1, 1));
}

cu2clError_t cu2clMemcpy3D(const cu2clMemcpy3DParms *p) {
  rt_copy3d c;
  RT_TRY(rt_copy3d_from(p, &c));
  return rt_fail(rt_copy3d_run(&c, NULL, 0, 0));
}

cu2clError_t cu2clMemcpy3DAsync(const cu2clMemcpy3DParms *p,
                                cu2clStream_t stream) {
  rt_copy3d c;
  RT_TRY(rt_copy3d_from(p, &c));
  return rt_fail(rt_copy3d_run(&c, stream, 1, 0));
}

/* ---- fills ----------------------------------------------------------------
 */

cu2clError_t rt_fill3d_plan(const rt_fill3d *f, rt_device **dev) {
  if (!f->ptr || (f->elem != 1 && f->elem != 2 && f->elem != 4))
    return cu2clErrorInvalidValue;
  size_t row = f->width * f->elem;
  if ((f->height > 1 || f->depth > 1) && f->pitch < row)
    return cu2clErrorInvalidPitchValue;
  if ((uintptr_t)f->ptr % f->elem || (f->height > 1 && f->pitch % f->elem))
    return cu2clErrorInvalidValue;
  rt_alloc a;
  size_t extent =
      row && f->height && f->depth
          ? rt_box_extent(f->pitch, f->slice, row, f->height, f->depth)
          : 0;
  RT_TRY(rt_mem_span(f->ptr, extent, &a));
  if (!rt_is_device_kind(a.kind))
    return cu2clErrorInvalidValue;
  *dev = a.dev;
  return cu2clSuccess;
}

/* One row: a byte fill takes rt_mem_enqueue_fill's word pattern when it
 * can; wider elements are their own pattern. */
static cl_int rt_fill_row(cl_command_queue q, char *p, size_t bytes,
                          unsigned value, unsigned elem) {
  if (elem == 1)
    return rt_mem_enqueue_fill(q, p, (int)value, bytes);
  cl_ushort half = (cl_ushort)value;
  cl_uint word = value;
  return clEnqueueSVMMemFill(q, p, elem == 2 ? (void *)&half : (void *)&word,
                             elem, bytes, 0, NULL, NULL);
}

cl_int rt_fill3d_enqueue(cl_command_queue q, const rt_fill3d *f) {
  size_t row = f->width * f->elem, height = f->height, depth = f->depth;
  size_t pitch = f->pitch, slice = f->slice;
  if (height > 1 && pitch == row) { /* contiguous rows: one fill per slice */
    row *= height;
    height = 1;
    pitch = row;
  }
  if (depth > 1 && height == 1 && slice == row) {
    row *= depth;
    depth = 1;
  }
  cl_int st = CL_SUCCESS;
  for (size_t z = 0; z < depth && st == CL_SUCCESS; z++)
    for (size_t y = 0; y < height && st == CL_SUCCESS; y++)
      st = rt_fill_row(q, f->ptr + z * slice + y * pitch, row, f->value,
                       f->elem);
  return st;
}

/* cudaMemset is asynchronous with respect to the host for device memory;
 * so is this: the fill is ordered on the stream. No clFlush: like a
 * launch, the fill goes with the next command that flushes or waits (a
 * flush costs a driver submission: about 10 us on PoCL per call, measured
 * with bench_launch's round trip). */
cu2clError_t rt_fill3d_run(const rt_fill3d *f, cu2clStream_t stream) {
  rt_device *dev;
  RT_TRY(rt_fill3d_plan(f, &dev));
  if (f->width == 0 || f->height == 0 || f->depth == 0)
    return cu2clSuccess;
  if (rt_graph_capturing(stream)) /* recorded, not run (rt_graph.h) */
    return rt_graph_record_fill(stream, dev, f);
  cl_command_queue q;
  RT_TRY(rt_stream_acquire(stream, dev, &q));
  RT_TRY(rt_managed_to_device(dev));
  return rt_cl_error(rt_fill3d_enqueue(q, f), cu2clErrorInvalidValue);
}

static rt_fill3d rt_fill2d(void *ptr, size_t pitch, int value, size_t width,
                           size_t height) {
  rt_fill3d f = {ptr,
                 pitch,
                 pitch * height,
                 width,
                 height,
                 1,
                 (unsigned)(unsigned char)value,
                 1};
  return f;
}

cu2clError_t cu2clMemset(void *dev_ptr, int value, size_t count) {
  rt_fill3d f = rt_fill2d(dev_ptr, count, value, count, 1);
  return rt_fail(rt_fill3d_run(&f, NULL));
}

cu2clError_t cu2clMemsetAsync(void *dev_ptr, int value, size_t count,
                              cu2clStream_t stream) {
  rt_fill3d f = rt_fill2d(dev_ptr, count, value, count, 1);
  return rt_fail(rt_fill3d_run(&f, stream));
}

cu2clError_t cu2clMemset2D(void *dev_ptr, size_t pitch, int value, size_t width,
                           size_t height) {
  rt_fill3d f = rt_fill2d(dev_ptr, pitch, value, width, height);
  return rt_fail(rt_fill3d_run(&f, NULL));
}

cu2clError_t cu2clMemset2DAsync(void *dev_ptr, size_t pitch, int value,
                                size_t width, size_t height,
                                cu2clStream_t stream) {
  rt_fill3d f = rt_fill2d(dev_ptr, pitch, value, width, height);
  return rt_fail(rt_fill3d_run(&f, stream));
}

static rt_fill3d rt_fill_box(cu2clPitchedPtr p, int value, cu2clExtent e) {
  rt_fill3d f = rt_fill2d(p.ptr, p.pitch, value, e.width, e.height);
  f.slice = p.pitch * p.ysize;
  f.depth = e.depth;
  return f;
}

cu2clError_t cu2clMemset3D(cu2clPitchedPtr pitched, int value,
                           cu2clExtent extent) {
  RT_CHECK(extent.depth <= 1 || pitched.ysize >= extent.height,
           cu2clErrorInvalidValue);
  rt_fill3d f = rt_fill_box(pitched, value, extent);
  return rt_fail(rt_fill3d_run(&f, NULL));
}

cu2clError_t cu2clMemset3DAsync(cu2clPitchedPtr pitched, int value,
                                cu2clExtent extent, cu2clStream_t stream) {
  RT_CHECK(extent.depth <= 1 || pitched.ysize >= extent.height,
           cu2clErrorInvalidValue);
  rt_fill3d f = rt_fill_box(pitched, value, extent);
  return rt_fail(rt_fill3d_run(&f, stream));
}

/* ---- pitched allocations --------------------------------------------------
 */

/* The device's pitch: a multiple of CL_DEVICE_MEM_BASE_ADDR_ALIGN (given
 * in bits), at least 512 bytes as CUDA's pitches are, so that every row
 * starts as aligned as an allocation does. */
static size_t rt_pitch_of(const rt_device *d, size_t width) {
  cl_uint bits = 0;
  clGetDeviceInfo(d->id, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof bits, &bits,
                  NULL);
  size_t align = bits / 8 > 512 ? bits / 8 : 512;
  return (width + align - 1) / align * align;
}

cu2clError_t cu2clMallocPitch(void **dev_ptr, size_t *pitch, size_t width,
                              size_t height) {
  RT_CHECK(dev_ptr != NULL && pitch != NULL, cu2clErrorInvalidValue);
  rt_device *d;
  RT_TRY(rt_device_current(&d));
  *pitch = width ? rt_pitch_of(d, width) : 0;
  return cu2clMalloc(dev_ptr, *pitch * height);
}

cu2clError_t cu2clMalloc3D(cu2clPitchedPtr *pitched, cu2clExtent extent) {
  RT_CHECK(pitched != NULL, cu2clErrorInvalidValue);
  rt_device *d;
  RT_TRY(rt_device_current(&d));
  size_t pitch = extent.width ? rt_pitch_of(d, extent.width) : 0;
  void *p = NULL;
  RT_TRY(cu2clMalloc(&p, pitch * extent.height * extent.depth));
  *pitched = make_cu2clPitchedPtr(p, pitch, extent.width, extent.height);
  return cu2clSuccess;
}

/* ---- managed memory hints -------------------------------------------------
 */

/* [ptr, ptr + count) in device or managed memory of the current device. */
static cu2clError_t rt_hint_range(const void *ptr, size_t count,
                                  rt_device **d) {
  RT_TRY(rt_device_current(d));
  rt_alloc a;
  if (!ptr || count == 0)
    return cu2clErrorInvalidValue;
  RT_TRY(rt_mem_span(ptr, count, &a));
  if ((a.kind != RT_MEM_MANAGED && a.kind != RT_MEM_DEVICE) || a.dev != *d)
    return cu2clErrorInvalidValue;
  return cu2clSuccess;
}

static int rt_location_ok(cu2clMemLocation l) {
  return l.type == cu2clMemLocationTypeHost ||
         l.type == cu2clMemLocationTypeHostNuma ||
         l.type == cu2clMemLocationTypeHostNumaCurrent ||
         (l.type == cu2clMemLocationTypeDevice && l.id >= 0 &&
          l.id < rt_device_count());
}

/* Nothing migrates (cu2clrt.h); the stream is checked as a use of it. */
cu2clError_t cu2clMemPrefetchAsync(const void *dev_ptr, size_t count,
                                   cu2clMemLocation location,
                                   unsigned int flags, cu2clStream_t stream) {
  rt_device *d;
  RT_TRY(rt_hint_range(dev_ptr, count, &d));
  RT_CHECK(rt_location_ok(location) && flags == 0, cu2clErrorInvalidValue);
  RT_CHECK(rt_is_default_stream(stream) || stream->dev == d,
           cu2clErrorInvalidResourceHandle);
  return cu2clSuccess;
}

cu2clError_t cu2clMemAdvise(const void *dev_ptr, size_t count,
                            cu2clMemoryAdvise advice,
                            cu2clMemLocation location) {
  rt_device *d;
  RT_TRY(rt_hint_range(dev_ptr, count, &d));
  RT_CHECK(advice >= cu2clMemAdviseSetReadMostly &&
               advice <= cu2clMemAdviseUnsetAccessedBy,
           cu2clErrorInvalidValue);
  int any = advice == cu2clMemAdviseSetReadMostly ||
            advice == cu2clMemAdviseUnsetReadMostly; /* location ignored */
  RT_CHECK(any || rt_location_ok(location), cu2clErrorInvalidValue);
  return cu2clSuccess;
}

cu2clError_t cu2clStreamAttachMemAsync(cu2clStream_t stream, void *dev_ptr,
                                       size_t length, unsigned int flags) {
  RT_CHECK(flags == cu2clMemAttachGlobal || flags == cu2clMemAttachHost ||
               flags == cu2clMemAttachSingle,
           cu2clErrorInvalidValue);
  rt_alloc a;
  rt_mem_find(dev_ptr, &a);
  RT_CHECK(a.kind == RT_MEM_MANAGED && a.base == dev_ptr,
           cu2clErrorInvalidValue);
  RT_CHECK(length == 0 || length == a.size, cu2clErrorInvalidValue);
  RT_CHECK(rt_is_default_stream(stream) || stream->dev == a.dev,
           cu2clErrorInvalidResourceHandle);
  return cu2clSuccess;
}
