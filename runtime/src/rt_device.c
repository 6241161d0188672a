/*
 * rt_device: device discovery and selection, contexts, and the device
 * management part of the API (count, current device, properties,
 * attributes, reset).
 *
 * CU2CL_DEVICE selects the devices the program sees (docs/runtime.md):
 *   unset or empty  every GPU of every platform; every device if none is a GPU
 *   a number N      the N-th device of the global list (platforms in order)
 *   other text      every device whose description contains it, ignoring
 *                   case; the description is "platform name, vendor and
 *                   version: device name [cpu|gpu|accelerator]".
 * Nothing selected is an initialization failure reported once on stderr;
 * every later call then returns cu2clErrorNoDevice.
 *
 * Each device's way of running warp operations (rt_warp_path) is fixed here
 * too, from what it offers and CU2CL_WARP; rt_program passes it to builds.
 */
#include "rt_device.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt_devrt.h"
#include "rt_fault.h"
#include "rt_graph.h"
#include "rt_memory.h"
#include "rt_program.h"
#include "rt_stream.h"
#include "rt_trace.h"
#include "rt_symbol.h"

static struct {
  pthread_once_t once;
  cu2clError_t init_error;
  rt_device *devices;
  int count;
  unsigned int device_flags;
} g_dev = {PTHREAD_ONCE_INIT, cu2clSuccess, NULL, 0, 0};

static _Thread_local int tl_current = 0;

cu2clError_t rt_cl_error(cl_int status, cu2clError_t fallback) {
  switch (status) {
  case CL_SUCCESS:
    return cu2clSuccess;
  case CL_OUT_OF_HOST_MEMORY:
  case CL_MEM_OBJECT_ALLOCATION_FAILURE:
    return cu2clErrorMemoryAllocation;
  case CL_OUT_OF_RESOURCES:
    return cu2clErrorLaunchOutOfResources;
  default:
    return fallback;
  }
}

/* ---- discovery ---------------------------------------------------------- */

static void rt_info_string(cl_device_id dev, cl_device_info what, char *buf,
                           size_t size) {
  buf[0] = '\0';
  if (clGetDeviceInfo(dev, what, size, buf, NULL) != CL_SUCCESS)
    buf[0] = '\0';
  buf[size - 1] = '\0';
}

static char *rt_info_alloc(cl_device_id dev, cl_device_info what) {
  size_t size = 0;
  if (clGetDeviceInfo(dev, what, 0, NULL, &size) != CL_SUCCESS)
    return calloc(1, 1);
  char *s = calloc(size + 1, 1);
  if (s && clGetDeviceInfo(dev, what, size, s, NULL) != CL_SUCCESS)
    s[0] = '\0';
  return s;
}

int rt_device_has_extension(const rt_device *dev, const char *ext) {
  size_t n = strlen(ext);
  for (const char *p = dev->extensions; p && (p = strstr(p, ext)); p += n) {
    int starts = p == dev->extensions || p[-1] == ' ';
    if (starts && (p[n] == ' ' || p[n] == '\0'))
      return 1;
  }
  return 0;
}

/* Highest OpenCL C version the device compiles, capped at 3.0. OpenCL 3.0
 * devices list every version; older ones name only their highest. */
static void rt_probe_clc_version(rt_device *d) {
  d->clc_major = 1, d->clc_minor = 2;
  char text[256];
  rt_info_string(d->id, CL_DEVICE_OPENCL_C_VERSION, text, sizeof text);
  if (sscanf(text, "OpenCL C %d.%d", &d->clc_major, &d->clc_minor) != 2)
    d->clc_major = 1, d->clc_minor = 2;
  if (d->cl_major < 3)
    return;
  cl_name_version all[32];
  size_t size = 0;
  if (clGetDeviceInfo(d->id, CL_DEVICE_OPENCL_C_ALL_VERSIONS, sizeof all, all,
                      &size) != CL_SUCCESS)
    return;
  for (size_t i = 0; i < size / sizeof all[0]; i++) {
    int major = CL_VERSION_MAJOR(all[i].version);
    int minor = CL_VERSION_MINOR(all[i].version);
    int better =
        major > d->clc_major || (major == d->clc_major && minor > d->clc_minor);
    if (better && major * 10 + minor <= 30)
      d->clc_major = major, d->clc_minor = minor;
  }
}

/* ---- warp operations -------------------------------------------------- */

/* Device queries of cl_intel_required_subgroup_size and
 * cl_nv_device_attribute_query (values from the extensions' specs). */
#define RT_DEVICE_SUB_GROUP_SIZES_INTEL 0x4108
#define RT_DEVICE_CC_MAJOR_NV 0x4000
#define RT_DEVICE_CC_MINOR_NV 0x4001

const char *rt_warp_path_name(rt_warp_path path) {
  switch (path) {
  case RT_WARP_SUBGROUP:
    return "subgroup";
  case RT_WARP_PTX:
    return "ptx";
  default:
    return "emulate";
  }
}

static int rt_has_sub_group_size_32(const rt_device *d) {
  size_t sizes[64], size = 0;
  if (clGetDeviceInfo(d->id, RT_DEVICE_SUB_GROUP_SIZES_INTEL, sizeof sizes,
                      sizes, &size) != CL_SUCCESS)
    return 0;
  for (size_t i = 0; i < size / sizeof sizes[0]; i++)
    if (sizes[i] == 32)
      return 1;
  return 0;
}

/* What the sub-group path needs and d lacks, as a list for messages; empty
 * when d can take it. The built-ins come from cl_khr_subgroups (broadcast,
 * reduce, barrier), _shuffle and _ballot; 32-wide sub-groups are pinned with
 * intel_reqd_sub_group_size. */
static void rt_sub_group_lacks(const rt_device *d, char *buf, size_t size) {
  static const char *const needed[] = {
      "cl_khr_subgroups", "cl_khr_subgroup_shuffle", "cl_khr_subgroup_ballot",
      "cl_intel_required_subgroup_size"};
  size_t n = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < sizeof needed / sizeof needed[0]; i++)
    if (!rt_device_has_extension(d, needed[i]) && n < size)
      n += snprintf(buf + n, size - n, "%s%s", n ? ", " : "", needed[i]);
  if (rt_device_has_extension(d, "cl_intel_required_subgroup_size") &&
      !rt_has_sub_group_size_32(d) && n < size)
    snprintf(buf + n, size - n, "%ssub-group size 32", n ? ", " : "");
}

/* Emulation scratch: one slot per work-item of the largest block, capped at
 * CUDA's 1024 threads per block so that the scratch stays 8 KiB of local
 * memory; larger blocks of warp kernels are refused at launch. */
static size_t rt_warp_scratch_size(const rt_device *d) {
  size_t n = d->max_wg_size < 1024 ? d->max_wg_size : 1024;
  return n < 32 ? 32 : (n + 31) / 32 * 32;
}

/* CU2CL_WARP: unset, empty or "auto" chooses (NVIDIA: PTX; 32-wide
 * sub-groups: subgroup, if a probe at the first build confirms it, see
 * rt_program.c; otherwise the emulation); emulate, subgroup or ptx forces a
 * path, and a forced path the device cannot take is an error that every
 * build on the device reports. */
static void rt_choose_warp_path(rt_device *d) {
  char lacks[256];
  rt_sub_group_lacks(d, lacks, sizeof lacks);
  const char *env = getenv("CU2CL_WARP");
  d->warp_scratch = rt_warp_scratch_size(d);
  d->warp_error[0] = '\0';
  d->warp_auto = !env || !*env || strcmp(env, "auto") == 0;
  if (d->warp_auto) {
    d->warp_path = d->is_nvidia ? RT_WARP_PTX
                   : !lacks[0]  ? RT_WARP_SUBGROUP
                                : RT_WARP_EMULATE;
  } else if (strcmp(env, "emulate") == 0) {
    d->warp_path = RT_WARP_EMULATE;
  } else if (strcmp(env, "subgroup") == 0) {
    d->warp_path = RT_WARP_SUBGROUP;
    if (lacks[0])
      snprintf(d->warp_error, sizeof d->warp_error,
               "CU2CL_WARP=subgroup: device %s (%s) cannot run warp "
               "operations on sub-groups: it lacks %s",
               d->name, d->platform_name, lacks);
  } else if (strcmp(env, "ptx") == 0) {
    d->warp_path = RT_WARP_PTX;
    if (!d->is_nvidia)
      snprintf(d->warp_error, sizeof d->warp_error,
               "CU2CL_WARP=ptx: device %s (%s) is not on NVIDIA's OpenCL "
               "platform, which inline PTX needs",
               d->name, d->platform_name);
  } else {
    d->warp_path = RT_WARP_EMULATE;
    snprintf(d->warp_error, sizeof d->warp_error,
             "CU2CL_WARP=%.64s is not one of auto, emulate, subgroup, ptx",
             env);
  }
}

static void rt_probe_nv_sm(rt_device *d) {
  cl_uint major = 0, minor = 0;
  d->nv_sm = 0;
  if (d->is_nvidia &&
      clGetDeviceInfo(d->id, RT_DEVICE_CC_MAJOR_NV, sizeof major, &major,
                      NULL) == CL_SUCCESS &&
      clGetDeviceInfo(d->id, RT_DEVICE_CC_MINOR_NV, sizeof minor, &minor,
                      NULL) == CL_SUCCESS)
    d->nv_sm = (int)(major * 10 + minor);
}

static void rt_probe_device(rt_device *d, cl_platform_id platform,
                            cl_device_id id) {
  d->platform = platform;
  d->id = id;
  clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof d->platform_name,
                    d->platform_name, NULL);
  clGetPlatformInfo(platform, CL_PLATFORM_VERSION, sizeof d->platform_version,
                    d->platform_version, NULL);
  rt_info_string(id, CL_DEVICE_NAME, d->name, sizeof d->name);
  rt_info_string(id, CL_DRIVER_VERSION, d->driver_version,
                 sizeof d->driver_version);
  rt_info_string(id, CL_DEVICE_VERSION, d->device_version,
                 sizeof d->device_version);
  d->extensions = rt_info_alloc(id, CL_DEVICE_EXTENSIONS);
  if (sscanf(d->device_version, "OpenCL %d.%d", &d->cl_major, &d->cl_minor) !=
      2)
    d->cl_major = 1, d->cl_minor = 2;
  clGetDeviceInfo(id, CL_DEVICE_TYPE, sizeof d->type, &d->type, NULL);
  if (d->cl_major < 2 ||
      clGetDeviceInfo(id, CL_DEVICE_SVM_CAPABILITIES, sizeof d->svm, &d->svm,
                      NULL) != CL_SUCCESS)
    d->svm = 0;
  clGetDeviceInfo(id, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof d->max_wg_size,
                  &d->max_wg_size, NULL);
  clGetDeviceInfo(id, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof d->max_item_sizes,
                  d->max_item_sizes, NULL);
  clGetDeviceInfo(id, CL_DEVICE_LOCAL_MEM_SIZE, sizeof d->local_mem_size,
                  &d->local_mem_size, NULL);
  clGetDeviceInfo(id, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof d->global_mem_size,
                  &d->global_mem_size, NULL);
  rt_probe_clc_version(d);
  d->is_nvidia = strstr(d->platform_name, "NVIDIA") != NULL;
  d->is_pocl = strstr(d->platform_name, "Portable Computing Language") != NULL;
  cl_device_fp_config fp = 0;
  clGetDeviceInfo(id, CL_DEVICE_SINGLE_FP_CONFIG, sizeof fp, &fp, NULL);
  d->fp32_exact_div = (fp & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT) != 0;
  d->has_fp64 = rt_device_has_extension(d, "cl_khr_fp64");
  d->has_int64_atomics =
      rt_device_has_extension(d, "cl_khr_int64_base_atomics");
  d->has_subgroups = rt_device_has_extension(d, "cl_khr_subgroups");
  rt_probe_nv_sm(d);
  rt_choose_warp_path(d);
  pthread_mutex_init(&d->lock, NULL);
  pthread_mutex_init(&d->sg_lock, NULL);
}

/* The text CU2CL_DEVICE substrings are matched against. */
static void rt_device_description(const rt_device *d, char *buf, size_t size) {
  char vendor[256] = "";
  clGetPlatformInfo(d->platform, CL_PLATFORM_VENDOR, sizeof vendor, vendor,
                    NULL);
  const char *type = (d->type & CL_DEVICE_TYPE_GPU)   ? "gpu"
                     : (d->type & CL_DEVICE_TYPE_CPU) ? "cpu"
                                                      : "accelerator";
  snprintf(buf, size, "%s %s %s: %s [%s]", d->platform_name, vendor,
           d->platform_version, d->name, type);
}

static int rt_contains_nocase(const char *hay, const char *needle) {
  size_t n = strlen(needle);
  for (; *hay; hay++) {
    size_t i = 0;
    while (i < n && hay[i] &&
           tolower((unsigned char)hay[i]) == tolower((unsigned char)needle[i]))
      i++;
    if (i == n)
      return 1;
  }
  return n == 0;
}

/* PoCL runs a work-group's work-items on a thread of its own, with their
 * private arrays on that thread's stack: a kernel's 32 KB array per thread
 * in groups of 256 takes 8 MB, glibc's whole default (HeCBench fsm died of
 * SIGSEGV), where CUDA gives every thread up to 512 KB of local memory.
 * PoCL creates its threads with the process's default attributes, so the
 * default stack size is raised before OpenCL starts (address space only:
 * a stack's pages are used as they are touched). Threads the program
 * creates later without attributes get it too. */
static void rt_thread_stacks(void) {
#if defined(__GLIBC__)
  enum { STACK = 128 << 20 };
  pthread_attr_t attr;
  size_t size = 0;
  if (pthread_getattr_default_np(&attr) != 0)
    return;
  if (pthread_attr_getstacksize(&attr, &size) == 0 && size < STACK &&
      pthread_attr_setstacksize(&attr, STACK) == 0)
    pthread_setattr_default_np(&attr);
  pthread_attr_destroy(&attr);
#endif
}

/* Fills all[] with every device of every platform; returns the count. */
static int rt_enumerate(rt_device **out) {
  cl_uint nplat = 0;
  rt_thread_stacks();
  if (clGetPlatformIDs(0, NULL, &nplat) != CL_SUCCESS || nplat == 0)
    return 0;
  cl_platform_id plats[16];
  nplat = nplat > 16 ? 16 : nplat;
  if (clGetPlatformIDs(nplat, plats, NULL) != CL_SUCCESS)
    return 0;
  rt_device *all = NULL;
  int count = 0;
  for (cl_uint p = 0; p < nplat; p++) {
    cl_uint ndev = 0;
    cl_device_id ids[64];
    if (clGetDeviceIDs(plats[p], CL_DEVICE_TYPE_ALL, 64, ids, &ndev) !=
        CL_SUCCESS)
      continue;
    ndev = ndev > 64 ? 64 : ndev;
    rt_device *grown = realloc(all, (count + ndev) * sizeof *all);
    if (!grown)
      break;
    all = grown;
    for (cl_uint i = 0; i < ndev; i++) {
      memset(&all[count], 0, sizeof all[count]);
      rt_probe_device(&all[count++], plats[p], ids[i]);
    }
  }
  *out = all;
  return count;
}

static int rt_selected(const rt_device *d, int index, const char *sel,
                       int any_gpu) {
  if (!sel || !*sel)
    return any_gpu ? (d->type & CL_DEVICE_TYPE_GPU) != 0 : 1;
  char *end;
  long n = strtol(sel, &end, 10);
  if (*end == '\0')
    return n == index;
  char desc[1024];
  rt_device_description(d, desc, sizeof desc);
  return rt_contains_nocase(desc, sel);
}

static void rt_report_no_match(const rt_device *all, int n, const char *sel) {
  rt_log_error("CU2CL_DEVICE=\"%s\" matches none of the %d OpenCL device(s)%s",
               sel ? sel : "", n, n ? ":" : "");
  for (int i = 0; i < n; i++) {
    char desc[1024];
    rt_device_description(&all[i], desc, sizeof desc);
    fprintf(stderr, "  %d: %s\n", i, desc);
  }
}

static void rt_init_once(void) {
  /* a trace (CU2CL_TRACE) is opened with the runtime, as the traced
   * original's is with CUDA's: a program that copies nothing back (its
   * result is what it prints) still leaves one for cu2cl validate */
  (void)rt_trace_on();
  rt_device *all = NULL;
  int n = rt_enumerate(&all);
  const char *sel = getenv("CU2CL_DEVICE");
  int any_gpu = 0;
  for (int i = 0; i < n; i++)
    any_gpu |= (all[i].type & CL_DEVICE_TYPE_GPU) != 0;
  int kept = 0;
  for (int i = 0; i < n; i++) {
    if (rt_selected(&all[i], i, sel, any_gpu)) {
      all[kept] = all[i];
      all[kept].ordinal = kept;
      kept++;
    } else {
      free(all[i].extensions);
      pthread_mutex_destroy(&all[i].lock);
    }
  }
  g_dev.devices = all;
  g_dev.count = kept;
  if (kept == 0) {
    if (n == 0)
      rt_log_error("no OpenCL device found (is an OpenCL ICD installed?)");
    else
      rt_report_no_match(all, n, sel);
    g_dev.init_error = cu2clErrorNoDevice;
    return;
  }
  for (int i = 0; i < kept; i++) {
    rt_log_debug("device %d: %s: %s (%s, OpenCL C %d.%d, SVM 0x%lx)", i,
                 all[i].platform_name, all[i].name, all[i].device_version,
                 all[i].clc_major, all[i].clc_minor, (unsigned long)all[i].svm);
    if (all[i].warp_error[0])
      rt_log_debug("device %d: warp operations: %s", i, all[i].warp_error);
    else
      rt_log_debug("device %d: warp operations use the %s path", i,
                   rt_warp_path_name(all[i].warp_path));
  }
}

/* ---- opening and the current device ------------------------------------- */

cl_command_queue rt_device_new_queue(rt_device *d, cl_int *status) {
  if (d->cl_major >= 2) {
    cl_queue_properties props[] = {CL_QUEUE_PROPERTIES,
                                   CL_QUEUE_PROFILING_ENABLE, 0};
    return clCreateCommandQueueWithProperties(d->ctx, d->id, props, status);
  }
  /* OpenCL 1.2 platforms lack the 2.0 entry point. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
  return clCreateCommandQueue(d->ctx, d->id, CL_QUEUE_PROFILING_ENABLE, status);
#pragma GCC diagnostic pop
}

static cu2clError_t rt_device_open_locked(rt_device *d) {
  cl_int st;
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM,
                                   (cl_context_properties)d->platform, 0};
  d->ctx = clCreateContext(props, 1, &d->id, NULL, NULL, &st);
  if (st != CL_SUCCESS) {
    rt_log_error("cannot create an OpenCL context on %s: %s", d->name,
                 rt_cl_status_name(st));
    return rt_cl_error(st, cu2clErrorInitializationError);
  }
  d->queue = rt_device_new_queue(d, &st);
  if (st != CL_SUCCESS) {
    rt_log_error("cannot create a command queue on %s: %s", d->name,
                 rt_cl_status_name(st));
    clReleaseContext(d->ctx);
    d->ctx = NULL;
    return rt_cl_error(st, cu2clErrorInitializationError);
  }
  const char *mode = getenv("CU2CL_MANAGED");
  d->managed_fine = (d->svm & CL_DEVICE_SVM_FINE_GRAIN_BUFFER) &&
                    !(mode && strcmp(mode, "coarse") == 0);
  rt_log_debug("opened device %d (%s: %s); managed memory is %s-grained SVM",
               d->ordinal, d->platform_name, d->name,
               d->managed_fine ? "fine" : "coarse");
  return cu2clSuccess;
}

cu2clError_t rt_device_open(rt_device *d) {
  if (__atomic_load_n(&d->open, __ATOMIC_ACQUIRE))
    return cu2clSuccess;
  cu2clError_t err = cu2clSuccess;
  pthread_mutex_lock(&d->lock);
  if (!d->open) {
    err = rt_device_open_locked(d);
    if (err == cu2clSuccess)
      __atomic_store_n(&d->open, 1, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&d->lock);
  return err;
}

static cu2clError_t rt_init(void) {
  pthread_once(&g_dev.once, rt_init_once);
  return g_dev.init_error;
}

int rt_device_count(void) {
  return rt_init() == cu2clSuccess ? g_dev.count : 0;
}

cu2clError_t rt_device_get(int ordinal, rt_device **out) {
  cu2clError_t err = rt_init();
  if (err != cu2clSuccess)
    return err;
  if (ordinal < 0 || ordinal >= g_dev.count)
    return cu2clErrorInvalidDevice;
  *out = &g_dev.devices[ordinal];
  return cu2clSuccess;
}

cu2clError_t rt_device_current(rt_device **out) {
  rt_fault_host_thread();
  cu2clError_t err = rt_device_get(tl_current, out);
  if (err == cu2clSuccess)
    err = rt_device_open(*out);
  return err == cu2clSuccess ? rt_devrt_sticky(*out) : err;
}

/* ---- device management API ---------------------------------------------- */

cu2clError_t cu2clGetDeviceCount(int *count) {
  RT_CHECK(count != NULL, cu2clErrorInvalidValue);
  cu2clError_t err = rt_init();
  *count = err == cu2clSuccess ? g_dev.count : 0;
  return rt_fail(err);
}

cu2clError_t cu2clSetDevice(int device) {
  rt_device *d;
  RT_TRY(rt_device_get(device, &d));
  tl_current = device;
  return cu2clSuccess;
}

cu2clError_t cu2clGetDevice(int *device) {
  RT_CHECK(device != NULL, cu2clErrorInvalidValue);
  RT_TRY(rt_init());
  *device = tl_current;
  return cu2clSuccess;
}

/* Scheduling and mapping flags change nothing on OpenCL; they are kept so
 * that cu2clGetDeviceFlags reports what was set. */
cu2clError_t cu2clSetDeviceFlags(unsigned int flags) {
  RT_CHECK((flags & ~0x1fu) == 0, cu2clErrorInvalidValue);
  RT_TRY(rt_init());
  g_dev.device_flags = flags;
  return cu2clSuccess;
}

cu2clError_t cu2clGetDeviceFlags(unsigned int *flags) {
  RT_CHECK(flags != NULL, cu2clErrorInvalidValue);
  RT_TRY(rt_init());
  *flags = g_dev.device_flags | cu2clDeviceMapHost;
  return cu2clSuccess;
}

/* CUDA destroys every allocation and object of the current device; so does
 * this, and the device reopens on its next use. Handles of streams and
 * events, graphs and executable graphs created before become invalid, as
 * in CUDA. */
cu2clError_t cu2clDeviceReset(void) {
  rt_device *d;
  RT_TRY(rt_device_get(tl_current, &d));
  if (!__atomic_load_n(&d->open, __ATOMIC_ACQUIRE))
    return cu2clSuccess;
  /* driver threads stuck in a kernel, a dead queue (rt_fault.h) */
  RT_TRY(rt_fault_error(d));
  rt_stream_sync_device(d);
  rt_graph_release_device(d); /* before the streams its captures point to */
  rt_trace_managed_clear(); /* the reset frees every managed block */
  rt_stream_release_device(d);
  rt_program_release_device(d);
  rt_symbol_release_device(d);
  rt_devrt_release_device(d);
  rt_mem_release_device(d);
  pthread_mutex_lock(&d->lock);
  clReleaseCommandQueue(d->queue);
  clReleaseContext(d->ctx);
  d->queue = NULL;
  d->ctx = NULL;
  d->default_epoch = 0;
  __atomic_store_n(&d->open, 0, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&d->lock);
  rt_log_debug("device %d reset", d->ordinal);
  return cu2clSuccess;
}

cu2clError_t cu2clDriverGetVersion(int *version) {
  RT_CHECK(version != NULL, cu2clErrorInvalidValue);
  *version = CU2CL_CUDART_VERSION;
  return cu2clSuccess;
}

cu2clError_t cu2clRuntimeGetVersion(int *version) {
  RT_CHECK(version != NULL, cu2clErrorInvalidValue);
  *version = CU2CL_CUDART_VERSION;
  return cu2clSuccess;
}

/* Cache and bank configurations are hints in CUDA; OpenCL has no
 * equivalent, so they are accepted and ignored. */
cu2clError_t cu2clDeviceSetCacheConfig(cu2clFuncCache config) {
  RT_CHECK((unsigned)config <= cu2clFuncCachePreferEqual,
           cu2clErrorInvalidValue);
  return cu2clSuccess;
}

cu2clError_t cu2clDeviceGetCacheConfig(cu2clFuncCache *config) {
  RT_CHECK(config != NULL, cu2clErrorInvalidValue);
  *config = cu2clFuncCachePreferNone;
  return cu2clSuccess;
}

cu2clError_t cu2clFuncSetCacheConfig(const void *func, cu2clFuncCache config) {
  RT_CHECK((unsigned)config <= cu2clFuncCachePreferEqual,
           cu2clErrorInvalidValue);
  return cu2clSuccess;
}

cu2clError_t cu2clDeviceSetSharedMemConfig(cu2clSharedMemConfig config) {
  RT_CHECK((unsigned)config <= cu2clSharedMemBankSizeEightByte,
           cu2clErrorInvalidValue);
  return cu2clSuccess;
}

cu2clError_t cu2clDeviceGetSharedMemConfig(cu2clSharedMemConfig *config) {
  RT_CHECK(config != NULL, cu2clErrorInvalidValue);
  *config = cu2clSharedMemBankSizeFourByte;
  return cu2clSuccess;
}
