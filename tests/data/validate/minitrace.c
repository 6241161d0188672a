/*
 * A stand-in for both programs of check_validate's one-shot test: it
 * "copies back" its results through cu2cl_trace.h directly. PERTURB is a
 * bit set: 1 computes element 3 of its second transfer wrong, 2 prints
 * another time. CRASH=1 makes it die after its first transfer; EXIT_STATUS
 * is its exit status after a complete run.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cu2cl_trace.h"

#ifndef PERTURB
#define PERTURB 0
#endif
#ifndef CRASH
#define CRASH 0
#endif
#ifndef EXIT_STATUS
#define EXIT_STATUS 0
#endif

int main(void) {
  int counts[4] = {1, 2, 3, 4};
  float v[8];
  for (int i = 0; i < 8; i++)
    v[i] = 0.25f * (float)i;
  if (PERTURB & 1)
    v[3] = 0.875f;
  cu2cl_trace_copy("histo.cu", 10, CU2CL_TRACE_COPY_MEMCPY, CU2CL_TRACE_I32, 4,
                   counts, sizeof counts);
  printf("counts ready\n");
  fflush(stdout);
  if (CRASH)
    abort();
  cu2cl_trace_copy("histo.cu", 20, CU2CL_TRACE_COPY_MEMCPY, CU2CL_TRACE_F32, 4,
                   v, sizeof v);
  printf("time %s ms\n", PERTURB & 2 ? "2.5" : "1.0");
  return EXIT_STATUS;
}
