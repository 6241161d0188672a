// A kernel that returns early and reaches a barrier afterwards gets a
// barrier at its end (PoCL 3.1 dropped the code after its last barrier,
// HeCBench aop). kernel_tail_no_barrier.cu: where none is added.
__global__ void skip_then_sum(const int *skip, int *out) {
  __shared__ int total;
  if (*skip) {
    if (threadIdx.x < 2)
      out[threadIdx.x] = 0;
    return;
  }
  if (threadIdx.x == 0)
    total = 0;
  __syncthreads();
  atomicAdd(&total, 1);
  __syncthreads();
  if (threadIdx.x == 0)
    out[0] = total;
}
// CHECK-CL: out[0] = total;
// CHECK-CL: barrier(CLK_LOCAL_MEM_FENCE);  /* cu2cl: closes the kernel's last barrier region after an early return */

int main() {
  skip_then_sum<<<1, 32>>>(0, 0);
}
