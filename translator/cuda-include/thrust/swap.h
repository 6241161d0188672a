/* cu2cl's own CUDA headers: thrust/swap.h
 *
 * thrust::swap (Thrust API documentation, "Swap"), which an unqualified
 * swap of two device_ptr also finds by argument-dependent lookup. */
#ifndef CU2CL_THRUST_SWAP_H
#define CU2CL_THRUST_SWAP_H

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename Assignable1, typename Assignable2>
__host__ __device__ void swap(Assignable1 &a, Assignable2 &b) {}

} // namespace thrust

#endif
