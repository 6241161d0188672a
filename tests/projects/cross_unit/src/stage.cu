// A second file that launches kernels it only declares.
#include "kernels.cuh"

void stage(float *d, int n) {
  fill<<<(n + 127) / 128, 128>>>(d, 2.0f, n);
  scale<<<(n + 127) / 128, 128>>>(d, 1.5f, n); // 3
  set_offset(1.0f);
  add_offset<<<(n + 127) / 128, 128>>>(d, n);  // 4
  ops::square<<<(n + 127) / 128, 128>>>(d, n); // 16
}
