/*
 * rt_fault: faults of kernels that run inside this process, caught under
 * CU2CL_CHECK=1 (rt_fault.h).
 *
 * One watch at a time (g_fault.lock): the waiting thread enqueues a marker
 * whose completion callback posts g_fault.done, sets g_fault.watching and
 * sleeps on the semaphore. The SIGSEGV/SIGBUS handler, installed at the
 * first watch, posts the same semaphore from a faulting driver thread and
 * parks that thread; sem_post is async-signal-safe, and the handler reads
 * and writes nothing but atomics, its own thread's TLS (initial-exec, so
 * no allocation) and the fault's record. The waiting thread then writes
 * the message with ordinary functions.
 */
#include "rt_fault.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "rt_device.h"
#include "rt_memory.h"

/* Where a fault counts as "near" NULL or a block's end, for the message. */
enum { RT_NEAR = 1 << 20 };

static struct {
  pthread_mutex_t lock; /* one watch at a time */
  pthread_once_t once;
  int installed;
  struct sigaction old_segv, old_bus;
  sem_t done;
  int watching; /* atomics from here on */
  int faulted;
  int sig;
  uintptr_t addr;
  const rt_device *wedged[8]; /* devices a kernel faulted on */
  const rt_device *lost[8];   /* devices a command failed on (GPUs) */
} g_fault = {.lock = PTHREAD_MUTEX_INITIALIZER, .once = PTHREAD_ONCE_INIT};

static __thread int tl_host __attribute__((tls_model("initial-exec")));

void rt_fault_host_thread(void) {
  tl_host = 1;
}

int rt_fault_watchable(const rt_device *d) {
  return (d->type & CL_DEVICE_TYPE_CPU) != 0;
}

int rt_fault_wedged(const rt_device *d) {
  for (size_t i = 0; i < sizeof g_fault.wedged / sizeof *g_fault.wedged; i++)
    if (__atomic_load_n(&g_fault.wedged[i], __ATOMIC_ACQUIRE) == d)
      return 1;
  return 0;
}

/* Adds d to one of the lists above (a full list keeps its devices). */
static int rt_fault_mark(const rt_device **list, size_t n, const rt_device *d) {
  for (size_t i = 0; i < n; i++) {
    const rt_device *none = NULL;
    if (__atomic_load_n(&list[i], __ATOMIC_ACQUIRE) == d)
      return 0;
    if (__atomic_compare_exchange_n(&list[i], &none, d, 0, __ATOMIC_ACQ_REL,
                                    __ATOMIC_ACQUIRE))
      return 1;
  }
  return 0;
}

static int rt_fault_marked(const rt_device *const *list, size_t n,
                           const rt_device *d) {
  for (size_t i = 0; i < n; i++)
    if (__atomic_load_n(&list[i], __ATOMIC_ACQUIRE) == d)
      return 1;
  return 0;
}

void rt_fault_lost(rt_device *d, cl_int st, const char *what) {
  if (st != CL_INVALID_COMMAND_QUEUE && st != CL_OUT_OF_RESOURCES &&
      st != CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    return;
  size_t n = sizeof g_fault.lost / sizeof *g_fault.lost;
  if (rt_fault_mark(g_fault.lost, n, d))
    rt_log_error("device %d: a command failed while it ran, waiting for %s "
                 "(%s): a kernel most likely read or wrote an address it may "
                 "not (CUDA says cudaErrorIllegalAddress; run with "
                 "CU2CL_LAUNCH_BLOCKING=1 to name the kernel); the device is "
                 "unusable from here on, every later call on it fails "
                 "(cudaErrorLaunchFailure)",
                 d->ordinal, what, rt_cl_status_name(st));
  int none = 0; /* the device's sticky error (rt_device_current) */
  __atomic_compare_exchange_n(&d->sticky, &none, (int)cu2clErrorLaunchFailure,
                              0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

void rt_fault_lost_kernel(rt_device *d, cl_int st, const char *name) {
  char what[256];
  snprintf(what, sizeof what, "kernel %s", name);
  rt_fault_lost(d, st, what);
}

cu2clError_t rt_fault_error(const rt_device *d) {
  return rt_fault_wedged(d) ? cu2clErrorIllegalAddress
         : rt_fault_dead(d) ? cu2clErrorLaunchFailure
                            : cu2clSuccess;
}

int rt_fault_dead(const rt_device *d) {
  return rt_fault_wedged(d) ||
         rt_fault_marked(g_fault.lost,
                         sizeof g_fault.lost / sizeof *g_fault.lost, d);
}

static void rt_fault_wedge(const rt_device *d) {
  for (size_t i = 0; i < sizeof g_fault.wedged / sizeof *g_fault.wedged; i++) {
    const rt_device *none = NULL;
    if (__atomic_compare_exchange_n(&g_fault.wedged[i], &none, d, 0,
                                    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
      return;
  }
}

/* Not a watched kernel's fault: the handler that was there before gets it
 * when the instruction faults again. */
static void rt_fault_pass_on(int sig) {
  sigaction(sig, sig == SIGBUS ? &g_fault.old_bus : &g_fault.old_segv, NULL);
}

static void rt_fault_handler(int sig, siginfo_t *si, void *uc) {
  (void)uc;
  /* After a fault the faulted kernel's other work-groups may go on and
   * fault too (the program may free their memory): parked as well. */
  if (tl_host || (!__atomic_load_n(&g_fault.watching, __ATOMIC_ACQUIRE) &&
                  !__atomic_load_n(&g_fault.wedged[0], __ATOMIC_ACQUIRE))) {
    rt_fault_pass_on(sig);
    return;
  }
  int first = 0;
  if (__atomic_compare_exchange_n(&g_fault.faulted, &first, 1, 0,
                                  __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
    __atomic_store_n(&g_fault.sig, sig, __ATOMIC_RELEASE);
    __atomic_store_n(&g_fault.addr, (uintptr_t)si->si_addr, __ATOMIC_RELEASE);
  }
  int saved = errno;
  sem_post(&g_fault.done);
  errno = saved;
  for (;;) /* this work-group cannot go on; its thread sleeps for good */
    pause();
}

static void rt_fault_install(void) {
  if (sem_init(&g_fault.done, 0, 0) != 0)
    return;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = rt_fault_handler;
  sa.sa_flags = SA_SIGINFO;
  sigemptyset(&sa.sa_mask);
  if (sigaction(SIGSEGV, &sa, &g_fault.old_segv) == 0 &&
      sigaction(SIGBUS, &sa, &g_fault.old_bus) == 0)
    g_fault.installed = 1;
}

static void CL_CALLBACK rt_fault_marker_done(cl_event ev, cl_int status,
                                             void *data) {
  (void)ev;
  (void)data;
  (void)status;
  sem_post(&g_fault.done);
}

/* Where addr lies against the launch's pointer arguments, into buf. */
static void rt_fault_where(uintptr_t addr, const cu2clArg *args, unsigned nargs,
                           char *buf, size_t len) {
  buf[0] = '\0';
  for (unsigned i = 0; i < nargs && !buf[0]; i++) {
    if (args[i].kind != CU2CL_ARG_DEVPTR)
      continue;
    uintptr_t p = (uintptr_t) * (void *const *)args[i].value;
    rt_alloc a;
    if (!p) {
      if (addr < RT_NEAR)
        snprintf(buf, len, "; argument %u is NULL", i);
      continue;
    }
    rt_mem_find((const void *)p, &a);
    uintptr_t end = a.base ? (uintptr_t)a.base + a.size : 0;
    if (a.base && addr >= end && addr - end < RT_NEAR)
      snprintf(buf, len,
               ", %zu bytes past the end of argument %u (a block "
               "of %zu bytes)",
               (size_t)(addr - end), i, a.size);
    else if (a.base && addr < (uintptr_t)a.base &&
             (uintptr_t)a.base - addr <= RT_NEAR)
      snprintf(buf, len, ", %zu bytes before the start of argument %u",
               (size_t)((uintptr_t)a.base - addr), i);
  }
  if (!buf[0] && addr < RT_NEAR)
    snprintf(buf, len, " (near NULL)");
}

static cu2clError_t rt_fault_report(rt_device *d, const cu2clKernelRef *ref,
                                    const cu2clArg *args, unsigned nargs) {
  char where[200];
  uintptr_t addr = __atomic_load_n(&g_fault.addr, __ATOMIC_ACQUIRE);
  rt_fault_where(addr, args, nargs, where, sizeof where);
  rt_log_error(
      "CU2CL_CHECK: kernel %s faulted (%s) at address 0x%" PRIxPTR "%s: the "
      "launch fails and device %d is unusable from here on, every "
      "later call on it fails (cudaErrorIllegalAddress)",
      ref->name,
      __atomic_load_n(&g_fault.sig, __ATOMIC_ACQUIRE) == SIGBUS ? "SIGBUS"
                                                                : "SIGSEGV",
      addr, where, d->ordinal);
  rt_fault_wedge(d);
  __atomic_store_n(&d->sticky, (int)cu2clErrorIllegalAddress, __ATOMIC_RELEASE);
  return cu2clErrorIllegalAddress;
}

/* Waits on the semaphore until the marker ended or a kernel faulted. */
static int rt_fault_sleep(cl_event marker) {
  for (;;) {
    while (sem_wait(&g_fault.done) != 0 && errno == EINTR)
      ;
    if (__atomic_load_n(&g_fault.faulted, __ATOMIC_ACQUIRE))
      return 1;
    cl_int st = CL_QUEUED;
    clGetEventInfo(marker, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof st, &st,
                   NULL);
    if (st <= CL_COMPLETE) /* complete, or failed */
      return 0;
  }
}

int rt_fault_watch(const rt_device *d) {
  pthread_once(&g_fault.once, rt_fault_install);
  if (!g_fault.installed || !rt_fault_watchable(d))
    return 0;
  rt_fault_host_thread();
  pthread_mutex_lock(&g_fault.lock);
  while (sem_trywait(&g_fault.done) == 0) /* posts of an earlier watch */
    ;
  __atomic_store_n(&g_fault.faulted, 0, __ATOMIC_RELEASE);
  __atomic_store_n(&g_fault.watching, 1, __ATOMIC_RELEASE);
  return 1;
}

void rt_fault_unwatch(void) {
  __atomic_store_n(&g_fault.watching, 0, __ATOMIC_RELEASE);
  pthread_mutex_unlock(&g_fault.lock);
}

cu2clError_t rt_fault_wait(rt_device *d, const cu2clKernelRef *ref,
                           const cu2clArg *args, unsigned nargs,
                           cl_command_queue q) {
  cl_event marker = NULL;
  cl_int st = clEnqueueMarkerWithWaitList(q, 0, NULL, &marker);
  if (st == CL_SUCCESS)
    st = clSetEventCallback(marker, CL_COMPLETE, rt_fault_marker_done, NULL);
  int faulted = 0;
  if (st == CL_SUCCESS) {
    clFlush(q);
    faulted = rt_fault_sleep(marker);
  } else {
    /* no marker to watch: wait as without the watch */
    faulted = __atomic_load_n(&g_fault.faulted, __ATOMIC_ACQUIRE);
    if (!faulted)
      st = clFinish(q);
  }
  cl_int run = CL_COMPLETE;
  if (marker && !faulted) {
    clGetEventInfo(marker, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof run, &run,
                   NULL);
    clReleaseEvent(marker); /* a faulted one never ends: left alone */
  }
  cu2clError_t err = cu2clSuccess;
  if (faulted)
    err = rt_fault_report(d, ref, args, nargs);
  else if (st != CL_SUCCESS || run < 0)
    err = rt_cl_error(st != CL_SUCCESS ? st : run, cu2clErrorLaunchFailure);
  rt_fault_unwatch();
  return err;
}
