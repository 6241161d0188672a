// A device function declared but defined in no unit of the run (with
// separate compilation another unit would define it; here there is none),
// and a __constant__ variable of a namespace used by a kernel outside it:
// its symbol is named with its namespace where the launch stub passes it.
namespace ns {
__constant__ float c[4];
}
__device__ float elsewhere(float x);

__global__ void k(float *o)
{
    o[threadIdx.x] = ns::c[1] + elsewhere((float)threadIdx.x); // EXPECT: CU2CL2111
}
// CHECK-HOST: static cu2clSymbol c = {"c", sizeof(float[4]), NULL, NULL};
// CHECK-HOST: {CU2CL_ARG_SYMBOL, 0, &::ns::c},

int main() { k<<<1, 4>>>(nullptr); return 0; }
