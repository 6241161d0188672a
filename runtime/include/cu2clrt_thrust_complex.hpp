// cu2clrt_thrust_complex.hpp: thrust::complex in host code, included at the
// end of cu2clrt_thrust.hpp. On the host, thrust::complex<T> computes as
// std::complex<T> does (the same values: a real and an imaginary T), so
// the port's host code uses std::complex and its functions. Kernels that
// use thrust::complex are not translated (the device side reports the
// type), so no complex value crosses to the device here.
#ifndef CU2CLRT_THRUST_COMPLEX_HPP
#define CU2CLRT_THRUST_COMPLEX_HPP

#include <complex>

namespace cu2cl_thrust {

template <class T> using complex = std::complex<T>;
using std::abs;
using std::arg;
using std::conj;
using std::norm;
using std::polar;

} // namespace cu2cl_thrust

#endif // CU2CLRT_THRUST_COMPLEX_HPP
