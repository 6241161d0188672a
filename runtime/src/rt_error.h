/*
 * rt_error: the calling thread's last error, the runtime's debug log and the
 * argument-check macro every entry point uses.
 *
 * CUDA records every failing call as the thread's last error; cu2clrt does
 * the same through rt_fail, so an entry point returns rt_fail(code) on every
 * failure path and plain cu2clSuccess otherwise. Logging goes to stderr only
 * when CU2CL_DEBUG is set (rt_log_debug), except for the few messages a user
 * must see (rt_log_error): build failures, a bad CU2CL_DEVICE, missing SVM.
 */
#ifndef CU2CL_RT_ERROR_H
#define CU2CL_RT_ERROR_H

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include "cu2clrt.h"

/* Records err as the thread's last error when it is a failure; returns err. */
cu2clError_t rt_fail(cu2clError_t err);

/* Nonzero when CU2CL_DEBUG is set to something other than 0. */
int rt_debug_enabled(void);
void rt_log_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void rt_log_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The environment's switch `name`, read once into *cache (initially -2;
 * shared by threads, so read and written atomically): 1 when set to
 * something other than "0", 0 for "0", -1 when unset or empty. */
int rt_env_tristate(const char *name, int *cache);

/* Human-readable name of an OpenCL status, for messages. */
const char *rt_cl_status_name(cl_int status);

/* Argument check on entry: logs the failed condition under CU2CL_DEBUG and
 * returns err, recorded as the last error. */
#define RT_CHECK(cond, err)                                                    \
  do {                                                                         \
    if (!(cond)) {                                                             \
      if (rt_debug_enabled())                                                  \
        rt_log_debug("%s: check failed: %s", __func__, #cond);                 \
      return rt_fail(err);                                                     \
    }                                                                          \
  } while (0)

/* Propagates a failing cu2clError_t expression as the caller's result. */
#define RT_TRY(expr)                                                           \
  do {                                                                         \
    cu2clError_t rt_try_err_ = (expr);                                         \
    if (rt_try_err_ != cu2clSuccess)                                           \
      return rt_fail(rt_try_err_);                                             \
  } while (0)

#endif
