// cu2clrt_thrust_functional.hpp: Thrust's function objects
// (<thrust/functional.h>), included by cu2clrt_thrust.hpp.
#ifndef CU2CLRT_THRUST_FUNCTIONAL_HPP
#define CU2CLRT_THRUST_FUNCTIONAL_HPP

namespace cu2cl_thrust {

// ---------------------------------------------------------------------------
// Functors (<thrust/functional.h>). Device algorithms accept plus, minimum,
// maximum (scans, reductions) and less, greater (sorts), also as the
// transparent <void> forms and the std:: ones.

#define CU2CL_THRUST_BINARY(NAME, EXPR)                                        \
  template <class T = void> struct NAME {                                      \
    using first_argument_type = T;                                             \
    using second_argument_type = T;                                            \
    constexpr auto operator()(const T &a, const T &b) const { return EXPR; }   \
  };                                                                           \
  template <> struct NAME<void> {                                              \
    template <class A, class B>                                                \
    constexpr auto operator()(const A &a, const B &b) const {                  \
      return EXPR;                                                             \
    }                                                                          \
  };
CU2CL_THRUST_BINARY(plus, a + b)
CU2CL_THRUST_BINARY(minus, a - b)
CU2CL_THRUST_BINARY(multiplies, a *b)
CU2CL_THRUST_BINARY(divides, a / b)
CU2CL_THRUST_BINARY(modulus, a % b)
CU2CL_THRUST_BINARY(minimum, a < b ? a : b)
CU2CL_THRUST_BINARY(maximum, a < b ? b : a)
CU2CL_THRUST_BINARY(equal_to, a == b)
CU2CL_THRUST_BINARY(not_equal_to, a != b)
CU2CL_THRUST_BINARY(less, a < b)
CU2CL_THRUST_BINARY(greater, a > b)
CU2CL_THRUST_BINARY(less_equal, a <= b)
CU2CL_THRUST_BINARY(greater_equal, a >= b)
CU2CL_THRUST_BINARY(logical_and, a &&b)
CU2CL_THRUST_BINARY(logical_or, a || b)
CU2CL_THRUST_BINARY(bit_and, a &b)
CU2CL_THRUST_BINARY(bit_or, a | b)
CU2CL_THRUST_BINARY(bit_xor, a ^ b)
#undef CU2CL_THRUST_BINARY

template <class T = void> struct negate {
  constexpr T operator()(const T &a) const { return -a; }
};
template <class T = void> struct logical_not {
  constexpr bool operator()(const T &a) const { return !a; }
};
template <class T = void> struct identity {
  constexpr const T &operator()(const T &a) const { return a; }
};
template <> struct identity<void> {
  template <class T> constexpr T &&operator()(T &&a) const {
    return static_cast<T &&>(a);
  }
};

} // namespace cu2cl_thrust

#endif // CU2CLRT_THRUST_FUNCTIONAL_HPP
