// Launches in templates the program never instantiates still compile in
// the port, as they did for nvcc: they call the declared primary template
// of their kernel's stubs (tests/translate/launch_uninstantiated.cu has the
// single-file form). The instantiated launch runs as usual.
#include <cstdio>
#include "map/host.cuh"

int main() {
  Map<int> m{nullptr, 100};
  if (cudaMalloc(&m.d, 100 * sizeof(int)) != cudaSuccess) return 1;
  if (m.set(5) != cudaSuccess) return 1;
  int h[100];
  cudaMemcpy(h, m.d, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < 100; i++) bad += h[i] != 5;
  cudaFree(m.d);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad != 0;
}
