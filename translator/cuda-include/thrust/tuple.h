/* cu2cl's own CUDA headers: thrust/tuple.h
 *
 * thrust::tuple, make_tuple, tie and get (Thrust API documentation,
 * "Tuple"), which zip_iterator dereferences to. Declarations only. */
#ifndef CU2CL_THRUST_TUPLE_H
#define CU2CL_THRUST_TUPLE_H

#include <tuple>

#include "detail/cu2cl_base.h"

namespace thrust {

template <typename... Ts> class tuple {
public:
  __host__ __device__ tuple();
  __host__ __device__ tuple(const Ts &...values);
  template <typename... Us>
  __host__ __device__ tuple(const tuple<Us...> &other);
  template <typename... Us>
  __host__ __device__ tuple &operator=(const tuple<Us...> &other);
};

template <std::size_t I, typename T> struct tuple_element;
template <std::size_t I, typename... Ts> struct tuple_element<I, tuple<Ts...>> {
  typedef typename std::tuple_element<I, std::tuple<Ts...>>::type type;
};
template <typename T> struct tuple_size;
template <typename... Ts>
struct tuple_size<tuple<Ts...>>
    : std::integral_constant<std::size_t, sizeof...(Ts)> {};

template <std::size_t I, typename... Ts>
__host__ __device__ typename tuple_element<I, tuple<Ts...>>::type &
get(tuple<Ts...> &t) {
  return ::thrust::detail::cu2cl_result<typename tuple_element<I, tuple<Ts...>>::type &>();
}
template <std::size_t I, typename... Ts>
__host__ __device__ const typename tuple_element<I, tuple<Ts...>>::type &
get(const tuple<Ts...> &t) {
  return ::thrust::detail::cu2cl_result<const typename tuple_element<I, tuple<Ts...>>::type &>();
}
template <typename... Ts>
__host__ __device__ tuple<std::decay_t<Ts>...> make_tuple(Ts &&...values) {
  return ::thrust::detail::cu2cl_result<tuple<std::decay_t<Ts>...>>();
}
template <typename... Ts> __host__ __device__ tuple<Ts &...> tie(Ts &...refs) {
  return ::thrust::detail::cu2cl_result<tuple<Ts &...>>();
}

} // namespace thrust

#endif
