// cu2clrt_thrust_memory.hpp: device memory as Thrust host code sees it,
// included by cu2clrt_thrust.hpp after its errors and execution policies:
// `device_ptr`, `device_reference`, `device_pointer_cast`,
// `raw_pointer_cast`, `device_malloc`/`device_free`, and the containers
// `device_vector` (its members that run algorithms are defined at the end
// of cu2clrt_thrust.hpp) and `host_vector`. Not a header of its own: it
// needs cu2clrt_thrust.hpp's detail::check and untraced copies.
#ifndef CU2CLRT_THRUST_MEMORY_HPP
#define CU2CLRT_THRUST_MEMORY_HPP

namespace cu2cl_thrust {

// thrust::swap; also what an unqualified swap of two device_ptr finds by
// argument-dependent lookup, as with Thrust's.
using std::swap;

// ---------------------------------------------------------------------------
// device_ptr and device_reference

template <class T> class device_ptr;

// An element of device memory seen from the host: reading copies it to the
// host, assigning copies to the device (each a synchronous copy).
template <class T> class device_reference {
public:
  using value_type = std::remove_cv_t<T>;

  explicit device_reference(T *p) : p_(p) {}
  device_reference(const device_reference &) = default;

  operator value_type() const {
    value_type v;
    detail::check(
        detail::untraced_memcpy(&v, p_, sizeof v, cu2clMemcpyDeviceToHost),
        "device_reference read");
    return v;
  }
  device_reference &operator=(const value_type &v) {
    static_assert(!std::is_const_v<T>, "assignment through a const reference");
    detail::check(
        detail::untraced_memcpy(p_, &v, sizeof v, cu2clMemcpyHostToDevice),
        "device_reference write");
    return *this;
  }
  device_reference &operator=(const device_reference &o) {
    return *this = value_type(o);
  }
  device_ptr<T> operator&() const { return device_ptr<T>(p_); }

  template <class U> device_reference &operator+=(const U &v) {
    return *this = value_type(value_type(*this) + v);
  }
  template <class U> device_reference &operator-=(const U &v) {
    return *this = value_type(value_type(*this) - v);
  }
  template <class U> device_reference &operator*=(const U &v) {
    return *this = value_type(value_type(*this) * v);
  }
  template <class U> device_reference &operator/=(const U &v) {
    return *this = value_type(value_type(*this) / v);
  }
  device_reference &operator++() { return *this += 1; }
  device_reference &operator--() { return *this -= 1; }
  value_type operator++(int) {
    value_type v = *this;
    *this = value_type(v + 1);
    return v;
  }
  value_type operator--(int) {
    value_type v = *this;
    *this = value_type(v - 1);
    return v;
  }

private:
  T *p_;
};

template <class T> class device_ptr {
public:
  using element_type = T;
  using value_type = std::remove_cv_t<T>;
  using difference_type = std::ptrdiff_t;
  using pointer = device_ptr<T>;
  using reference = device_reference<T>;
  using iterator_category = std::random_access_iterator_tag;

  device_ptr() = default;
  device_ptr(std::nullptr_t) {}
  explicit device_ptr(T *p) : p_(p) {}
  template <class U, std::enable_if_t<std::is_convertible_v<U *, T *>, int> = 0>
  device_ptr(const device_ptr<U> &o) : p_(o.get()) {}

  T *get() const { return p_; }
  reference operator*() const { return reference(p_); }
  reference operator[](difference_type i) const { return reference(p_ + i); }
  explicit operator bool() const { return p_ != nullptr; }

  device_ptr &operator++() { return ++p_, *this; }
  device_ptr &operator--() { return --p_, *this; }
  device_ptr operator++(int) { return device_ptr(p_++); }
  device_ptr operator--(int) { return device_ptr(p_--); }
  device_ptr &operator+=(difference_type n) { return p_ += n, *this; }
  device_ptr &operator-=(difference_type n) { return p_ -= n, *this; }
  friend device_ptr operator+(device_ptr p, difference_type n) {
    return p += n;
  }
  friend device_ptr operator+(difference_type n, device_ptr p) {
    return p += n;
  }
  friend device_ptr operator-(device_ptr p, difference_type n) {
    return p -= n;
  }
  friend difference_type operator-(device_ptr a, device_ptr b) {
    return a.p_ - b.p_;
  }
  friend bool operator==(device_ptr a, device_ptr b) { return a.p_ == b.p_; }
  friend bool operator!=(device_ptr a, device_ptr b) { return a.p_ != b.p_; }
  friend bool operator<(device_ptr a, device_ptr b) { return a.p_ < b.p_; }
  friend bool operator>(device_ptr a, device_ptr b) { return a.p_ > b.p_; }
  friend bool operator<=(device_ptr a, device_ptr b) { return a.p_ <= b.p_; }
  friend bool operator>=(device_ptr a, device_ptr b) { return a.p_ >= b.p_; }

private:
  T *p_ = nullptr;
};

// A launch passes a device_ptr kernel argument as the pointer it holds: the
// launch stub hands cu2clLaunchKernel the parameter's address as a
// CU2CL_ARG_DEVPTR, read as a void * (device code takes a __global T *).
static_assert(sizeof(device_ptr<int>) == sizeof(int *) &&
                  std::is_standard_layout_v<device_ptr<int>>,
              "device_ptr must be the pointer it wraps");

template <class T> device_ptr<T> device_pointer_cast(T *p) {
  return device_ptr<T>(p);
}
template <class T> device_ptr<T> device_pointer_cast(device_ptr<T> p) {
  return p;
}
template <class T> T *raw_pointer_cast(device_ptr<T> p) {
  return p.get();
}
template <class T> T *raw_pointer_cast(T *p) {
  return p;
}

template <class T> device_ptr<T> device_malloc(std::size_t n) {
  T *p = nullptr;
  detail::check(cu2clMalloc((void **)&p, n * sizeof(T)), "device_malloc");
  return device_ptr<T>(p);
}
inline device_ptr<void> device_malloc(std::size_t bytes) {
  void *p = nullptr;
  detail::check(cu2clMalloc(&p, bytes), "device_malloc");
  return device_ptr<void>(p);
}
template <class T> void device_free(device_ptr<T> p) {
  detail::check(cu2clFree((void *)p.get()), "device_free");
}

// ---------------------------------------------------------------------------
// device_vector and host_vector

template <class T> class device_vector {
  static_assert(std::is_trivially_copyable_v<T>,
                "device_vector elements are copied as bytes");

public:
  using value_type = T;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using pointer = device_ptr<T>;
  using const_pointer = device_ptr<const T>;
  using reference = device_reference<T>;
  using const_reference = device_reference<const T>;
  using iterator = device_ptr<T>;
  using const_iterator = device_ptr<const T>;

  device_vector() = default;
  explicit device_vector(size_type n) { assign_zero(n); }
  device_vector(size_type n, const T &value) { assign(n, value); }
  device_vector(const device_vector &o) { assign_from(o.data_, o.size_); }
  device_vector(device_vector &&o) noexcept { swap(o); }
  template <class A> device_vector(const std::vector<T, A> &v) {
    assign(v.begin(), v.end());
  }
  device_vector(std::initializer_list<T> il) { assign(il.begin(), il.end()); }
  template <class It, class = typename std::iterator_traits<It>::value_type>
  device_vector(It first, It last) {
    assign(first, last);
  }
  ~device_vector() { cu2clFree(data_); }

  device_vector &operator=(const device_vector &o) {
    if (this != &o)
      assign_from(o.data_, o.size_);
    return *this;
  }
  device_vector &operator=(device_vector &&o) noexcept {
    swap(o);
    return *this;
  }
  template <class A> device_vector &operator=(const std::vector<T, A> &v) {
    assign(v.begin(), v.end());
    return *this;
  }

  template <class It> void assign(It first, It last);
  void assign(size_type n, const T &value);

  size_type size() const { return size_; }
  size_type capacity() const { return capacity_; }
  bool empty() const { return size_ == 0; }
  size_type max_size() const { return std::size_t(-1) / sizeof(T); }

  pointer data() { return pointer(data_); }
  const_pointer data() const { return const_pointer(data_); }
  iterator begin() { return iterator(data_); }
  iterator end() { return iterator(data_ + size_); }
  const_iterator begin() const { return const_iterator(data_); }
  const_iterator end() const { return const_iterator(data_ + size_); }
  const_iterator cbegin() const { return begin(); }
  const_iterator cend() const { return end(); }
  reference operator[](size_type i) { return reference(data_ + i); }
  const_reference operator[](size_type i) const {
    return const_reference(data_ + i);
  }
  reference front() { return (*this)[0]; }
  const_reference front() const { return (*this)[0]; }
  reference back() { return (*this)[size_ - 1]; }
  const_reference back() const { return (*this)[size_ - 1]; }

  void reserve(size_type n) {
    if (n > capacity_)
      reallocate(n);
  }
  void resize(size_type n) { resize(n, T()); }
  void resize(size_type n, const T &value);
  void clear() { size_ = 0; }
  void shrink_to_fit() {
    if (capacity_ > size_)
      reallocate(size_);
  }
  void push_back(const T &value) {
    if (size_ == capacity_)
      reallocate(capacity_ ? 2 * capacity_ : 8);
    (*this)[size_++] = value;
  }
  void pop_back() { --size_; }
  void swap(device_vector &o) noexcept {
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    std::swap(capacity_, o.capacity_);
  }

private:
  void reallocate(size_type n) {
    T *p = nullptr;
    detail::check(cu2clMalloc((void **)&p, n * sizeof(T)), "device_vector");
    size_type keep = std::min(n, size_);
    cu2clError_t err = keep
                           ? detail::untraced_memcpy(p, data_, keep * sizeof(T),
                                                     cu2clMemcpyDefault)
                           : cu2clSuccess;
    if (err != cu2clSuccess)
      cu2clFree(p);
    detail::check(err, "device_vector");
    cu2clFree(data_);
    data_ = p;
    size_ = keep;
    capacity_ = n;
  }
  void grow_to(size_type n) { // size n, contents undefined
    if (n > capacity_) {
      size_ = 0;
      reallocate(n);
    }
    size_ = n;
  }
  void assign_zero(size_type n) {
    grow_to(n);
    if (n)
      detail::check(cu2clMemset(data_, 0, n * sizeof(T)), "device_vector");
  }
  void assign_from(const T *p, size_type n) {
    grow_to(n);
    if (n)
      detail::check(
          detail::untraced_memcpy(data_, p, n * sizeof(T), cu2clMemcpyDefault),
          "device_vector");
  }

  T *data_ = nullptr;
  size_type size_ = 0, capacity_ = 0;
};

template <class T, class Alloc = std::allocator<T>>
class host_vector : public std::vector<T, Alloc> {
  using base = std::vector<T, Alloc>;

public:
  using base::base;
  host_vector() = default;
  host_vector(const base &v) : base(v) {}
  host_vector(base &&v) : base(std::move(v)) {}
  host_vector(const device_vector<T> &d) : base(d.size()) {
    if (!d.empty())
      detail::check(detail::untraced_memcpy(this->data(), d.data().get(),
                                            d.size() * sizeof(T),
                                            cu2clMemcpyDeviceToHost),
                    "host_vector");
  }
  template <class U>
  host_vector(device_ptr<U> first, device_ptr<U> last)
      : base(static_cast<std::size_t>(last - first)) {
    using V = std::remove_cv_t<U>; // converted element-wise when not T
    std::vector<V> conv(std::is_same_v<V, T> ? 0 : this->size());
    void *dst = std::is_same_v<V, T> ? (void *)this->data() : conv.data();
    if (last != first)
      detail::check(detail::untraced_memcpy(dst, first.get(),
                                            this->size() * sizeof(V),
                                            cu2clMemcpyDeviceToHost),
                    "host_vector");
    if constexpr (!std::is_same_v<V, T>)
      std::copy(conv.begin(), conv.end(), this->begin());
  }
  host_vector &operator=(const device_vector<T> &d) {
    return *this = host_vector(d);
  }
};

} // namespace cu2cl_thrust

#endif // CU2CLRT_THRUST_MEMORY_HPP
