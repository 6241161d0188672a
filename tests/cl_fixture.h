/*
 * cl_fixture.h: the OpenCL setup the unit tests that run code on a device
 * share (check_math, check_round, check_simd, check_prelude, check_warp):
 * the first platform's first device, a context and a queue on it, and a
 * program built from source that fails the test with the build log.
 */
#ifndef CU2CL_TESTS_CL_FIXTURE_H
#define CU2CL_TESTS_CL_FIXTURE_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
#include <check.h>

static inline void clfx_open(cl_device_id *dev, cl_context *ctx,
                             cl_command_queue *queue) {
  cl_platform_id plat;
  cl_uint n = 0;
  ck_assert_int_eq(clGetPlatformIDs(1, &plat, &n), CL_SUCCESS);
  ck_assert_uint_ge(n, 1);
  ck_assert_int_eq(clGetDeviceIDs(plat, CL_DEVICE_TYPE_ALL, 1, dev, NULL),
                   CL_SUCCESS);
  cl_int err;
  *ctx = clCreateContext(NULL, 1, dev, NULL, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  *queue = clCreateCommandQueue(*ctx, *dev, 0, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
}

/* The program of source text built with options; a failed build fails
 * the test with its log. */
static inline cl_program clfx_build(cl_context ctx, cl_device_id dev,
                                    const char *text, const char *options) {
  cl_int err;
  cl_program prog = clCreateProgramWithSource(ctx, 1, &text, NULL, &err);
  ck_assert_int_eq(err, CL_SUCCESS);
  err = clBuildProgram(prog, 1, &dev, options, NULL, NULL);
  if (err != CL_SUCCESS) {
    static char log[16384];
    clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof log - 1, log,
                          NULL);
    ck_abort_msg("build failed:\n%s", log);
  }
  return prog;
}

#endif
