/* cu2cl own CUDA headers: nvToolsExt.h, the pre-NVTX3 path. */
#include "nvtx3/nvToolsExt.h"
