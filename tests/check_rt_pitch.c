/*
 * check_rt_pitch: pitched and 3D memory (rt_pitch) and the managed-memory
 * hints on the local OpenCL device (PoCL in CI).
 *
 * Core: cu2clMallocPitch's pitch; 2D copies and fills through a pitched
 * allocation leave the padding alone; a 3D box with positions on both
 * sides against a host reference; cu2clMemset3D; a 3D copy recorded by
 * stream capture and replayed; prefetch, advice and attachment accepted.
 * Errors: CUDA arrays, pitches below the width, boxes that overrun their
 * allocation, hints on memory cu2clrt did not allocate.
 *
 * Each test runs in its own process (CK_FORK is forced).
 */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "cu2clrt.h"

#define CK(call) ck_assert_int_eq((call), cu2clSuccess)

START_TEST(test_malloc_pitch) {
  void *p;
  size_t pitch = 0;
  CK(cu2clMallocPitch(&p, &pitch, 100, 7));
  ck_assert_uint_ge(pitch, 100);
  ck_assert_uint_eq(pitch % 512, 0);
  CK(cu2clFree(p));
  cu2clPitchedPtr pp;
  CK(cu2clMalloc3D(&pp, make_cu2clExtent(1000, 3, 2)));
  ck_assert_uint_ge(pp.pitch, 1000);
  ck_assert_uint_eq(pp.pitch % 512, 0);
  ck_assert_uint_eq(pp.xsize, 1000);
  ck_assert_uint_eq(pp.ysize, 3);
  CK(cu2clMemset(pp.ptr, 0, pp.pitch * 3 * 2)); /* all of it is there */
  CK(cu2clFree(pp.ptr));
}
END_TEST

/* Rows of W bytes through a pitched allocation: what comes back is the
 * rows, and a 2D fill of the rows leaves the padding as it was. */
START_TEST(test_2d_roundtrip) {
  enum { W = 37, H = 5 };
  unsigned char src[H][W], back[H][W];
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      src[y][x] = (unsigned char)(y * W + x);
  unsigned char *d;
  size_t pitch;
  CK(cu2clMallocPitch((void **)&d, &pitch, W, H));
  CK(cu2clMemset(d, 0xee, pitch * H));
  CK(cu2clMemcpy2D(d, pitch, src, W, W, H, cu2clMemcpyHostToDevice));
  CK(cu2clMemcpy2D(back, W, d, pitch, W, H, cu2clMemcpyDeviceToHost));
  ck_assert_int_eq(memcmp(src, back, sizeof src), 0);
  CK(cu2clMemset2D(d, pitch, 0x11, W - 2, H));
  unsigned char *whole = malloc(pitch * H);
  CK(cu2clMemcpy(whole, d, pitch * H, cu2clMemcpyDeviceToHost));
  for (int y = 0; y < H; y++) {
    ck_assert_uint_eq(whole[y * pitch], 0x11);
    ck_assert_uint_eq(whole[y * pitch + W - 3], 0x11);
    ck_assert_uint_eq(whole[y * pitch + W - 2], src[y][W - 2]);
    ck_assert_uint_eq(whole[y * pitch + W], 0xee); /* padding */
  }
  free(whole);
  CK(cu2clFree(d));
}
END_TEST

enum { X = 16, Y = 6, Z = 4 };

/* A host box of Z slices of Y rows of X ints, value by position. */
static void fill_box(int box[Z][Y][X]) {
  for (int z = 0; z < Z; z++)
    for (int y = 0; y < Y; y++)
      for (int x = 0; x < X; x++)
        box[z][y][x] = z * 10000 + y * 100 + x;
}

/* The sub-box of 5 x 3 x 2 ints at (2, 1, 1) of a host box goes to (3, 2,
 * 0) of a device box and back to (0, 0, 0) of another host box. */
START_TEST(test_3d_positions) {
  static int src[Z][Y][X], dst[Z][Y][X];
  fill_box(src);
  memset(dst, 0, sizeof dst);
  cu2clPitchedPtr dev;
  CK(cu2clMalloc3D(&dev, make_cu2clExtent(X * sizeof(int), Y, Z)));
  CK(cu2clMemset3D(dev, 0, make_cu2clExtent(X * sizeof(int), Y, Z)));
  cu2clMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = make_cu2clPitchedPtr(src, X * sizeof(int), X, Y);
  p.srcPos = make_cu2clPos(2 * sizeof(int), 1, 1);
  p.dstPtr = dev;
  p.dstPos = make_cu2clPos(3 * sizeof(int), 2, 0);
  p.extent = make_cu2clExtent(5 * sizeof(int), 3, 2);
  p.kind = cu2clMemcpyHostToDevice;
  CK(cu2clMemcpy3D(&p));
  memset(&p, 0, sizeof p);
  p.srcPtr = dev;
  p.srcPos = make_cu2clPos(3 * sizeof(int), 2, 0);
  p.dstPtr = make_cu2clPitchedPtr(dst, X * sizeof(int), X, Y);
  p.extent = make_cu2clExtent(5 * sizeof(int), 3, 2);
  p.kind = cu2clMemcpyDeviceToHost;
  CK(cu2clMemcpy3D(&p));
  for (int z = 0; z < Z; z++)
    for (int y = 0; y < Y; y++)
      for (int x = 0; x < X; x++) {
        int inside = z < 2 && y < 3 && x < 5;
        ck_assert_int_eq(dst[z][y][x], inside ? src[z + 1][y + 1][x + 2] : 0);
      }
  CK(cu2clFree(dev.ptr));
}
END_TEST

/* A memset of a box: only the extent's bytes of each row and slice. */
START_TEST(test_memset3d) {
  cu2clPitchedPtr dev;
  CK(cu2clMalloc3D(&dev, make_cu2clExtent(X, Y, Z)));
  size_t all = dev.pitch * Y * Z;
  CK(cu2clMemset(dev.ptr, 0, all));
  CK(cu2clMemset3D(dev, 7, make_cu2clExtent(X - 1, Y - 1, Z - 1)));
  unsigned char *h = malloc(all);
  CK(cu2clMemcpy(h, dev.ptr, all, cu2clMemcpyDeviceToHost));
  for (size_t z = 0; z < Z; z++)
    for (size_t y = 0; y < Y; y++)
      for (size_t x = 0; x < X; x++) {
        int inside = z < Z - 1 && y < Y - 1 && x < X - 1;
        ck_assert_uint_eq(h[z * dev.pitch * Y + y * dev.pitch + x],
                          inside ? 7 : 0);
      }
  free(h);
  CK(cu2clFree(dev.ptr));
}
END_TEST

/* cu2clMemcpy3DAsync on a capturing stream is recorded as a memcpy node
 * and runs at each launch. */
START_TEST(test_3d_captured) {
  static int src[Z][Y][X], dst[Z][Y][X];
  fill_box(src);
  cu2clPitchedPtr dev;
  CK(cu2clMalloc3D(&dev, make_cu2clExtent(X * sizeof(int), Y, Z)));
  cu2clStream_t s;
  CK(cu2clStreamCreate(&s));
  cu2clMemcpy3DParms up, down;
  memset(&up, 0, sizeof up);
  up.srcPtr = make_cu2clPitchedPtr(src, X * sizeof(int), X, Y);
  up.dstPtr = dev;
  up.extent = make_cu2clExtent(X * sizeof(int), Y, Z);
  up.kind = cu2clMemcpyHostToDevice;
  down = up;
  down.srcPtr = dev;
  down.dstPtr = make_cu2clPitchedPtr(dst, X * sizeof(int), X, Y);
  down.kind = cu2clMemcpyDeviceToHost;
  cu2clGraph_t g;
  CK(cu2clStreamBeginCapture(s, cu2clStreamCaptureModeGlobal));
  CK(cu2clMemcpy3DAsync(&up, s));
  CK(cu2clMemcpy3DAsync(&down, s));
  CK(cu2clStreamEndCapture(s, &g));
  cu2clGraphNode_t nodes[2];
  size_t n = 2;
  CK(cu2clGraphGetNodes(g, nodes, &n));
  cu2clMemcpy3DParms got;
  CK(cu2clGraphMemcpyNodeGetParams(nodes[1], &got));
  ck_assert_uint_eq(got.extent.depth, Z);
  ck_assert_uint_eq(got.srcPtr.pitch, dev.pitch);
  cu2clGraphExec_t x;
  CK(cu2clGraphInstantiate(&x, g, 0));
  memset(dst, 0, sizeof dst);
  CK(cu2clStreamSynchronize(s));
  ck_assert_int_eq(dst[Z - 1][Y - 1][X - 1], 0); /* recorded, not run */
  CK(cu2clGraphLaunch(x, s));
  CK(cu2clStreamSynchronize(s));
  ck_assert_int_eq(memcmp(src, dst, sizeof src), 0);
  CK(cu2clGraphExecDestroy(x));
  CK(cu2clGraphDestroy(g));
  CK(cu2clStreamDestroy(s));
  CK(cu2clFree(dev.ptr));
}
END_TEST

START_TEST(test_hints) {
  float *m, *d;
  CK(cu2clMallocManaged((void **)&m, 4096, cu2clMemAttachGlobal));
  CK(cu2clMalloc((void **)&d, 4096));
  cu2clMemLocation dev = {cu2clMemLocationTypeDevice, 0};
  cu2clMemLocation host = {cu2clMemLocationTypeHost, 0};
  CK(cu2clMemPrefetchAsync(m, 4096, dev, 0, NULL));
  CK(cu2clMemPrefetchAsync(m, 4096, host, 0, NULL));
  CK(cu2clMemAdvise(m, 4096, cu2clMemAdviseSetReadMostly, host));
  CK(cu2clMemAdvise(m, 4096, cu2clMemAdviseSetPreferredLocation, dev));
  CK(cu2clStreamAttachMemAsync(NULL, m, 0, cu2clMemAttachHost));
  CK(cu2clDeviceSynchronize());
  m[0] = 1.0f; /* still the host's after the hints */
  CK(cu2clFree(m));
  CK(cu2clFree(d));
}
END_TEST

/* ---- Errors ---------------------------------------------------------------
 */

START_TEST(test_3d_errors) {
  cu2clPitchedPtr dev;
  CK(cu2clMalloc3D(&dev, make_cu2clExtent(64, 4, 2)));
  static char host[4096];
  cu2clMemcpy3DParms p;
  memset(&p, 0, sizeof p);
  p.srcPtr = make_cu2clPitchedPtr(host, 64, 64, 4);
  p.dstPtr = dev;
  p.extent = make_cu2clExtent(64, 4, 2);
  p.kind = cu2clMemcpyHostToDevice;
  CK(cu2clMemcpy3D(&p));
  cu2clMemcpy3DParms bad = p;
  int array;
  bad.dstArray = &array;
  ck_assert_int_eq(cu2clMemcpy3D(&bad), cu2clErrorNotSupported);
  bad = p;
  bad.srcPtr.pitch = 32; /* below the width */
  ck_assert_int_eq(cu2clMemcpy3D(&bad), cu2clErrorInvalidPitchValue);
  bad = p;
  bad.extent.depth = 3; /* one slice past the allocation */
  ck_assert_int_eq(cu2clMemcpy3D(&bad), cu2clErrorInvalidValue);
  bad = p;
  bad.kind = (cu2clMemcpyKind)9;
  ck_assert_int_eq(cu2clMemcpy3D(&bad), cu2clErrorInvalidMemcpyDirection);
  ck_assert_int_eq(cu2clMemset2D(dev.ptr, 16, 0, 64, 2),
                   cu2clErrorInvalidPitchValue);
  ck_assert_int_eq(cu2clMemset3D(dev, 0, make_cu2clExtent(64, 4, 3)),
                   cu2clErrorInvalidValue);
  CK(cu2clFree(dev.ptr));
}
END_TEST

START_TEST(test_hint_errors) {
  static float host[16];
  cu2clMemLocation dev = {cu2clMemLocationTypeDevice, 0};
  cu2clMemLocation nowhere = {cu2clMemLocationTypeDevice, 99};
  ck_assert_int_eq(cu2clMemPrefetchAsync(host, sizeof host, dev, 0, NULL),
                   cu2clErrorInvalidValue);
  float *m;
  CK(cu2clMallocManaged((void **)&m, 256, cu2clMemAttachGlobal));
  ck_assert_int_eq(cu2clMemPrefetchAsync(m, 256, nowhere, 0, NULL),
                   cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clMemPrefetchAsync(m, 512, dev, 0, NULL),
                   cu2clErrorInvalidValue); /* overruns */
  ck_assert_int_eq(cu2clMemAdvise(m, 256, (cu2clMemoryAdvise)42, dev),
                   cu2clErrorInvalidValue);
  ck_assert_int_eq(cu2clStreamAttachMemAsync(NULL, host, 0, 0x4),
                   cu2clErrorInvalidValue);
  CK(cu2clFree(m));
}
END_TEST

static Suite *pitch_suite(void) {
  Suite *s = suite_create("rt_pitch");
  TCase *core = tcase_create("Core");
  tcase_set_timeout(core, 60);
  tcase_add_test(core, test_malloc_pitch);
  tcase_add_test(core, test_2d_roundtrip);
  tcase_add_test(core, test_3d_positions);
  tcase_add_test(core, test_memset3d);
  tcase_add_test(core, test_3d_captured);
  tcase_add_test(core, test_hints);
  suite_add_tcase(s, core);
  TCase *errors = tcase_create("Errors");
  tcase_set_timeout(errors, 60);
  tcase_add_test(errors, test_3d_errors);
  tcase_add_test(errors, test_hint_errors);
  suite_add_tcase(s, errors);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(pitch_suite());
  srunner_set_fork_status(sr, CK_FORK);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
