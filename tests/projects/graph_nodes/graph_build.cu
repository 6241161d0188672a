// A CUDA graph built node by node, as cuda-samples' simpleCudaGraphs and
// jacobiCudaGraphs build theirs: a memcpy node with cudaMemcpy3DParms, a
// memset node, kernel nodes whose func is a kernel used as a value, a
// child graph, a host node, a diamond of dependencies; launched several
// times, with kernel parameters changed in the executable graph between
// launches, and a clone launched too.
#include <cstdio>
#include <cstring>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e_ = (call);                                                   \
    if (e_ != cudaSuccess) {                                                   \
      printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_));      \
      return 1;                                                                \
    }                                                                          \
  } while (0)

__global__ void scale(float *v, float f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] *= f;
}

__global__ void offset(float *v, float o, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] += o;
}

__global__ void combine(const float *a, const float *b, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = a[i] + b[i];
}

struct Tally {
  int calls;
  float last;
  const float *result;
};

static void CUDART_CB tally(void *data) {
  Tally *t = (Tally *)data;
  t->calls++;
  t->last = t->result[0];
}

int main() {
  const int n = 1000, threads = 128, blocks = (n + threads - 1) / threads;
  std::vector<float> in(n), result(n);
  for (int i = 0; i < n; i++)
    in[i] = (float)i;
  float *a, *b, *out;
  CHECK(cudaMalloc(&a, n * sizeof(float)));
  CHECK(cudaMalloc(&b, n * sizeof(float)));
  CHECK(cudaMalloc(&out, n * sizeof(float)));
  cudaStream_t stream;
  CHECK(cudaStreamCreate(&stream));

  cudaGraph_t graph, child;
  cudaGraphNode_t upload, clear_b, scale_a, child_node, join, download, host;
  std::vector<cudaGraphNode_t> deps;
  CHECK(cudaGraphCreate(&graph, 0));

  cudaMemcpy3DParms copy = {0};
  copy.srcArray = NULL;
  copy.srcPos = make_cudaPos(0, 0, 0);
  copy.srcPtr = make_cudaPitchedPtr(in.data(), n * sizeof(float), n, 1);
  copy.dstArray = NULL;
  copy.dstPos = make_cudaPos(0, 0, 0);
  copy.dstPtr = make_cudaPitchedPtr(a, n * sizeof(float), n, 1);
  copy.extent = make_cudaExtent(n * sizeof(float), 1, 1);
  copy.kind = cudaMemcpyHostToDevice;
  CHECK(cudaGraphAddMemcpyNode(&upload, graph, NULL, 0, &copy));

  cudaMemsetParams clear = {0};
  clear.dst = b;
  clear.value = 0;
  clear.pitch = 0;
  clear.elementSize = sizeof(float);
  clear.width = n;
  clear.height = 1;
  CHECK(cudaGraphAddMemsetNode(&clear_b, graph, NULL, 0, &clear));

  // branch 1: a *= 2
  float two = 2.0f;
  int count = n;
  void *scale_args[] = {(void *)&a, (void *)&two, (void *)&count};
  cudaKernelNodeParams kp = {0};
  kp.func = (void *)scale;
  kp.gridDim = dim3(blocks, 1, 1);
  kp.blockDim = dim3(threads, 1, 1);
  kp.sharedMemBytes = 0;
  kp.kernelParams = scale_args;
  kp.extra = NULL;
  CHECK(cudaGraphAddKernelNode(&scale_a, graph, &upload, 1, &kp));

  // branch 2, a child graph: b += 3, then b *= 5
  CHECK(cudaGraphCreate(&child, 0));
  cudaGraphNode_t add3, mul5;
  float three = 3.0f, five = 5.0f;
  void *add_args[] = {(void *)&b, (void *)&three, (void *)&count};
  cudaKernelNodeParams ap = kp;
  ap.func = (void *)offset;
  ap.kernelParams = add_args;
  CHECK(cudaGraphAddKernelNode(&add3, child, NULL, 0, &ap));
  void *mul_args[] = {(void *)&b, (void *)&five, (void *)&count};
  cudaKernelNodeParams mp = kp;
  mp.kernelParams = mul_args;
  CHECK(cudaGraphAddKernelNode(&mul5, child, &add3, 1, &mp));
  CHECK(cudaGraphAddChildGraphNode(&child_node, graph, &clear_b, 1, child));

  // the join: out = a + b, needs both branches
  void *combine_args[] = {(void *)&a, (void *)&b, (void *)&out, (void *)&count};
  cudaKernelNodeParams cp = kp;
  cp.func = (void *)combine;
  cp.kernelParams = combine_args;
  deps.push_back(scale_a);
  deps.push_back(child_node);
  CHECK(cudaGraphAddKernelNode(&join, graph, deps.data(), deps.size(), &cp));
  CHECK(cudaGraphAddMemcpyNode1D(&download, graph, &join, 1, result.data(),
                                 out, n * sizeof(float),
                                 cudaMemcpyDeviceToHost));
  Tally t = {0, 0.0f, result.data()};
  cudaHostNodeParams hp = {0};
  hp.fn = tally;
  hp.userData = &t;
  CHECK(cudaGraphAddHostNode(&host, graph, &download, 1, &hp));

  size_t nodes = 0, roots = 0;
  CHECK(cudaGraphGetNodes(graph, NULL, &nodes));
  CHECK(cudaGraphGetRootNodes(graph, NULL, &roots));
  printf("graph: %zu nodes, %zu roots\n", nodes, roots);
  if (nodes != 7 || roots != 2)
    return 1;

  cudaGraphExec_t exec;
  CHECK(cudaGraphInstantiate(&exec, graph, NULL, NULL, 0));
  int failures = 0;
  for (int run = 0; run < 4; run++) {
    // from the second run on, branch 1 scales by run + 2 instead
    float f = (float)(run + 2);
    void *args[] = {(void *)&a, (void *)&f, (void *)&count};
    cudaKernelNodeParams np = kp;
    np.kernelParams = args;
    CHECK(cudaGraphExecKernelNodeSetParams(exec, scale_a, &np));
    std::fill(result.begin(), result.end(), -1.0f);
    CHECK(cudaGraphLaunch(exec, stream));
    CHECK(cudaStreamSynchronize(stream));
    for (int i = 0; i < n; i++)
      if (result[i] != in[i] * f + 15.0f)
        failures++;
    if (t.calls != run + 1 || t.last != 15.0f)
      failures++;
  }
  // the clone is the graph as built: a *= 2
  cudaGraph_t copy_graph;
  cudaGraphExec_t copy_exec;
  CHECK(cudaGraphClone(&copy_graph, graph));
  CHECK(cudaGraphInstantiate(&copy_exec, copy_graph, NULL, NULL, 0));
  CHECK(cudaGraphLaunch(copy_exec, stream));
  CHECK(cudaStreamSynchronize(stream));
  for (int i = 0; i < n; i++)
    if (result[i] != in[i] * 2.0f + 15.0f)
      failures++;
  printf("graph launched %d times, %d failures\n", t.calls, failures);
  CHECK(cudaGraphExecDestroy(copy_exec));
  CHECK(cudaGraphExecDestroy(exec));
  CHECK(cudaGraphDestroy(copy_graph));
  CHECK(cudaGraphDestroy(child));
  CHECK(cudaGraphDestroy(graph));
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(out));
  CHECK(cudaStreamDestroy(stream));
  printf(failures == 0 && t.calls == 5 ? "PASS\n" : "FAIL\n");
  return failures != 0;
}
