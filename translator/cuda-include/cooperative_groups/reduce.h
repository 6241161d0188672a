/* cu2cl's own CUDA headers: cooperative_groups/reduce.h
 *
 * Declares the group collectives of Cooperative Groups (CUDA C++
 * Programming Guide, "Cooperative Groups", "Group Collectives":
 * cooperative_groups::reduce with the function objects plus, less, greater,
 * bit_and, bit_or and bit_xor, or the program's own: a function, a lambda,
 * a function object). reduce returns to every thread of the group the
 * combination of the values of all its threads. Declarations only, but for
 * reduce's body: it calls the operator, so that the compiler instantiates
 * the operator's call (a templated operator() among them), which the
 * translator reads to call it (dev_rulecall.c). */
#ifndef CU2CL_COOPERATIVE_GROUPS_REDUCE_H
#define CU2CL_COOPERATIVE_GROUPS_REDUCE_H

#include "../cooperative_groups.h"

namespace cooperative_groups {

/* Operators: each combines two values of type T. less/greater return the
 * smaller/larger of the two, so reduce with them yields a min/max. */
template <class T> struct plus { __device__ T operator()(T a, T b) const; };
template <class T> struct less { __device__ T operator()(T a, T b) const; };
template <class T> struct greater { __device__ T operator()(T a, T b) const; };
template <class T> struct bit_and { __device__ T operator()(T a, T b) const; };
template <class T> struct bit_or { __device__ T operator()(T a, T b) const; };
template <class T> struct bit_xor { __device__ T operator()(T a, T b) const; };

template <class GroupT, class T, class OpT>
__device__ auto reduce(const GroupT &group, T &&val, OpT &&op)
    -> decltype(op(val, val)) {
  return op(val, val);
}

} /* namespace cooperative_groups */

#endif /* CU2CL_COOPERATIVE_GROUPS_REDUCE_H */
