/* cu2cl's own CUDA headers: thrust/system_error.h
 *
 * What Thrust throws (Thrust API documentation, "System Diagnostics"):
 * thrust::system_error (also thrust::system::system_error), its
 * error_code, and the CUDA error category. Declarations only. */
#ifndef CU2CL_THRUST_SYSTEM_ERROR_H
#define CU2CL_THRUST_SYSTEM_ERROR_H

#include <stdexcept>
#include <string>

#include "detail/cu2cl_base.h"

namespace thrust {
namespace system {

class error_category {
public:
  virtual ~error_category();
  virtual const char *name() const = 0;
  virtual std::string message(int ev) const = 0;
};

class error_code {
public:
  error_code();
  error_code(int value, const error_category &category);
  int value() const;
  const error_category &category() const;
  std::string message() const;
  explicit operator bool() const;
};

class system_error : public std::runtime_error {
public:
  system_error(error_code ec, const std::string &what_arg);
  system_error(error_code ec);
  system_error(int ev, const error_category &ecat, const std::string &what_arg);
  system_error(int ev, const error_category &ecat);
  const error_code &code() const noexcept;
  const char *what() const noexcept override;
};

const error_category &generic_category();
const error_category &system_category();
namespace cuda {
const error_category &cuda_category();
} // namespace cuda

} // namespace system

using system::error_category;
using system::error_code;
using system::generic_category;
using system::system_category;
using system::system_error;
namespace cuda_cub {
using system::cuda::cuda_category;
} // namespace cuda_cub

} // namespace thrust

#endif
