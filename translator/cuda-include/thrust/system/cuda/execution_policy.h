/* cu2cl's own CUDA headers: thrust/system/cuda/execution_policy.h
 *
 * The CUDA system's policies (Thrust API documentation, "thrust::cuda"):
 * par, par_nosync, and .on(stream) on either, which runs the algorithm on
 * that stream. thrust::cuda names thrust::system::cuda. Declarations
 * only. */
#ifndef CU2CL_THRUST_SYSTEM_CUDA_EXECUTION_POLICY_H
#define CU2CL_THRUST_SYSTEM_CUDA_EXECUTION_POLICY_H

#include "../../../cuda_runtime_api.h"
#include "../../detail/cu2cl_base.h"

namespace thrust {
namespace system {
namespace cuda {
namespace detail {
struct execute_on_stream : thrust::execution_policy<execute_on_stream> {};
struct execute_on_stream_nosync
    : thrust::execution_policy<execute_on_stream_nosync> {};
struct par_t : thrust::execution_policy<par_t> {
  __host__ execute_on_stream on(const cudaStream_t &stream) const;
};
struct par_nosync_t : thrust::execution_policy<par_nosync_t> {
  __host__ execute_on_stream_nosync on(const cudaStream_t &stream) const;
};
} // namespace detail

inline constexpr detail::par_t par{};
inline constexpr detail::par_nosync_t par_nosync{};

} // namespace cuda
} // namespace system

namespace cuda = system::cuda;

} // namespace thrust

#endif
