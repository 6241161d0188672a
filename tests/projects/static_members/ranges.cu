// Static member functions called through a dependent type in templates
// (typedef span<T> S; S::none(), B::none() with B a type argument), beside
// a free function template of the same name, and members returning const
// references: the shape of interval arithmetic libraries. Each thread
// intersects spans and keeps the non-empty ones on a small stack.
#include <cstdio>
#include <cuda_runtime.h>

template <class T> class span {
    T lo, hi;

public:
    __device__ __host__ span() {}
    __device__ __host__ span(T a, T b) : lo(a), hi(b) {}
    __device__ __host__ T const &lower() const { return lo; }
    __device__ __host__ T const &upper() const { return hi; }
    __device__ static span none() { return span(T(1), T(0)); }
    __device__ static T mid(T a, T b) { return (a + b) / T(2); }
};

template <class T> __device__ bool none(span<T> const &s) { return s.lower() > s.upper(); }

template <class T, int N> class stack {
    T buf[N];
    int top;

public:
    __device__ stack() : top(-1) {}
    __device__ void push(T const &v) { buf[++top] = v; }
    __device__ T pop() { return buf[top--]; }
    __device__ bool none() const { return top == -1; }
};

template <class T> __device__ span<T> meet(span<T> const &a, span<T> const &b)
{
    typedef span<T> S;
    T l = a.lower() > b.lower() ? a.lower() : b.lower();
    T u = a.upper() < b.upper() ? a.upper() : b.upper();
    return l > u ? S::none() : S(l, u);
}

template <class S> __device__ S halves(S const &s, int first)
{
    auto m = S::mid(s.lower(), s.upper());
    return first ? S(s.lower(), m) : S(m, s.upper());
}

template <class T> __global__ void count(const T *lo, T *out, int *kept)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    span<T> window(T(0), T(10));
    stack<span<T>, 4> st;
    int n = 0;
    T sum = 0;
    for (int k = 0; k < 4; k++) {
        span<T> s = meet(span<T>(lo[i] + k, lo[i] + k + T(2)), window);
        if (!none(s))
            st.push(halves(s, k & 1));
    }
    while (!st.none()) {
        span<T> s = st.pop();
        sum += s.upper() - s.lower();
        n++;
    }
    out[i] = sum;
    kept[i] = n;
}

int main()
{
    const int n = 64;
    float hlo[n], hout[n];
    int hkept[n], bad = 0;
    for (int i = 0; i < n; i++)
        hlo[i] = 0.25f * i - 4.0f;
    float *lo, *out;
    int *kept;
    cudaMalloc(&lo, sizeof hlo);
    cudaMalloc(&out, sizeof hout);
    cudaMalloc(&kept, sizeof hkept);
    cudaMemcpy(lo, hlo, sizeof hlo, cudaMemcpyHostToDevice);
    count<float><<<2, n / 2>>>(lo, out, kept);
    cudaMemcpy(hout, out, sizeof hout, cudaMemcpyDeviceToHost);
    cudaMemcpy(hkept, kept, sizeof hkept, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n && !bad; i++) {
        float sum = 0;
        int m = 0;
        for (int k = 0; k < 4; k++) {
            float l = hlo[i] + k, u = l + 2;
            l = l > 0 ? l : 0;
            u = u < 10 ? u : 10;
            if (l <= u) {
                sum += (u - l) / 2;
                m++;
            }
        }
        if (hkept[i] != m || hout[i] != sum) {
            printf("thread %d: %d spans, %g (want %d, %g)\n", i, hkept[i],
                   hout[i], m, sum);
            bad = 1;
        }
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad;
}
