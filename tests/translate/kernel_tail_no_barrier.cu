// No barrier at a kernel's end where a return follows its last barrier
// (part of the group could miss it) nor without an early return
// (kernel_tail_barrier.cu: where one is added).
__global__ void late_return(const int *skip, int *out) {
  __shared__ int total;
  if (*skip)
    return;
  total = 1;
  __syncthreads();
  if (threadIdx.x > 0)
    return;
  out[0] = total;
}

__global__ void no_return(int *out) {
  __shared__ int total;
  total = 1;
  __syncthreads();
  if (threadIdx.x == 0)
    out[0] = total;
}
// CHECK-CL-NOT: closes the kernel's last barrier region

int main() {
  late_return<<<1, 32>>>(0, 0);
  no_return<<<1, 32>>>(0);
}
