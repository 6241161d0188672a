// Host code: graphs built node by node and pitched/3D memory map onto
// cu2clrt (cu2clrt_graph.h); a kernel used as a node's func becomes its
// cu2clKernelRef; a kernel parameter of a CUDA runtime type is passed as
// cu2clrt's in the launch stub; what stays unsupported is reported.
#include <cuda_runtime.h>

__global__ void fill(cudaPitchedPtr p, float v) { // EXPECT: CU2CL2203
    float *row = (float *)((char *)p.ptr + threadIdx.y * p.pitch);
    row[threadIdx.x] = v;
}

static void CUDART_CB done(void *flag) { *(int *)flag = 1; }

int main()
{
    cudaPitchedPtr box;
    cudaExtent extent = make_cudaExtent(64 * sizeof(float), 8, 2);
    cudaMalloc3D(&box, extent);
    cudaMemset3D(box, 0, extent);
    fill<<<1, dim3(64, 8)>>>(box, 1.0f);
    static float host[2][8][64];
    cudaMemcpy3DParms copy = {0};
    copy.srcPtr = box;
    copy.dstPtr = make_cudaPitchedPtr(host, 64 * sizeof(float), 64, 8);
    copy.dstPos = make_cudaPos(0, 0, 0);
    copy.extent = extent;
    copy.kind = cudaMemcpyDeviceToHost;
    cudaGraph_t graph;
    cudaGraphNode_t kernel, memcpy, done_node;
    cudaGraphCreate(&graph, 0);
    float v = 2.0f;
    void *args[] = {&box, &v};
    cudaKernelNodeParams params = {0};
    params.func = (void *)fill;
    params.gridDim = dim3(1);
    params.blockDim = dim3(64, 8);
    params.kernelParams = args;
    cudaGraphAddKernelNode(&kernel, graph, NULL, 0, &params);
    cudaGraphAddMemcpyNode(&memcpy, graph, &kernel, 1, &copy);
    int flag = 0;
    cudaHostNodeParams host_params = {done, &flag};
    cudaGraphAddHostNode(&done_node, graph, &memcpy, 1, &host_params);
    cudaGraphNodeType type;
    cudaGraphNodeGetType(kernel, &type);
    cudaGraphExec_t exec;
    cudaGraphInstantiate(&exec, graph, 0);
    cudaGraphExecUpdateResultInfo info;
    cudaGraphExecUpdate(exec, graph, &info);
    cudaGraphNodeSetEnabled(exec, kernel, 0); // EXPECT: CU2CL1001
    cudaArray_t array = nullptr; // EXPECT: CU2CL1001
    cudaGraphLaunch(exec, 0);
    cudaDeviceSynchronize();
    return type == cudaGraphNodeTypeKernel && flag ? 0 : 1;
}
// The launch stub takes cu2clrt's type, and the stub for void **args too.
// CHECK-HOST: cu2clStream_t cu2cl_stream, cu2clPitchedPtr p, float v) {
// CHECK-HOST: *(cu2clPitchedPtr *)cu2cl_args[0]
// CHECK-HOST-NOT: cudaPitchedPtr p
// CHECK-HOST: cu2clMemcpy3DParms copy = {0};
// CHECK-HOST: copy.dstPtr = make_cu2clPitchedPtr(host, 64 * sizeof(float), 64, 8);
// CHECK-HOST: cu2clGraphNode_t kernel, memcpy, done_node;
// CHECK-HOST: cu2clKernelNodeParams params = {0};
// CHECK-HOST: params.func = (void *)((const void *)&cu2cl_kernel__Z4fill14cudaPitchedPtrf);
// CHECK-HOST: cu2clGraphAddKernelNode(&kernel, graph, NULL, 0, &params);
// CHECK-HOST: cu2clHostNodeParams host_params = {done, &flag};
// CHECK-HOST: cu2clGraphExecUpdateResultInfo info;
// CHECK-HOST: return type == cu2clGraphNodeTypeKernel && flag ? 0 : 1;
