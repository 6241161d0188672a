// Lambdas in device code: the closure is a struct of its captures, named
// after the variables (by reference: a pointer into the space of what it
// captured); the lambda expression a compound literal of it; the call
// operator a function taking the closure as self. Before, every lambda was
// CU2CL2101. A lambda capturing a parameter pack has no fixed layout here
// and stays CU2CL2101.
#include <cuda_runtime.h>

template <class F>
__device__ float each(float x, F f)
{
    return f(x);
}

__global__ void scale(float *p, float by)
{
    __shared__ float tile[32];
    float sum = 0;
    float *t = tile;
    auto add = [&, by](float v) { sum += v * by; t[threadIdx.x] = v; };
    add(p[threadIdx.x]);
    const int n = 3;
    auto times = [=](float v) { return v * n + sum; };
    p[threadIdx.x] = each(p[threadIdx.x], times);
}
// CHECK-CL: #define CU2CL_SPACE_lambda_device_lambdas_cu_20_16_cap_t_to __local
// CHECK-CL: typedef struct lambda_device_lambdas_cu_20_16 {
// CHECK-CL:   float cap_by;
// CHECK-CL:   CU2CL_SPACE_lambda_device_lambdas_cu_20_16_cap_sum float *cap_sum;
// CHECK-CL:   CU2CL_SPACE_lambda_device_lambdas_cu_20_16_cap_t_to float *CU2CL_SPACE_lambda_device_lambdas_cu_20_16_cap_t *cap_t;
// CHECK-CL: typedef struct lambda_device_lambdas_cu_23_18 {
// CHECK-CL:   float cap_sum;
// CHECK-CL:   int cap_five;
// CHECK-CL-NOT: cap_three
// CHECK-CL: lambda_device_lambdas_cu_20_16 add = ((lambda_device_lambdas_cu_20_16){by, &sum, &t});
// CHECK-CL: lambda_device_lambdas_cu_23_18 times = ((lambda_device_lambdas_cu_23_18){sum});
// CHECK-CL: each_lambda_device_lambdas_cu_23_18(p[(uint)get_local_id(0)], times);
// CHECK-CL: (*self.cap_sum) += v * self.cap_by;
// CHECK-CL: (*self.cap_t)[(uint)get_local_id(0)] = v;
// CHECK-CL: return v * 3 + self.cap_sum;

// A constant the lambda only reads is no capture; one bound to a reference
// is (clang lays out the closure so: a closure from the host must match).
__device__ int twice_of(const int &x)
{
    return 2 * x;
}

__global__ void consts(int *p)
{
    const int three = 3;
    const int five = 5;
    auto f = [=](int j) { return j + three + twice_of(five); };
    p[threadIdx.x] = f(threadIdx.x);
}

template <class... T>
__global__ void packed(float *p, T... v)
{
    auto f = [v...](float x) { return x * (v + ...); }; // EXPECT: CU2CL2101
    p[threadIdx.x] = f(p[threadIdx.x]);
}

int main()
{
    scale<<<1, 32>>>(nullptr, 2.0f);
    consts<<<1, 32>>>(nullptr);
    packed<<<1, 32>>>(nullptr, 1.0f, 2.0f);
    return 0;
}
