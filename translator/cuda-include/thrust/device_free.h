/* cu2cl's own CUDA headers: thrust/device_free.h
 *
 * thrust::device_free (Thrust API documentation, "Memory Management"):
 * releases what device_malloc returned. Declarations only. */
#ifndef CU2CL_THRUST_DEVICE_FREE_H
#define CU2CL_THRUST_DEVICE_FREE_H

#include "device_ptr.h"

namespace thrust {

template <typename T> __host__ void device_free(device_ptr<T> ptr) {}

} // namespace thrust

#endif
