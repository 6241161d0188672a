// A lambda written in host code and passed to a kernel template (nvcc's
// extended __device__ lambda): the closure type has no name, so the launch
// stub is the template's generic definition, picking the OpenCL kernel by
// the lambda that made the closure (its wrapper records it) and by the
// instantiation of the lambda's function. A __device__-only body becomes,
// in host code, one naming the same captures in the same order. Before,
// the stub was an explicit specialization naming the closure by its
// spelling, and host code did not compile.
#include <cuda_runtime.h>

template <typename F>
__global__ void each(int n, F f) // EXPECT: CU2CL2203
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        f(i);
}

template <typename T>
void fill(int n, T *p, T v)
{
    each<<<(n + 255) / 256, 256>>>(n, [=] __device__ (int i) { p[i] = v + threadIdx.x; });
}

int main()
{
    float *p = nullptr;
    fill(100, p, 1.0f);
    fill(100, (int *)p, 2);
    return 0;
}
// CHECK-CL: typedef struct lambda_host_lambdas_cu_22_39_in_fill_float {
// CHECK-CL:   CU2CL_SPACE_lambda_host_lambdas_cu_22_39_in_fill_float_cap_p float *cap_p;
// CHECK-CL:   float cap_v;
// CHECK-CL: __kernel void each_lambda_host_lambdas_cu_22_39_in_fill_float(int n, lambda_host_lambdas_cu_22_39_in_fill_float_kernarg f_arg)
// CHECK-CL: self.cap_p[i] = self.cap_v + (uint)get_local_id(0);
// CHECK-HOST: template <typename F>
// CHECK-HOST: cu2clError_t cu2cl_launch_each(dim3 cu2cl_grid, dim3 cu2cl_block, size_t cu2cl_shmem,
// CHECK-HOST: cu2clStream_t cu2cl_stream, int n, F f) {
// CHECK-HOST: cu2cl_closure_id<F>::tag() == cu2cl_closure_tag_of<cu2cl_closure_tag<float>>()) { /* each_lambda_host_lambdas_cu_22_39_in_fill_float */
// CHECK-HOST: cu2cl_closure_id<F>::tag() == cu2cl_closure_tag_of<cu2cl_closure_tag<int>>()) { /* each_lambda_host_lambdas_cu_22_39_in_fill_int */
// CHECK-HOST: return cu2clLaunchKernel(NULL, cu2cl_grid, cu2cl_block, cu2cl_shmem, cu2cl_stream, NULL, 0);
// CHECK-HOST: cu2cl_closure_at<
// CHECK-HOST: cu2cl_closure_tag<T>>([=] __device__ (int i) { /* cu2cl: a __device__ lambda; its body is in the .cl file */ (void)&p; (void)&v; }));
// CHECK-HOST-NOT: <(lambda at
