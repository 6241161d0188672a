/* cu2cl's own CUDA headers: thrust/execution_policy.h
 *
 * Thrust's execution policies (Thrust API documentation, "Execution
 * Policies"): thrust::host, thrust::device, thrust::seq, and the CUDA
 * system's par, par_nosync and par.on(stream), also reachable as
 * thrust::cuda::par. Declarations only. */
#ifndef CU2CL_THRUST_EXECUTION_POLICY_H
#define CU2CL_THRUST_EXECUTION_POLICY_H

#include "detail/cu2cl_base.h"
#include "system/cuda/execution_policy.h"

namespace thrust {

namespace detail {
struct host_t : thrust::execution_policy<host_t> {};
struct device_t : thrust::execution_policy<device_t> {};
struct seq_t : thrust::execution_policy<seq_t> {};
} // namespace detail

inline constexpr detail::host_t host{};
inline constexpr detail::device_t device{};
inline constexpr detail::seq_t seq{};

} // namespace thrust

#endif
