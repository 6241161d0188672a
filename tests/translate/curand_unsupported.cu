// What cu2cl's cuRAND does not implement is reported, never passed on:
// the Poisson and discrete distributions through their rules rows
// (CU2CL2001, with the reason). (The quasi-random generators' functions,
// declared in cu2cl_curand/unsupported.cuh, are CU2CL2002, which cu2cl
// scan cannot tell from the generators cu2cl implements by name, so
// check_scan_agree would disagree on a test of them here.)
#include <curand_kernel.h>

__global__ void counts(curandState *states, unsigned int *out, double lambda) // EXPECT: CU2CL2004
{
    int id = threadIdx.x;
    out[id] = curand_poisson(&states[id], lambda); // EXPECT: CU2CL2001
}

__global__ void quads(curandStatePhilox4_32_10_t *states, double4 *out)
{
    int id = threadIdx.x;
    out[id] = curand_normal4_double(&states[id]); // EXPECT: CU2CL2001
}

int main()
{
    counts<<<1, 32>>>(nullptr, nullptr, 4.0);
    quads<<<1, 32>>>(nullptr, nullptr);
    return 0;
}
