// Overload resolution by side: the same names called in device code and in
// host code must resolve to different declarations (device: cu2cl's
// headers; host: the C/C++ library, or cu2cl_host_compat.h for min/max).
// check_cuda_headers.c walks the calls in device_side and host_side.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void device_side(float *f, int *i, double *d) {
  f[0] = sqrtf(f[1]) + sqrt(f[2]) + std::sqrt(f[3]) + fabsf(f[4]) +
         powf(f[5], 2.0f) + expf(f[6]);
  d[0] = sqrt(d[1]) + sin(d[2]);
  i[0] = min(i[1], i[2]) + max(i[3], i[4]) + abs(i[5]);
  void *p = malloc(4);
  memcpy(p, i, 4);
  free(p);
  printf("%f\n", f[0]);
}

int host_side(float *f, int *i, double *d) {
  f[0] = sqrtf(f[1]) + sqrt(f[2]) + std::sqrt(f[3]) + fabsf(f[4]) +
         powf(f[5], 2.0f) + expf(f[6]);
  d[0] = sqrt(d[1]) + sin(d[2]);
  i[0] = min(i[1], i[2]) + max(i[3], i[4]) + abs(i[5]);
  void *p = malloc(4);
  memcpy(p, i, 4);
  free(p);
  return printf("%f\n", f[0]);
}
