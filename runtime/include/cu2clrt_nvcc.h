/*
 * cu2clrt_nvcc.h: what nvcc's implicit <cuda_runtime.h> brought into a
 * CUDA source, for its port.
 *
 * nvcc force-includes cuda_runtime.h into every .cu file, and that header
 * includes a set of standard headers on the host side (CUDA 13, GCC host
 * compiler: crt/common_functions.h brings <string.h> and <time.h>,
 * crt/math_functions.h <cmath>, <cstdlib>, <math.h> and <stdlib.h>,
 * crt/host_defines.h <ctype.h>, driver_types.h <limits.h> and <stddef.h>,
 * cuda_runtime.h <utility>). Programs rely on them without knowing it
 * (atoi, malloc, memset, EXIT_SUCCESS, placement new with no include), so
 * every translated file includes this header right after cu2clrt.h, and
 * the port builds where the original did. C++ only: translated host files
 * are C++.
 */
#ifndef CU2CLRT_NVCC_H
#define CU2CLRT_NVCC_H

#ifdef __cplusplus
#include <cctype>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <new>
#include <utility>
#endif
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#endif
