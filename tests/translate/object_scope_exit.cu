// Local objects whose class has a destructor are destroyed where their
// block ends (tests/projects/device_scopes runs it); a block left early
// after one is declared is reported, since the destructor would not run.
#include <cuda_runtime.h>

struct Lock {
    int *word;
    __device__ Lock(int *w) : word(w) { atomicAdd(word, 1); }
    __device__ ~Lock() { atomicSub(word, 1); }
};

__global__ void ends(int *w)
{
    Lock l(w);
    w[1] = 2;
}
// CHECK-CL: Lock l = Lock_make(w);
// CHECK-CL: w[1] = 2;
// CHECK-CL: (Lock_destroy_p(&l), (void)0); /* ~l: the end of its block */

__global__ void early(int *w, int n)
{
    int *mine = w + threadIdx.x;
    for (int i = 0; i < n; i++) {
        Lock l(w);
        if (mine[0] < 0) // EXPECT: CU2CL2101
            break;
        mine[0] = i;
    }
}

int main()
{
    ends<<<1, 1>>>(nullptr);
    early<<<1, 1>>>(nullptr, 4);
    return 0;
}
