// cu2clrt_cub_util.hpp: CUB's host utilities that programs built from
// CUB's examples use (cub/util_allocator.cuh, cub/util_debug.cuh,
// cub/util_macro.cuh, cub/util_type.cuh), included by cu2clrt_cub.hpp:
// CachingDeviceAllocator over cu2clMalloc and cu2clFree, the CubDebug and
// CubDebugExit macros, CUB's arithmetic macros and Traits.
#ifndef CU2CLRT_CUB_UTIL_HPP
#define CU2CLRT_CUB_UTIL_HPP

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <mutex>
#include <type_traits>

#include "cu2clrt.h"

namespace cu2cl_cub {

// The error, printed with where it was checked when it is one and the
// program defined CUB_STDERR before including CUB (as CUB does).
inline cu2clError_t Debug(cu2clError_t error, const char *filename, int line) {
#ifdef CUB_STDERR
  if (error != cu2clSuccess)
    fprintf(stderr, "CUDA error %d [%s, %d]: %s\n", (int)error, filename, line,
            cu2clGetErrorString(error));
#else
  (void)filename;
  (void)line;
#endif
  return error;
}

// Traits<T> (cub/util_type.cuh): T's category, its bits as an unsigned
// integer and the twiddle that makes those bits sort as the values do, as
// host code names them (the device's are cu2cl's own CUB, translated).
enum Category {
  NOT_A_NUMBER,
  SIGNED_INTEGER,
  UNSIGNED_INTEGER,
  FLOATING_POINT
};

namespace detail {
template <size_t N> struct bits_of;
template <> struct bits_of<1> { typedef unsigned char type; };
template <> struct bits_of<2> { typedef unsigned short type; };
template <> struct bits_of<4> { typedef unsigned int type; };
template <> struct bits_of<8> { typedef unsigned long long type; };
} // namespace detail

template <class T, class = void> struct NumericTraits {
  static constexpr Category CATEGORY = NOT_A_NUMBER;
  enum { PRIMITIVE = 0, NULL_TYPE = 0 };
};
template <class T>
struct NumericTraits<T, std::enable_if_t<std::is_arithmetic<T>::value &&
                                         !std::is_same<T, bool>::value>> {
  static constexpr Category CATEGORY =
      std::is_floating_point<T>::value ? FLOATING_POINT
      : std::is_signed<T>::value       ? SIGNED_INTEGER
                                       : UNSIGNED_INTEGER;
  enum { PRIMITIVE = 1, NULL_TYPE = 0 };
  typedef typename detail::bits_of<sizeof(T)>::type UnsignedBits;
  static constexpr UnsignedBits HIGH_BIT =
      (UnsignedBits)((UnsignedBits)1 << (sizeof(UnsignedBits) * 8 - 1));
  static constexpr UnsignedBits LOWEST_KEY =
      CATEGORY == UNSIGNED_INTEGER ? (UnsignedBits)0
      : CATEGORY == SIGNED_INTEGER ? HIGH_BIT
                                   : (UnsignedBits) ~(UnsignedBits)0;
  static constexpr UnsignedBits MAX_KEY =
      CATEGORY == UNSIGNED_INTEGER
          ? (UnsignedBits) ~(UnsignedBits)0
          : (UnsignedBits)(~(UnsignedBits)0 ^ HIGH_BIT);
  static UnsignedBits TwiddleIn(UnsignedBits key) {
    if (CATEGORY == FLOATING_POINT)
      return key ^
             ((key & HIGH_BIT) ? (UnsignedBits) ~(UnsignedBits)0 : HIGH_BIT);
    return CATEGORY == SIGNED_INTEGER ? (UnsignedBits)(key ^ HIGH_BIT) : key;
  }
  static UnsignedBits TwiddleOut(UnsignedBits key) {
    if (CATEGORY == FLOATING_POINT)
      return key ^
             ((key & HIGH_BIT) ? HIGH_BIT : (UnsignedBits) ~(UnsignedBits)0);
    return CATEGORY == SIGNED_INTEGER ? (UnsignedBits)(key ^ HIGH_BIT) : key;
  }
  static T Max() { return std::numeric_limits<T>::max(); }
  static T Lowest() { return std::numeric_limits<T>::lowest(); }
};
template <class T> struct Traits : NumericTraits<std::remove_cv_t<T>> {};

// A device allocator that keeps freed blocks for the next allocation of
// their bin: sizes round up to bin_growth^k bytes (k from min_bin to
// max_bin); a larger allocation is made and freed as asked. A cached block
// goes back to the stream that freed it at once; another stream first
// waits for that stream, so no kernel still using the block sees it reused
// (CUB waits for an event recorded at the free). Freed blocks beyond
// max_cached_bytes are released. Thread-safe.
class CachingDeviceAllocator {
public:
  static const unsigned int INVALID_BIN = (unsigned int)-1;
  static const size_t INVALID_SIZE = (size_t)-1;
  static const int INVALID_DEVICE_ORDINAL = -1;

  unsigned int bin_growth, min_bin, max_bin;
  size_t min_bin_bytes, max_bin_bytes, max_cached_bytes;
  bool skip_cleanup, debug;

  CachingDeviceAllocator(unsigned int bin_growth_, unsigned int min_bin_ = 1,
                         unsigned int max_bin_ = INVALID_BIN,
                         size_t max_cached_bytes_ = INVALID_SIZE,
                         bool skip_cleanup_ = false, bool debug_ = false)
      : bin_growth(bin_growth_), min_bin(min_bin_), max_bin(max_bin_),
        min_bin_bytes(power(bin_growth_, min_bin_)),
        max_bin_bytes(power(bin_growth_, max_bin_)),
        max_cached_bytes(max_cached_bytes_), skip_cleanup(skip_cleanup_),
        debug(debug_) {}
  // CUB's defaults: bins of 8^3 to 8^7 bytes, 6 MB cached
  explicit CachingDeviceAllocator(bool skip_cleanup_ = false,
                                  bool debug_ = false)
      : CachingDeviceAllocator(8, 3, 7, power(8, 7) * 3 - 1, skip_cleanup_,
                               debug_) {}
  CachingDeviceAllocator(const CachingDeviceAllocator &) = delete;
  CachingDeviceAllocator &operator=(const CachingDeviceAllocator &) = delete;
  ~CachingDeviceAllocator() {
    if (!skip_cleanup)
      FreeAllCached();
  }

  cu2clError_t SetMaxCachedBytes(size_t bytes) {
    std::lock_guard<std::mutex> g(mutex_);
    max_cached_bytes = bytes;
    return cu2clSuccess;
  }

  cu2clError_t DeviceAllocate(int device, void **d_ptr, size_t bytes,
                              cu2clStream_t active_stream = 0) {
    if (!d_ptr)
      return cu2clErrorInvalidValue;
    *d_ptr = nullptr;
    int current = 0;
    cu2clError_t e = cu2clGetDevice(&current);
    if (e != cu2clSuccess)
      return e;
    if (device == INVALID_DEVICE_ORDINAL)
      device = current;
    size_t size = bin_bytes(bytes);
    {
      std::lock_guard<std::mutex> g(mutex_);
      auto found = cached_.end();
      for (auto it = cached_.lower_bound(size);
           size != 0 && it != cached_.end() && it->first == size; ++it)
        if (it->second.device == device &&
            (found == cached_.end() || it->second.stream == active_stream))
          found = it;
      if (found != cached_.end()) {
        Block b = found->second;
        cached_.erase(found);
        cached_bytes_ -= size;
        if (b.stream != active_stream &&
            (e = cu2clStreamSynchronize(b.stream)) != cu2clSuccess)
          return e;
        b.stream = active_stream;
        live_[b.ptr] = b;
        *d_ptr = b.ptr;
        return cu2clSuccess;
      }
    }
    size_t alloc = size ? size : bytes;
    if (device != current && (e = cu2clSetDevice(device)) != cu2clSuccess)
      return e;
    void *p = nullptr;
    e = cu2clMalloc(&p, alloc);
    if (e == cu2clErrorMemoryAllocation) { // give the cache back, try again
      FreeAllCached();
      e = cu2clMalloc(&p, alloc);
    }
    if (device != current)
      cu2clSetDevice(current);
    if (e != cu2clSuccess)
      return e;
    std::lock_guard<std::mutex> g(mutex_);
    live_[p] = Block{p, size, device, active_stream};
    *d_ptr = p;
    return cu2clSuccess;
  }
  cu2clError_t DeviceAllocate(void **d_ptr, size_t bytes,
                              cu2clStream_t active_stream = 0) {
    return DeviceAllocate(INVALID_DEVICE_ORDINAL, d_ptr, bytes, active_stream);
  }

  cu2clError_t DeviceFree(int device, void *d_ptr) {
    (void)device; // the block knows its device
    if (!d_ptr)
      return cu2clSuccess;
    std::unique_lock<std::mutex> g(mutex_);
    auto it = live_.find(d_ptr);
    if (it == live_.end())
      return cu2clErrorInvalidValue;
    Block b = it->second;
    live_.erase(it);
    if (b.bin != 0 && cached_bytes_ + b.bin <= max_cached_bytes) {
      cached_.emplace(b.bin, b);
      cached_bytes_ += b.bin;
      return cu2clSuccess;
    }
    g.unlock();
    return release(b);
  }
  cu2clError_t DeviceFree(void *d_ptr) {
    return DeviceFree(INVALID_DEVICE_ORDINAL, d_ptr);
  }

  cu2clError_t FreeAllCached() {
    std::multimap<size_t, Block> blocks;
    {
      std::lock_guard<std::mutex> g(mutex_);
      blocks.swap(cached_);
      cached_bytes_ = 0;
    }
    cu2clError_t first = cu2clSuccess;
    for (auto &kv : blocks) {
      cu2clError_t e = release(kv.second);
      if (first == cu2clSuccess)
        first = e;
    }
    return first;
  }

private:
  struct Block {
    void *ptr;
    size_t bin; // 0: not binned, freed at once
    int device;
    cu2clStream_t stream;
  };
  std::mutex mutex_;
  std::map<void *, Block> live_;
  std::multimap<size_t, Block> cached_;
  size_t cached_bytes_ = 0;

  // base^exp; INVALID_SIZE past what size_t holds (max_bin INVALID_BIN)
  static size_t power(unsigned int base, unsigned int exp) {
    size_t r = 1;
    while (exp-- > 0) {
      if (base > 1 && r > INVALID_SIZE / base)
        return INVALID_SIZE;
      r *= base;
    }
    return r;
  }
  // The bin's size: the least min_bin_bytes * bin_growth^k that holds the
  // bytes; 0 above the largest bin (allocated as asked, never cached).
  size_t bin_bytes(size_t bytes) const {
    if (bytes > max_bin_bytes || bin_growth < 2)
      return 0;
    size_t b = min_bin_bytes;
    while (b < bytes && b <= INVALID_SIZE / bin_growth)
      b *= bin_growth;
    return b >= bytes ? b : 0;
  }
  cu2clError_t release(const Block &b) {
    int current = 0;
    cu2clError_t e = cu2clGetDevice(&current);
    if (e == cu2clSuccess && b.device != current)
      e = cu2clSetDevice(b.device);
    if (e != cu2clSuccess)
      return e;
    e = cu2clFree(b.ptr);
    if (b.device != current)
      cu2clSetDevice(current);
    return e;
  }
};

} // namespace cu2cl_cub

#ifndef CubDebug
#define CubDebug(e) ::cu2cl_cub::Debug((cu2clError_t)(e), __FILE__, __LINE__)
#endif
#ifndef CubDebugExit
#define CubDebugExit(e)                                                        \
  if (::cu2cl_cub::Debug((cu2clError_t)(e), __FILE__, __LINE__)) {             \
    exit(1);                                                                   \
  }
#endif
#ifndef CUB_MAX
#define CUB_MAX(a, b) (((b) > (a)) ? (b) : (a))
#define CUB_MIN(a, b) (((b) < (a)) ? (b) : (a))
#define CUB_QUOTIENT_FLOOR(x, y) ((x) / (y))
#define CUB_QUOTIENT_CEILING(x, y) (((x) + (y)-1) / (y))
#define CUB_ROUND_UP_NEAREST(x, y) ((((x) + (y)-1) / (y)) * (y))
#define CUB_ROUND_DOWN_NEAREST(x, y) (((x) / (y)) * (y))
#endif

#endif
