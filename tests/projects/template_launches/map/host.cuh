// The container's host side, in a header of its own: members of a class
// template launch the kernel templates, and the program calls only some of
// them, so the others (erase, scale) are never instantiated and nothing
// instantiates their kernels (HeCBench btree's unused operations).
#pragma once
#include "kernels.cuh"
template <typename K>
struct Map {
  K *d;
  int n;
  cudaError_t set(K v) {
    kern::fill<<<(n + 63) / 64, 64>>>(d, v, n);
    return cudaGetLastError();
  }
  cudaError_t clear() {
    kern::erase<<<(n + 63) / 64, 64, 0, 0>>>(d, n);
    return cudaGetLastError();
  }
  cudaError_t times(K by) {
    kern::scale<K><<<(n + 63) / 64, 64>>>(d, by, n);
    return cudaGetLastError();
  }
};
