/* cu2cl's own CUDA headers: thrust/host_vector.h
 *
 * thrust::host_vector<T, Alloc> (Thrust API documentation, "Containers"):
 * a vector in host memory. Declared here as a std::vector with Thrust's
 * additions: construction from and assignment of device_vector.
 * Declarations only. */
#ifndef CU2CL_THRUST_HOST_VECTOR_H
#define CU2CL_THRUST_HOST_VECTOR_H

#include <memory>
#include <vector>

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename T, typename Alloc> class device_vector;
template <typename T> class device_allocator;
template <typename T> class device_ptr;

template <typename T, typename Alloc = std::allocator<T>>
class host_vector : public std::vector<T, Alloc> {
public:
  using std::vector<T, Alloc>::vector;
  host_vector();
  host_vector(const host_vector &v);
  host_vector(host_vector &&v);
  template <typename OtherT, typename OtherAlloc>
  host_vector(const std::vector<OtherT, OtherAlloc> &v);
  template <typename OtherT, typename OtherAlloc>
  host_vector(const device_vector<OtherT, OtherAlloc> &v);
  template <typename OtherT>
  host_vector(device_ptr<OtherT> first, device_ptr<OtherT> last);

  host_vector &operator=(const host_vector &v);
  host_vector &operator=(host_vector &&v);
  template <typename OtherT, typename OtherAlloc>
  host_vector &operator=(const std::vector<OtherT, OtherAlloc> &v);
  template <typename OtherT, typename OtherAlloc>
  host_vector &operator=(const device_vector<OtherT, OtherAlloc> &v);
};

} // namespace thrust

#include "device_vector.h"

#endif
