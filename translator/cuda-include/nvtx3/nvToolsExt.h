/* cu2cl's own CUDA headers: nvtx3/nvToolsExt.h
 *
 * The NVTX annotations programs use most (ranges and marks, ASCII forms),
 * declared from NVIDIA's documented NVTX C API; parsed, never compiled. In
 * the port they are no-ops of cu2clrt.h: they change nothing a program
 * computes. */
#ifndef CU2CL_NVTOOLSEXT_H
#define CU2CL_NVTOOLSEXT_H

#include <stdint.h>

typedef uint64_t nvtxRangeId_t;

#ifdef __cplusplus
extern "C" {
#endif
int nvtxRangePushA(const char *message);
int nvtxRangePop(void);
void nvtxMarkA(const char *message);
nvtxRangeId_t nvtxRangeStartA(const char *message);
void nvtxRangeEnd(nvtxRangeId_t id);
#ifdef __cplusplus
}
#endif

#endif
