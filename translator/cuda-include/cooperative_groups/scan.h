/* cu2cl's own CUDA headers: cooperative_groups/scan.h
 *
 * Declares the scans of Cooperative Groups (CUDA C++ Programming Guide,
 * "Cooperative Groups", "Group Collectives": inclusive_scan and
 * exclusive_scan, with plus as the default operator). Declarations only. */
#ifndef CU2CL_COOPERATIVE_GROUPS_SCAN_H
#define CU2CL_COOPERATIVE_GROUPS_SCAN_H

#include "reduce.h"

namespace cooperative_groups {

template <class GroupT, class T, class OpT>
__device__ auto inclusive_scan(const GroupT &group, T &&val, OpT &&op)
    -> decltype(op(val, val));
template <class GroupT, class T>
__device__ auto inclusive_scan(const GroupT &group, T &&val)
    -> decltype(val + val);
template <class GroupT, class T, class OpT>
__device__ auto exclusive_scan(const GroupT &group, T &&val, OpT &&op)
    -> decltype(op(val, val));
template <class GroupT, class T>
__device__ auto exclusive_scan(const GroupT &group, T &&val)
    -> decltype(val + val);

} /* namespace cooperative_groups */

#endif /* CU2CL_COOPERATIVE_GROUPS_SCAN_H */
