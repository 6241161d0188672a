// libcu++ barriers and pipelines become work-group barriers; where threads
// of the block do different work around them (producer and consumer roles,
// a thread that drops out, a barrier of another scope, a pipeline of a
// tile), no OpenCL barrier expresses it (CU2CL3040).
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
namespace cg = cooperative_groups;

__global__ void roles(const float *in, float *out) {
  __shared__ float s[2][64];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> st;
  auto role = threadIdx.x < 32 ? cuda::pipeline_role::producer
                               : cuda::pipeline_role::consumer;
  auto pipe = cuda::make_pipeline(cg::this_thread_block(), &st, role); // EXPECT: CU2CL3040
  auto counted = cuda::make_pipeline(cg::this_thread_block(), &st, 32); // EXPECT: CU2CL3040
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
  auto tiled = cuda::make_pipeline(tile, &st); // EXPECT: CU2CL3040
  if (threadIdx.x < 32) { // EXPECT: CU2CL3003
    pipe.producer_acquire();
    cuda::memcpy_async(&s[0][threadIdx.x], &in[threadIdx.x], sizeof(float), pipe);
    pipe.producer_commit();
  } else {
    pipe.consumer_wait();
    out[threadIdx.x] = s[0][threadIdx.x - 32];
    pipe.consumer_release();
  }
}

__global__ void drops(float *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ cuda::barrier<cuda::thread_scope_device> wide;
  if (threadIdx.x == 0) {
    init(&bar, blockDim.x);
    init(&wide, blockDim.x); // EXPECT: CU2CL3040
  }
  __syncthreads();
  bar.arrive_and_wait();
  wide.arrive_and_wait(); // EXPECT: CU2CL3040
  if (threadIdx.x == 0)
    bar.arrive_and_drop(); // EXPECT: CU2CL3040
  out[threadIdx.x] = 1.0f;
}
// CHECK-CL: ((void)(((uint)get_local_size(0))));

int main() {
  roles<<<1, 64>>>(nullptr, nullptr);
  drops<<<1, 64>>>(nullptr);
  return 0;
}
