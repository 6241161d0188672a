// A device function taking pointers to pointers (a swap of two buffers'
// pointers, HeCBench seam-carving's pointer_swap((void **)&cur, (void
// **)&next)) is cloned for where those pointers point: into __local memory
// for pointers to __shared__ buffers, into global memory for device
// buffers. Before, the clone's T ** pointed to private pointers and its
// temporary to global memory: OpenCL C that did not compile (CU2CL2901).
#include <cuda_runtime.h>

__device__ void pointer_swap(void **p1, void **p2)
{
    void *tmp;
    tmp = *p1;
    *p1 = *p2;
    *p2 = tmp;
}

template <typename T>
__device__ void swap_t(T **a, T **b)
{
    T *t = *a;
    *a = *b;
    *b = t;
}

__global__ void steps(const int *in, int *out, int *a, int *b, int n)
{
    __shared__ int buf_a[256], buf_b[256];
    int *cur = buf_a, *next = buf_b;
    int t = threadIdx.x;
    cur[t] = in[t];
    __syncthreads();
    for (int s = 0; s < n; s++) {
        next[t] = cur[t] + (t > 0 ? cur[t - 1] : 0);
        __syncthreads();
        if (s % 2)
            pointer_swap((void **)&cur, (void **)&next);
        else
            swap_t(&cur, &next);
    }
    int *x = a, *y = b;
    pointer_swap((void **)&x, (void **)&y);
    out[t] = cur[t] + x[t] - y[t];
}
// CHECK-CL: void pointer_swap_pp_ll(__local void **p1, __local void **p2);
// CHECK-CL: void swap_t_int_pp_ll(__local int **a, __local int **b);
// CHECK-CL: void pointer_swap_pp_gg(__global void **p1, __global void **p2);
// CHECK-CL: pointer_swap_pp_ll((__local void **)&cur, (__local void **)&next);
// CHECK-CL: swap_t_int_pp_ll(&cur, &next);
// CHECK-CL: pointer_swap_pp_gg((__global void **)&x, (__global void **)&y);
// CHECK-CL: __local void *tmp;
// CHECK-CL: __local int *t = *a;
// CHECK-CL: __global void *tmp;

int main()
{
    int *p;
    cudaMalloc(&p, 1024 * sizeof(int));
    steps<<<1, 256>>>(p, p + 256, p + 512, p + 768, 4);
    return 0;
}
