/* cu2cl's own CUDA headers: cooperative_groups/memcpy_async.h
 *
 * Declares the asynchronous copies of Cooperative Groups (CUDA C++
 * Programming Guide, "Cooperative Groups", "memcpy_async", "wait and
 * wait_prior"): every thread of a group calls memcpy_async with the same
 * arguments to copy count bytes from src to dst (shared memory) together;
 * wait(group) returns when the group's copies are complete and visible to
 * the group, wait_prior<N>(group) when all but the last N are.
 * Declarations only. */
#ifndef CU2CL_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H
#define CU2CL_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H

#include "../cooperative_groups.h"

namespace cooperative_groups {

template <class GroupT, class T, class SizeT>
__device__ void memcpy_async(const GroupT &group, T *__restrict__ dst,
                             const T *__restrict__ src, SizeT count);
template <class GroupT> __device__ void wait(const GroupT &group);
template <unsigned int N, class GroupT>
__device__ void wait_prior(const GroupT &group);

} /* namespace cooperative_groups */

#endif /* CU2CL_COOPERATIVE_GROUPS_MEMCPY_ASYNC_H */
