/* Kernel templates and the host template that launches them, both in a
 * project header (HeCBench's histogram shape): the launches are found in
 * the instantiation the including file uses. */
template <typename T, int STEP>
__global__ void fill_steps(T *data, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = T(i * STEP);
}

template <int STEP, typename T> void fill_all(T *data, int n) {
  fill_steps<T, STEP><<<(n + 63) / 64, 64>>>(data, n);
}
