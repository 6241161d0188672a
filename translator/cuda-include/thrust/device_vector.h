/* cu2cl's own CUDA headers: thrust/device_vector.h
 *
 * thrust::device_vector<T, Alloc> (Thrust API documentation, "Containers"):
 * a vector in device memory with std::vector's interface; its iterators are
 * device_ptr<T>, element access goes through device_reference<T>, and it
 * converts from and to host_vector and std::vector. Declarations only. */
#ifndef CU2CL_THRUST_DEVICE_VECTOR_H
#define CU2CL_THRUST_DEVICE_VECTOR_H

#include <initializer_list>
#include <memory>
#include <vector>

#include "distance.h"
#include "device_allocator.h"
#include "device_ptr.h"
#include "device_reference.h"
#include "fill.h" /* CCCL's device_vector brings it */

namespace thrust {

template <typename T, typename Alloc> class host_vector;

template <typename T, typename Alloc = thrust::device_allocator<T>>
class device_vector {
public:
  typedef T value_type;
  typedef Alloc allocator_type;
  typedef std::size_t size_type;
  typedef std::ptrdiff_t difference_type;
  typedef device_ptr<T> pointer;
  typedef device_ptr<const T> const_pointer;
  typedef device_reference<T> reference;
  typedef device_reference<const T> const_reference;
  typedef device_ptr<T> iterator;
  typedef device_ptr<const T> const_iterator;
  typedef std::reverse_iterator<iterator> reverse_iterator;
  typedef std::reverse_iterator<const_iterator> const_reverse_iterator;

  device_vector();
  explicit device_vector(const Alloc &alloc);
  explicit device_vector(size_type n);
  device_vector(size_type n, const Alloc &alloc);
  explicit device_vector(size_type n, const value_type &value);
  device_vector(size_type n, const value_type &value, const Alloc &alloc);
  device_vector(const device_vector &v);
  device_vector(device_vector &&v);
  template <typename OtherT, typename OtherAlloc>
  device_vector(const device_vector<OtherT, OtherAlloc> &v);
  template <typename OtherT, typename OtherAlloc>
  device_vector(const std::vector<OtherT, OtherAlloc> &v);
  template <typename OtherT, typename OtherAlloc>
  device_vector(const host_vector<OtherT, OtherAlloc> &v);
  template <typename InputIterator,
            typename = typename std::iterator_traits<InputIterator>::value_type>
  device_vector(InputIterator first, InputIterator last);
  device_vector(std::initializer_list<T> il);
  ~device_vector();

  device_vector &operator=(const device_vector &v);
  device_vector &operator=(device_vector &&v);
  template <typename OtherT, typename OtherAlloc>
  device_vector &operator=(const device_vector<OtherT, OtherAlloc> &v);
  template <typename OtherT, typename OtherAlloc>
  device_vector &operator=(const std::vector<OtherT, OtherAlloc> &v);
  template <typename OtherT, typename OtherAlloc>
  device_vector &operator=(const host_vector<OtherT, OtherAlloc> &v);
  device_vector &operator=(std::initializer_list<T> il);

  void resize(size_type new_size);
  void resize(size_type new_size, const value_type &x);
  size_type size() const;
  size_type max_size() const;
  void reserve(size_type n);
  size_type capacity() const;
  void shrink_to_fit();
  bool empty() const;

  reference operator[](size_type n);
  const_reference operator[](size_type n) const;
  reference front();
  const_reference front() const;
  reference back();
  const_reference back() const;
  pointer data();
  const_pointer data() const;

  iterator begin();
  const_iterator begin() const;
  const_iterator cbegin() const;
  iterator end();
  const_iterator end() const;
  const_iterator cend() const;
  reverse_iterator rbegin();
  const_reverse_iterator rbegin() const;
  reverse_iterator rend();
  const_reverse_iterator rend() const;

  void clear();
  void push_back(const value_type &x);
  void pop_back();
  void swap(device_vector &v);
  iterator erase(iterator pos);
  iterator erase(iterator first, iterator last);
  iterator insert(iterator position, const T &x);
  void insert(iterator position, size_type n, const T &x);
  template <typename InputIterator>
  void insert(iterator position, InputIterator first, InputIterator last);
  void assign(size_type n, const T &x);
  template <typename InputIterator>
  void assign(InputIterator first, InputIterator last);
  allocator_type get_allocator() const;
};

template <typename T, typename Alloc>
void swap(device_vector<T, Alloc> &a, device_vector<T, Alloc> &b) {}
template <typename T1, typename A1, typename T2, typename A2>
bool operator==(const device_vector<T1, A1> &a, const device_vector<T2, A2> &b);
template <typename T1, typename A1, typename T2, typename A2>
bool operator!=(const device_vector<T1, A1> &a, const device_vector<T2, A2> &b);

} // namespace thrust

#include "host_vector.h"

#endif
