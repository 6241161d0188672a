// Grid-wide synchronization (cooperative groups' grid_group) through a
// cooperative launch sized from the occupancy API, the normal pattern:
// blocks per multiprocessor x multiProcessorCount. Phases that only a grid
// barrier orders: each block writes a partial sum, block 0 adds them, every
// block reads the total; then a rotation of values between blocks, one
// grid sync per step, in a loop. A grid larger than the device keeps
// resident fails with cudaErrorCooperativeLaunchTooLarge, cooperative or
// not (a <<<...>>> launch of a grid-syncing kernel is undefined in CUDA;
// the port checks it as a cooperative one). alarm() turns a deadlock into
// a failure.
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>
#include <unistd.h>
namespace cg = cooperative_groups;

#define STEPS 12

__device__ void block_sum(float *s, const cg::thread_block &block)
{
    for (unsigned o = block.size() / 2; o > 0; o /= 2) {
        if (block.thread_rank() < o)
            s[block.thread_rank()] += s[block.thread_rank() + o];
        block.sync();
    }
}

// partial[b]: block b's sum; total[b]: the grand total as block b read it;
// ring[0..2*nb): two buffers of the rotation.
__global__ void phases(const float *in, int n, float *partial, float *total,
                       int *ring)
{
    extern __shared__ float s[];
    cg::thread_block block = cg::this_thread_block();
    cg::grid_group grid = cg::this_grid();
    float v = 0;
    for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n;
         i += grid.size())
        v += in[i];
    s[block.thread_rank()] = v;
    block.sync();
    block_sum(s, block);
    unsigned long long b = grid.block_rank(), nb = grid.num_blocks();
    if (block.thread_rank() == 0)
        partial[b] = s[0];
    grid.sync();
    if (grid.thread_rank() == 0) {
        float t = 0;
        for (unsigned long long k = 0; k < nb; k++)
            t += partial[k];
        partial[0] = t;
    }
    cg::sync(grid);
    if (block.thread_rank() == 0)
        total[b] = partial[0];
    for (int step = 0; step < STEPS; step++) {
        int *from = ring + (step % 2) * nb, *to = ring + ((step + 1) % 2) * nb;
        if (block.thread_rank() == 0)
            to[b] = from[(b + 1) % nb] + 1;
        grid.sync();
    }
}

static int check(const char *what, int nb, const float *total, const int *ring,
                 float want)
{
    int ok = 1;
    for (int b = 0; b < nb; b++) {
        ok &= total[b] == want;
        ok &= ring[b] == (b + STEPS) % nb + STEPS;
    }
    printf("%s: %d blocks: %s\n", what, nb, ok ? "ok" : "WRONG");
    return ok;
}

int main()
{
    alarm(120);
    int dev = 0, coop = 0;
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, dev);
    cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev);
    const int threads = 128, n = 10000;
    size_t smem = threads * sizeof(float);
    int per_sm = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, phases, threads,
                                                  smem);
    int nb = per_sm * prop.multiProcessorCount;
    if (!coop || !prop.cooperativeLaunch || nb < 1) {
        printf("FAIL: cooperative launch %d/%d, %d blocks\n", coop,
               prop.cooperativeLaunch, nb);
        return 1;
    }
    float *in, *partial, *total;
    int *ring;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&partial, (nb + 1) * sizeof(float));
    cudaMalloc(&total, (nb + 1) * sizeof(float));
    cudaMalloc(&ring, 2 * (nb + 1) * sizeof(int));
    float h_in[n];
    for (int i = 0; i < n; i++)
        h_in[i] = (float)(i % 7);
    float want = 0;
    for (int i = 0; i < n; i++)
        want += h_in[i];
    cudaMemcpy(in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
    int h_ring[2 * 64 + 2], count = n, ok = 1;
    float h_total[64 + 1];
    if (nb > 64) {
        printf("FAIL: %d blocks\n", nb);
        return 1;
    }
    void *args[] = {&in, &count, &partial, &total, &ring};
    dim3 grids[] = {dim3(nb, 1, 1), dim3(1, nb, 1)};
    for (int g = 0; g < 2; g++) {
        for (int b = 0; b < nb; b++)
            h_ring[b] = b;
        cudaMemcpy(ring, h_ring, 2 * nb * sizeof(int), cudaMemcpyHostToDevice);
        cudaError_t e = cudaLaunchCooperativeKernel((void *)phases, grids[g],
                                                    dim3(threads), args, smem,
                                                    0);
        if (e != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
            printf("FAIL: launch: %s\n", cudaGetErrorName(e));
            return 1;
        }
        cudaMemcpy(h_total, total, nb * sizeof(float), cudaMemcpyDeviceToHost);
        cudaMemcpy(h_ring, ring + (STEPS % 2) * nb, nb * sizeof(int),
                   cudaMemcpyDeviceToHost);
        ok &= check(g ? "cooperative 2D" : "cooperative", nb, h_total, h_ring,
                    want);
    }
    // Two streams at once, each with its own buffers: both complete (the
    // port runs grid-syncing launches of a device one after another).
    cudaStream_t st[2];
    float *part2[2], *tot2[2];
    int *ring2[2];
    for (int k = 0; k < 2; k++) {
        cudaStreamCreate(&st[k]);
        cudaMalloc(&part2[k], (nb + 1) * sizeof(float));
        cudaMalloc(&tot2[k], (nb + 1) * sizeof(float));
        cudaMalloc(&ring2[k], 2 * (nb + 1) * sizeof(int));
        for (int b = 0; b < nb; b++)
            h_ring[b] = b;
        cudaMemcpy(ring2[k], h_ring, nb * sizeof(int), cudaMemcpyHostToDevice);
    }
    void *args2[2][5] = {{&in, &count, &part2[0], &tot2[0], &ring2[0]},
                         {&in, &count, &part2[1], &tot2[1], &ring2[1]}};
    for (int k = 0; k < 2; k++)
        ok &= cudaLaunchCooperativeKernel((void *)phases, dim3(nb),
                                          dim3(threads), args2[k], smem,
                                          st[k]) == cudaSuccess;
    cudaStreamQuery(st[0]); // both submitted before any wait
    cudaStreamQuery(st[1]);
    ok &= cudaDeviceSynchronize() == cudaSuccess;
    for (int k = 0; k < 2; k++) {
        cudaMemcpy(h_total, tot2[k], nb * sizeof(float),
                   cudaMemcpyDeviceToHost);
        cudaMemcpy(h_ring, ring2[k] + (STEPS % 2) * nb, nb * sizeof(int),
                   cudaMemcpyDeviceToHost);
        ok &= check(k ? "stream 2" : "stream 1", nb, h_total, h_ring, want);
    }
    // One block too many: refused, cooperative or not.
    cudaError_t big = cudaLaunchCooperativeKernel(
        (void *)phases, dim3(nb + 1), dim3(threads), args, smem, 0);
    printf("cooperative launch of %d blocks: %s\n", nb + 1,
           cudaGetErrorName(big));
    ok &= big == cudaErrorCooperativeLaunchTooLarge;
    cudaGetLastError();
    phases<<<nb + 1, threads, smem>>>(in, n, partial, total, ring);
    cudaError_t plain = cudaGetLastError();
    printf("<<<>>> launch of %d blocks: %s\n", nb + 1,
           cudaGetErrorName(plain));
    ok &= plain == cudaErrorCooperativeLaunchTooLarge;
    // A graph's kernel node: refused as it is added (the node is checked
    // as a launch), or else when the graph is launched.
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    cudaGraphNode_t node;
    cudaKernelNodeParams kp = {0};
    kp.func = (void *)phases;
    kp.gridDim = dim3(nb + 1);
    kp.blockDim = dim3(threads);
    kp.sharedMemBytes = (unsigned)smem;
    kp.kernelParams = args;
    cudaGraphCreate(&graph, 0);
    cudaError_t in_graph = cudaGraphAddKernelNode(&node, graph, NULL, 0, &kp);
    if (in_graph == cudaSuccess) {
        cudaGraphInstantiate(&exec, graph, NULL, NULL, 0);
        in_graph = cudaGraphLaunch(exec, 0);
        cudaGraphExecDestroy(exec);
    }
    printf("graph node of %d blocks: %s\n", nb + 1,
           cudaGetErrorName(in_graph));
    ok &= in_graph == cudaErrorCooperativeLaunchTooLarge;
    cudaGetLastError();
    cudaGraphDestroy(graph);
    // What fits runs, however it is launched.
    for (int b = 0; b < nb; b++)
        h_ring[b] = b;
    cudaMemcpy(ring, h_ring, nb * sizeof(int), cudaMemcpyHostToDevice);
    phases<<<nb, threads, smem>>>(in, n, partial, total, ring);
    ok &= cudaDeviceSynchronize() == cudaSuccess;
    cudaMemcpy(h_total, total, nb * sizeof(float), cudaMemcpyDeviceToHost);
    cudaMemcpy(h_ring, ring + (STEPS % 2) * nb, nb * sizeof(int),
               cudaMemcpyDeviceToHost);
    ok &= check("<<<>>>", nb, h_total, h_ring, want);
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
