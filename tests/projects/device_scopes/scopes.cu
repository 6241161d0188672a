// Local objects whose class has a destructor: C++ runs it where the
// object's block ends, last declared first, and after a return's value is
// computed. Counting guards record the order on the device.
#include <cstdio>
#include <cuda_runtime.h>

struct Tally {
  int *log;
  int *pos;
  int id;
  __device__ Tally(int *l, int *p, int i) : log(l), pos(p), id(i) {
    log[atomicAdd(pos, 1)] = id;
  }
  __device__ ~Tally() { log[atomicAdd(pos, 1)] = -id; }
  __device__ int twice() const { return 2 * id; }
};

struct Counted : Tally { // the base's destructor after the derived one's
  __device__ Counted(int *l, int *p, int i) : Tally(l, p, i) {}
  __device__ ~Counted() { log[atomicAdd(pos, 1)] = 100 + id; }
};

__device__ int scoped(int *log, int *pos) {
  Tally a(log, pos, 1);
  {
    Tally b(log, pos, 2);
    Counted c(log, pos, 3);
  }
  Tally d(log, pos, 4);
  return a.twice() + d.twice(); // computed before ~d and ~a
}

__device__ void mark(int *log, int *pos) {
  Tally t(log, pos, 5);
  return; // ~t before the function returns
}

__global__ void run(int *log, int *pos, int *result) {
  if (threadIdx.x == 0) {
    *result = scoped(log, pos);
    mark(log, pos);
  }
}

int main() {
  int *log, *pos, *result;
  cudaMalloc(&log, 64 * sizeof(int));
  cudaMalloc(&pos, sizeof(int));
  cudaMalloc(&result, sizeof(int));
  cudaMemset(pos, 0, sizeof(int));
  run<<<1, 32>>>(log, pos, result);
  int h[64], n, r;
  cudaMemcpy(&n, pos, sizeof n, cudaMemcpyDeviceToHost);
  cudaMemcpy(h, log, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(&r, result, sizeof r, cudaMemcpyDeviceToHost);
  const int want[] = {1, 2, 3, 103, -3, -2, 4, -4, -1, 5, -5};
  int bad = n != 11 || r != 10;
  for (int i = 0; i < 11 && i < n; i++)
    bad |= h[i] != want[i];
  printf("order:");
  for (int i = 0; i < n && i < 64; i++)
    printf(" %d", h[i]);
  printf("\nresult %d\n%s\n", r, bad ? "FAIL" : "PASS");
  return bad;
}
