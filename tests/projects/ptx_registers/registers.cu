// Inline PTX reading special registers, and clock()/clock64(): each read
// must give CUDA's value on every OpenCL device (the clock and the global
// timer only have to grow between two reads of one thread, the SM id be
// below the SM count).
#include <cstdio>
#include <cuda_runtime.h>

__device__ unsigned lane_id()
{
    unsigned l;
    asm("mov.u32 %0, %%laneid;" : "=r"(l));
    return l;
}

/* as cuda-samples write it: one %, which nvcc passes through */
__device__ unsigned long long globaltimer()
{
    unsigned long long t;
    asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
    return t;
}

__global__ void registers(unsigned *out, int *clock_ok)
{
    unsigned warp, lt, le, eq, ge, gt, tx, ty, ntx, nty, bx, nbx;
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(warp));
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
    asm("mov.u32 %0, %%lanemask_le;" : "=r"(le));
    asm("mov.u32 %0, %%lanemask_eq;" : "=r"(eq));
    asm("mov.u32 %0, %%lanemask_ge;" : "=r"(ge));
    asm("mov.u32 %0, %%lanemask_gt;" : "=r"(gt));
    asm("mov.u32 %0, %%tid.x;" : "=r"(tx));
    asm("mov.u32 %0, %%tid.y;" : "=r"(ty));
    asm("mov.u32 %0, %%ntid.x;" : "=r"(ntx));
    asm("mov.u32 %0, %%ntid.y;" : "=r"(nty));
    asm("mov.u32 %0, %%ctaid.x;" : "=r"(bx));
    asm("mov.u32 %0, %%nctaid.x;" : "=r"(nbx));
    unsigned long long c0, c1;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c0));
    long long t0 = clock64();
    clock_t s0 = clock();
    unsigned linear = threadIdx.y * blockDim.x + threadIdx.x;
    unsigned g = (blockIdx.x * blockDim.y * blockDim.x) + linear;
    unsigned *o = out + 12 * g;
    o[0] = lane_id();
    o[1] = warp;
    o[2] = lt;
    o[3] = le;
    o[4] = eq;
    o[5] = ge;
    o[6] = gt;
    o[7] = tx + 100 * ty;
    o[8] = ntx + 100 * nty;
    o[9] = bx;
    o[10] = nbx;
    o[11] = linear;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c1));
    if (c1 <= c0 || clock64() <= t0 || clock() <= s0)
        atomicAdd(clock_ok, 1);
    /* several moves in one statement: the same values */
    unsigned l2, lt2, w2, sm, nsm;
    asm("mov.u32 %0, %%laneid;\n\tmov.u32 %2, %%lanemask_lt;\n\t"
        "mov.u32 %1, %%warpid;" : "=r"(l2), "=r"(w2), "=r"(lt2));
    asm("mov.u32 %0, %%smid; mov.u32 %1, %%nsmid;" : "=r"(sm), "=r"(nsm));
    unsigned long long g1 = globaltimer(), g2 = globaltimer();
    if (l2 != o[0] || lt2 != lt || w2 != warp || sm >= nsm || g2 <= g1)
        atomicAdd(clock_ok, 1);
}

int main()
{
    const dim3 grid(3), block(16, 4); /* 64 threads: two warps per block */
    const unsigned n = 3 * 64;
    unsigned *d, h[12 * 3 * 64];
    int *dbad, bad = 0, clock_bad = 0;
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&dbad, sizeof(int));
    cudaMemset(dbad, 0, sizeof(int));
    registers<<<grid, block>>>(d, dbad);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(&clock_bad, dbad, sizeof(int), cudaMemcpyDeviceToHost);
    for (unsigned g = 0; g < n; g++) {
        const unsigned *o = h + 12 * g;
        unsigned linear = o[11], lane = linear % 32;
        unsigned want[11] = {lane, linear / 32, (1u << lane) - 1,
                             (unsigned)((2ull << lane) - 1), 1u << lane,
                             ~((1u << lane) - 1),
                             (unsigned)~((2ull << lane) - 1),
                             linear % 16 + 100 * (linear / 16), 16 + 100 * 4,
                             g / 64, 3};
        for (int r = 0; r < 11; r++)
            if (o[r] != want[r] && bad++ < 5)
                printf("thread %u register %d: %u, expected %u\n", g, r,
                       o[r], want[r]);
    }
    if (clock_bad)
        printf("%d threads saw the clock or timer go back, or other values "
               "of the multiple moves\n", clock_bad);
    printf("%s\n", bad || clock_bad ? "FAIL" : "PASS");
    return bad || clock_bad;
}
