// Device constructs OpenCL C cannot express: recursion (CU2CL2102), device-side new[] with an initializer (CU2CL2104),
// delete, which gives heap room back in part (CU2CL2107), built-ins without an
// OpenCL equivalent (CU2CL2001), inline PTX other than special-register
// reads (CU2CL2106; the timer and SM ids read approximately, CU2CL2008),
// and __CUDA_ARCH__ branches, read for the device in a kernel (CU2CL2110)
// and lost in a __host__ __device__ function (CU2CL2105).
#include <cuda_runtime.h>

__device__ int depth(int n)
{
    return n <= 0 ? 0 : 1 + depth(n - 1); // EXPECT: CU2CL2102
}

__global__ void parent(int *p, long long *t) // EXPECT: CU2CL3011
{
    unsigned lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
    unsigned long long now;
    unsigned sm, warp;
    asm volatile("mov.u64 %0, %globaltimer;" : "=l"(now)); // EXPECT: CU2CL2008
    asm("mov.u32 %0, %%warpid;\n\tmov.u32 %1, %%smid;" : "=r"(warp), "=r"(sm)); // EXPECT: CU2CL2008
    asm volatile("membar.gl;" ::: "memory"); // EXPECT: CU2CL2106
    auto twice = [](int a) { return 2 * a; }; // a lambda: translated
    int *tmp = new int[4]{1, 2, 3, 4}; // EXPECT: CU2CL2104
    __nanosleep(100); // EXPECT: CU2CL2001
    unsigned same = __match_any_sync(0xffffffff, lane);
    int *one = new int(1);
    p[threadIdx.x] = depth(3) + twice(lane) + tmp[0] + same + *one + sm + warp;
    t[0] = now;
    delete one; // EXPECT: CU2CL2107
#ifdef __CUDA_ARCH__ // EXPECT: CU2CL2110
    p[threadIdx.x] += 1;
#endif
}

int main()
{
    parent<<<1, 32>>>(nullptr, nullptr);
    return 0;
}

__host__ __device__ int both(int x)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700 // EXPECT: CU2CL2105
    return x + 1;
#else
    return x;
#endif
}

int host_only()
{
#ifdef __CUDA_ARCH__
    return 1;
#else
    return 0;
#endif
}
