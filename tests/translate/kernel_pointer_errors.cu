// Kernel pointers whose declarations cu2cl does not rewrite are reported
// where they are declared (CU2CL1103), and launches through pointers it
// cannot trace to such a declaration where they are (CU2CL1101): the
// translation exits 2 rather than writing host code that does not build.
#include <vector>
#include <cuda_runtime.h>

__global__ void k1(float *p) { p[threadIdx.x] = 1; }
__global__ void k2(float *p) { p[threadIdx.x] = 2; }

void (*a)(float *), (*b)(float *) = k1; // EXPECT: CU2CL1103
void (*pick(int i))(float *) { return i ? k1 : k2; } // EXPECT: CU2CL1103
#define KERNEL_VAR(name) void (*name)(float *)
KERNEL_VAR(m) = k2; // EXPECT: CU2CL1103

int main() {
  float *d;
  cudaMalloc(&d, 128);
  b<<<1, 32>>>(d);
  pick(1)<<<1, 32>>>(d);
  m<<<1, 32>>>(d);
  void (&r)(float *) = k2; // EXPECT: CU2CL1103
  r<<<1, 32>>>(d);
  void (*one)(float *) = k1;
  void (**pp)(float *) = &one;
  (*pp)<<<1, 32>>>(d); // EXPECT: CU2CL1101
  std::vector<void (*)(float *)> v(1, k1);
  v[0]<<<1, 32>>>(d); // EXPECT: CU2CL1101
  one<<<1, 32>>>(d);
  return 0;
}
// CHECK-HOST: cu2clLaunchPtr(one, 1, 32, 0, 0, d);
