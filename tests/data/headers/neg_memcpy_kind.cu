// EXPECT-ERROR: no matching function for call to 'cudaMemcpy'
// EXPECT-ERROR-REAL
// cudaMemcpyKind is an enum: a plain int does not convert to it.
int main() {
  float *d = nullptr, h[4];
  cudaMemcpy(d, h, sizeof(h), 1);
  return 0;
}
