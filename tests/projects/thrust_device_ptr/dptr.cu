// thrust::device_ptr as a kernel parameter (HeCBench's remap passes
// device_vector::data() so): indexing, dereferencing, arithmetic,
// comparisons, get() and raw_pointer_cast, reads through the reference
// type's conversion and writes through its assignments.
#include <cstdio>
#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/sequence.h>

__global__ void remap(thrust::device_ptr<const int> order,
                      thrust::device_ptr<int> out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int v = order[i];              // device_reference<const int> -> int
  thrust::device_ptr<const int> p = order + i;
  int w = *p;                    // operator*, then the conversion
  const int *raw = thrust::raw_pointer_cast(order);
  int x = raw[n - 1 - i] + p.get()[0];
  out[i] = v * 100 + w;          // device_reference<int>::operator=
  *(out + n + i) = x;
  out[2 * n + i] += (p - order) + (p == order ? 1000 : 0);
  thrust::device_ptr<int> q = out;
  q += 3 * n;
  q[i] = (order + 1 < p) ? 1 : 0;
}

int main() {
  const int n = 300;
  thrust::device_vector<int> order(n), out(4 * n, 7);
  thrust::sequence(order.begin(), order.end(), 5);
  remap<<<(n + 127) / 128, 128>>>(order.data(), out.data(), n);
  int bad = 0;
  for (int i = 0; i < n; i++) {
    int o = 5 + i, want[4] = {o * 100 + o, (5 + n - 1 - i) + o,
                              7 + i + (i == 0 ? 1000 : 0), 1 < i ? 1 : 0};
    for (int k = 0; k < 4; k++) {
      int got = out[k * n + i];
      if (got != want[k] && bad++ < 8)
        printf("out[%d][%d] = %d, want %d\n", k, i, got, want[k]);
    }
  }
  printf(bad ? "FAIL (%d)\n" : "PASS\n", bad);
  return bad != 0;
}
