// EXPECT-ERROR: no matching function for call to '__saturatef'
// A device-only function called from host code must be rejected, so that
// the __device__ overloads never capture host calls (as nvcc rejects it:
// "calling a __device__ function("__saturatef") from a __host__
// function"). rsqrtf, which nvcc's headers also define for host code, is
// not one.
int main() {
  float x = 2.0f;
  return (int)__saturatef(x);
}
