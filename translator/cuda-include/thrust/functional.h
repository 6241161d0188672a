/* cu2cl's own CUDA headers: thrust/functional.h
 *
 * Thrust's function objects (Thrust API documentation, "Function
 * Objects"): arithmetic, comparison, logical and bitwise operators, each
 * also in the transparent <void> form, identity, project1st/project2nd,
 * and the placeholders _1 ... _10 of thrust::placeholders (whose
 * expressions are declared loosely: enough to parse calls that pass them).
 * Declarations only. */
#ifndef CU2CL_THRUST_FUNCTIONAL_H
#define CU2CL_THRUST_FUNCTIONAL_H

#include "detail/cu2cl_base.h"

namespace thrust {

/* A binary operator struct and its transparent specialization. */
#define CU2CL_THRUST_BINARY_FUNCTOR(NAME, RESULT)                              \
  template <typename T = void> struct NAME {                                   \
    typedef T first_argument_type;                                             \
    typedef T second_argument_type;                                            \
    typedef RESULT result_type;                                                \
    __host__ __device__ RESULT operator()(const T &x, const T &y) const;       \
  };                                                                           \
  template <> struct NAME<void> {                                              \
    typedef void is_transparent;                                               \
    template <typename T1, typename T2>                                        \
    __host__ __device__ auto operator()(T1 &&x, T2 &&y) const                  \
        -> decltype(NAME<std::common_type_t<std::decay_t<T1>,                  \
                                            std::decay_t<T2>>>()(x, y));       \
  };

CU2CL_THRUST_BINARY_FUNCTOR(plus, T)
CU2CL_THRUST_BINARY_FUNCTOR(minus, T)
CU2CL_THRUST_BINARY_FUNCTOR(multiplies, T)
CU2CL_THRUST_BINARY_FUNCTOR(divides, T)
CU2CL_THRUST_BINARY_FUNCTOR(modulus, T)
CU2CL_THRUST_BINARY_FUNCTOR(minimum, T)
CU2CL_THRUST_BINARY_FUNCTOR(maximum, T)
CU2CL_THRUST_BINARY_FUNCTOR(bit_and, T)
CU2CL_THRUST_BINARY_FUNCTOR(bit_or, T)
CU2CL_THRUST_BINARY_FUNCTOR(bit_xor, T)
CU2CL_THRUST_BINARY_FUNCTOR(equal_to, bool)
CU2CL_THRUST_BINARY_FUNCTOR(not_equal_to, bool)
CU2CL_THRUST_BINARY_FUNCTOR(greater, bool)
CU2CL_THRUST_BINARY_FUNCTOR(less, bool)
CU2CL_THRUST_BINARY_FUNCTOR(greater_equal, bool)
CU2CL_THRUST_BINARY_FUNCTOR(less_equal, bool)
CU2CL_THRUST_BINARY_FUNCTOR(logical_and, bool)
CU2CL_THRUST_BINARY_FUNCTOR(logical_or, bool)
#undef CU2CL_THRUST_BINARY_FUNCTOR

template <typename T = void> struct negate {
  typedef T argument_type;
  typedef T result_type;
  __host__ __device__ T operator()(const T &x) const;
};
template <typename T = void> struct logical_not {
  typedef T argument_type;
  typedef bool result_type;
  __host__ __device__ bool operator()(const T &x) const;
};
template <typename T = void> struct bit_not {
  __host__ __device__ T operator()(const T &x) const;
};
template <typename T = void> struct identity {
  __host__ __device__ const T &operator()(const T &x) const;
};
template <typename T1 = void, typename T2 = void> struct project1st {
  __host__ __device__ const T1 &operator()(const T1 &x, const T2 &y) const;
};
template <typename T1 = void, typename T2 = void> struct project2nd {
  __host__ __device__ const T2 &operator()(const T1 &x, const T2 &y) const;
};

template <typename Predicate> struct unary_negate {
  __host__ __device__ explicit unary_negate(Predicate p);
  template <typename T> __host__ __device__ bool operator()(const T &x) const;
};
template <typename Predicate>
__host__ __device__ unary_negate<Predicate> not_fn(const Predicate &pred) {
  return ::thrust::detail::cu2cl_result<unary_negate<Predicate>>();
}

namespace placeholders {
/* _1 + 2, _1 * _2, ...: any operator on a placeholder gives an expression
 * callable with any arguments. */
struct cu2cl_expression {
  template <typename... Args>
  __host__ __device__ cu2cl_expression operator()(Args &&...args) const;
  template <typename T>
  __host__ __device__ cu2cl_expression operator=(const T &value) const;
};
#define CU2CL_THRUST_PLACEHOLDER_OP(OP)                                        \
  template <typename T>                                                        \
  __host__ __device__ cu2cl_expression operator OP(const cu2cl_expression &,   \
                                                   const T &);                 \
  template <typename T,                                                        \
            typename = std::enable_if_t<!std::is_same_v<T, cu2cl_expression>>> \
  __host__ __device__ cu2cl_expression operator OP(const T &,                  \
                                                   const cu2cl_expression &);
CU2CL_THRUST_PLACEHOLDER_OP(+)
CU2CL_THRUST_PLACEHOLDER_OP(-)
CU2CL_THRUST_PLACEHOLDER_OP(*)
CU2CL_THRUST_PLACEHOLDER_OP(/)
CU2CL_THRUST_PLACEHOLDER_OP(%)
CU2CL_THRUST_PLACEHOLDER_OP(==)
CU2CL_THRUST_PLACEHOLDER_OP(!=)
CU2CL_THRUST_PLACEHOLDER_OP(<)
CU2CL_THRUST_PLACEHOLDER_OP(>)
CU2CL_THRUST_PLACEHOLDER_OP(<=)
CU2CL_THRUST_PLACEHOLDER_OP(>=)
CU2CL_THRUST_PLACEHOLDER_OP(&&)
CU2CL_THRUST_PLACEHOLDER_OP(||)
CU2CL_THRUST_PLACEHOLDER_OP(&)
CU2CL_THRUST_PLACEHOLDER_OP(|)
CU2CL_THRUST_PLACEHOLDER_OP(^)
#undef CU2CL_THRUST_PLACEHOLDER_OP
__host__ __device__ cu2cl_expression operator-(const cu2cl_expression &);
__host__ __device__ cu2cl_expression operator!(const cu2cl_expression &);

extern const cu2cl_expression _1, _2, _3, _4, _5, _6, _7, _8, _9, _10;
} // namespace placeholders

} // namespace thrust

#endif
