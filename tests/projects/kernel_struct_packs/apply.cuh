// A kernel template in a header, applying a functor the including file
// defines to a list of tensors (HeCBench axpby's multi_tensor_apply.cuh):
// its parameter pack expands to several parameters, and the list holds a
// 2-D array of pointers beside arrays of sizes and block maps.
#pragma once
#include <cstdint>

template <int n> struct TensorLists {
  void *addresses[n][8];
  int64_t sizes[8];
  unsigned char block_to_tensor[16];
  int block_to_chunk[16];
  int start;
};

template <typename T, typename U, typename... Args>
__global__ void apply_kernel(int chunk, T tl, U callable, Args... args) {
  callable(chunk, tl, args...);
}

// An accessor in PyTorch's style (HeCBench dwconv): a data pointer in the
// base of a class template, sizes and strides beside it, copied to the
// device by value.
template <typename T> struct RestrictTraits { typedef T *__restrict__ Ptr; };

template <typename T, int N, template <typename> class Traits>
class AccessorBase {
public:
  typedef typename Traits<T>::Ptr Ptr;
  __host__ AccessorBase(Ptr data, const int *sizes, const int *strides)
      : data_(data) {
    for (int i = 0; i < N; i++) {
      sizes_[i] = sizes[i];
      strides_[i] = strides[i];
    }
  }
  __host__ __device__ int size(int i) const { return sizes_[i]; }
  __host__ __device__ int stride(int i) const { return strides_[i]; }
  __host__ __device__ Ptr data() { return data_; }
  __host__ __device__ const Ptr data() const { return data_; }

protected:
  Ptr data_;
  int sizes_[N];
  int strides_[N];
};

template <typename T, int N, template <typename> class Traits = RestrictTraits>
class Accessor : public AccessorBase<T, N, Traits> {
public:
  __host__ Accessor(T *data, const int *sizes, const int *strides)
      : AccessorBase<T, N, Traits>(data, sizes, strides) {}
  __device__ T &at(int i, int j) const {
    return this->data_[i * this->strides_[0] + j * this->strides_[1]];
  }
};

template <typename T, template <typename> class Traits>
class Accessor<T, 1, Traits> : public AccessorBase<T, 1, Traits> {
public:
  __host__ Accessor(T *data, const int *sizes, const int *strides)
      : AccessorBase<T, 1, Traits>(data, sizes, strides) {}
  __device__ T &operator[](int i) const {
    return this->data_[this->strides_[0] * i];
  }
};
