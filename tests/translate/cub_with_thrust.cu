// A unit that includes Thrust and CUB: with a toolkit, its Thrust brings
// the toolkit's CUB, which cu2cl's own cannot join; cu2cl then parses the
// unit with the toolkit's CUB, and the device-wide calls map as usual.
#include <thrust/device_vector.h>
#include <cub/cub.cuh>

void sum(int *in, int *out, int n)
{
    void *tmp = nullptr;
    size_t bytes = 0;
    thrust::device_vector<int> v(n);
    cub::DeviceReduce::Sum(tmp, bytes, in, out, n);
}
// CHECK-HOST: cu2cl_cub::DeviceReduce::Sum(tmp, bytes, in, out, n);
