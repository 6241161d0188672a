// EXPECT-ERROR: no matching function for call to 'cudaMalloc'
// EXPECT-ERROR-REAL
int main() {
  float *p;
  cudaMalloc(&p, 16, 4);
  return 0;
}
