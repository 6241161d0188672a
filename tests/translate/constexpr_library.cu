// Constant calls of the C++ library in device code (HeCBench atan2:
// std::numeric_limits<int>::max() in a constexpr device function) are
// their values; OpenCL C has no such functions. So are <math.h>'s INFINITY
// and NAN, which expand to compiler built-ins (HeCBench perplexity).
#include <cuda_runtime.h>
#include <cmath>
#include <limits>
#include <type_traits>

template <typename T>
__device__ T clamp_top(float v)
{
    constexpr long long top = (long long)std::numeric_limits<T>::max() + 1LL;
    return v >= (float)top ? std::numeric_limits<T>::max() : (T)v;
}

__global__ void limits(int *out, short *out16, float *outf, const float *in)
{
    int i = threadIdx.x;
    out[i] = clamp_top<int>(in[i]);
    out16[i] = clamp_top<short>(in[i]);
    outf[i] = in[i] < std::numeric_limits<float>::lowest()
                  ? std::numeric_limits<float>::infinity()
                  : std::numeric_limits<float>::epsilon();
    outf[i + 32] = in[i] > 0.f ? -INFINITY : NAN;
}
// CHECK-CL: outf[i] = in[i] < -3.40282347e+38f ? INFINITY : 1.1920929e-07f;
// CHECK-CL: outf[i + 32] = in[i] > 0.f ? -(INFINITY) : (NAN);

// Constant static members of the library's classes (HeCBench logprob:
// std::is_same<T, half>::value in a kernel template)
template <typename T>
__global__ void traits(T *o)
{
    const bool same = std::is_same<T, float>::value;
    o[threadIdx.x] = same ? (T)std::numeric_limits<T>::digits
                          : (T)std::is_integral<T>::value;
}
// CHECK-CL: const bool same = true;
// CHECK-CL: o[(uint)get_local_id(0)] = same ? (float)24 : (float)false;
// CHECK-CL: const bool same = false;
// CHECK-CL: o[(uint)get_local_id(0)] = same ? (int)31 : (int)true;
// (the device functions follow the kernels in the .cl)
// CHECK-CL: const long top = (long)2147483647 + 1LL;
// CHECK-CL: return v >= (float)top ? 2147483647 : (int)v;
// CHECK-CL: const long top = (long)32767 + 1LL;

int main()
{
    int *out;
    short *out16;
    float *outf, *in;
    cudaMalloc(&out, 32 * sizeof(int));
    cudaMalloc(&out16, 32 * sizeof(short));
    cudaMalloc(&outf, 32 * sizeof(float));
    cudaMalloc(&in, 32 * sizeof(float));
    limits<<<1, 32>>>(out, out16, outf, in);
    traits<float><<<1, 32>>>(outf);
    traits<int><<<1, 32>>>(out);
    return 0;
}
