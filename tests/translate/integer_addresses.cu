// A pointer made from an integer points where the pointer the integer was
// made from points (HeCBench memtest walks a block of global memory with
// p = (unsigned long *)((unsigned long)start | mask)); an address known
// only as a number is a device pointer, in global memory.
__global__ void walk(char *ptr, unsigned long base, int n) {
  __shared__ unsigned long tile[64];
  unsigned long *start = (unsigned long *)(ptr + threadIdx.x * 64);
  unsigned long *p = start;
  unsigned int mask = 8;
  *p = 1;
  while (mask < 64) {
    p = (unsigned long *)(((unsigned long)start) | mask);
    *p = mask;
    mask <<= 1;
  }
  unsigned long *t = (unsigned long *)((size_t)tile + 8 * (threadIdx.x % 8));
  *t = 3;
  unsigned long *q = (unsigned long *)(base + 8 * threadIdx.x);
  *q = (unsigned long)n;
}
// CHECK-CL: __global ulong *p = start;
// CHECK-CL: p = (__global ulong *)(((ulong)start) | mask);
// CHECK-CL: __local ulong *t = (__local ulong *)
// CHECK-CL: __global ulong *q = (__global ulong *)(base + 8 *
