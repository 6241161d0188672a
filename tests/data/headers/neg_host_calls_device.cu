// EXPECT-ERROR: no matching function for call to 'rsqrtf'
// A device-only function called from host code must be rejected, so that
// the __device__ overloads never capture host calls (as nvcc rejects it;
// clang with NVIDIA's headers happens to accept this one).
int main() {
  float x = 2.0f;
  return (int)rsqrtf(x);
}
