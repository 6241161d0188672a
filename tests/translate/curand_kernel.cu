// cuRAND's device API from cu2cl's own curand_kernel.h, with either header
// set: the state array is allocated by host code (cu2clrt_curand.h holds
// the same structs), initialized by one kernel and drawn from by another
// through a local copy of the state, written back, as cuRAND's
// documentation shows; the generator's functions are translated with the
// kernels, cloned for the state's address space.
#include <curand_kernel.h>

__global__ void setup(curandState *states, unsigned long long seed)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    curand_init(seed, id, 0, &states[id]);
}

__global__ void generate(curandState *states, float *out, unsigned int *bits)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    curandState local = states[id];
    out[id] = curand_uniform(&local) + curand_normal(&local);
    bits[id] = curand(&local);
    states[id] = local;
}

__global__ void counter_based(curandStatePhilox4_32_10_t *states, float4 *out)
{
    int id = threadIdx.x;
    curand_init(1234ULL, id, 0, &states[id]);
    out[id] = curand_uniform4(&states[id]);
}
// CHECK-CL: typedef struct curandStateXORWOW {
// CHECK-CL: ulong boxmuller_extra_double_bits;
// CHECK-CL: __kernel void setup(__global curandStateXORWOW *states, ulong seed)
// CHECK-CL: curand_init(seed, id, 0, &states[id]);
// CHECK-CL: curandStateXORWOW local_ = states[id];
// CHECK-CL: out[id] = curand_uniform_p(&local_) + curand_normal_p(&local_);
// CHECK-CL: bits[id] = curand_p(&local_);
// CHECK-CL: states[id] = local_;
// CHECK-CL: out[id] = curand_uniform4(&states[id]);
// CHECK-CL: void skipahead_sequence(ulong n, __global curandStateXORWOW *state) {
// CHECK-CL: state->d += 362437u * (uint)n;
// CHECK-HOST: #include "cu2clrt_curand.h" /* cu2cl: <curand_kernel.h> */
// CHECK-HOST: cu2clMalloc(&states, 64 * sizeof(curandState));

int main()
{
    curandState *states;
    cudaMalloc(&states, 64 * sizeof(curandState));
    setup<<<1, 64>>>(states, 42ULL);
    generate<<<1, 64>>>(states, nullptr, nullptr);
    counter_based<<<1, 64>>>(nullptr, nullptr);
    cudaFree(states);
    return 0;
}
