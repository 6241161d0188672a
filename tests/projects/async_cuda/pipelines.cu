// libcu++'s asynchronous copies, each against a reference computed here:
// cuda::barrier<thread_scope_block> (init, memcpy_async tracked by it,
// arrive_and_wait, arrive + wait(token)), a thread's own cuda::pipeline
// with three stages in flight and aligned_size_t shapes, and a pipeline the
// whole block shares (pipeline_shared_state in shared memory), double
// buffered. Every thread reads what other threads copied.
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda_runtime.h>
#include <vector>

namespace cg = cooperative_groups;

#define B 64 // threads per block
#define S 6  // stages

__global__ void barriers(const int *in, int *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ int buf[B];
  __shared__ int all[B];
  int t = threadIdx.x;
  const int *base = in + blockIdx.x * S * B;
  if (t == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  int acc = 0;
  for (int s = 0; s < S; s++) {
    cuda::memcpy_async(&buf[t], &base[s * B + t], sizeof(int), bar);
    bar.arrive_and_wait();
    acc += buf[(t + 5) % B];
    auto token = bar.arrive();
    bar.wait(std::move(token));
  }
  cuda::memcpy_async(cg::this_thread_block(), all, base + B, sizeof(int) * B,
                     bar);
  bar.arrive_and_wait();
  out[blockIdx.x * B + t] = acc * 1000 + all[B - 1 - t];
}

__global__ void own(const int *in, int *out) {
  __shared__ alignas(16) int ring[3][B];
  int t = threadIdx.x;
  const int *base = in + blockIdx.x * S * B;
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  const auto shape = cuda::aligned_size_t<alignof(int)>(sizeof(int));
  int fetched = 0, acc = 0;
  for (int s = 0; s < S; s++) {
    for (; fetched < S && fetched < s + 3; fetched++) {
      pipe.producer_acquire();
      cuda::memcpy_async(&ring[fetched % 3][t], &base[fetched * B + t], shape,
                         pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    __syncthreads();
    acc += ring[s % 3][(t * 3) % B] * (s + 1);
    __syncthreads();
    pipe.consumer_release();
  }
  out[blockIdx.x * B + t] = acc;
}

__global__ void shared_state(const int *in, int *out) {
  __shared__ int buf[2][B];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  cg::thread_block block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  int t = threadIdx.x;
  const int *base = in + blockIdx.x * S * B;
  pipe.producer_acquire();
  cuda::memcpy_async(block, buf[0], base, sizeof(int) * B, pipe);
  pipe.producer_commit();
  int acc = 0;
  for (int s = 0; s < S; s++) {
    if (s + 1 < S) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, buf[(s + 1) % 2], base + (s + 1) * B,
                         sizeof(int) * B, pipe);
      pipe.producer_commit();
    }
    pipe.consumer_wait();
    acc += buf[s % 2][(t * 7) % B] ^ s;
    pipe.consumer_release();
  }
  out[blockIdx.x * B + t] = acc;
}

static int check(const char *what, const int *d, const std::vector<int> &want) {
  std::vector<int> got(want.size());
  cudaMemcpy(got.data(), d, got.size() * sizeof(int), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (size_t i = 0; i < got.size(); i++)
    if (got[i] != want[i] && bad++ < 8)
      printf("%s[%zu]: got %d, want %d\n", what, i, got[i], want[i]);
  return bad;
}

int main() {
  const int blocks = 3, n = blocks * S * B;
  std::vector<int> in(n);
  for (int i = 0; i < n; i++)
    in[i] = (i * 53 + 7) % 97;
  int *din, *dout;
  cudaMalloc(&din, n * sizeof(int));
  cudaMalloc(&dout, blocks * B * sizeof(int));
  cudaMemcpy(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  std::vector<int> wbar(blocks * B), wown(blocks * B), wshared(blocks * B);
  for (int b = 0; b < blocks; b++)
    for (int t = 0; t < B; t++) {
      const int *base = &in[b * S * B];
      int i = b * B + t, a = 0, o = 0, sh = 0;
      for (int s = 0; s < S; s++) {
        a += base[s * B + (t + 5) % B];
        o += base[s * B + (t * 3) % B] * (s + 1);
        sh += base[s * B + (t * 7) % B] ^ s;
      }
      wbar[i] = a * 1000 + base[B + B - 1 - t];
      wown[i] = o;
      wshared[i] = sh;
    }
  int bad = 0;
  barriers<<<blocks, B>>>(din, dout);
  bad += check("cuda::barrier", dout, wbar);
  own<<<blocks, B>>>(din, dout);
  bad += check("thread pipeline", dout, wown);
  shared_state<<<blocks, B>>>(din, dout);
  bad += check("block pipeline", dout, wshared);
  printf(bad ? "FAIL (%d mismatches)\n" : "PASS\n", bad);
  return bad != 0;
}
