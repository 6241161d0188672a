#include "common.h"

int cpu_kind(void) { return BUILD_KIND; }
int cpu_nvcc_seen(void) { return NVCC_SEEN; }
