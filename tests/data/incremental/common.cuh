// Included by a.cu and b.cu, not by c.cu: changing it retranslates those two.
#pragma once
#define SCALE 2.0f
__device__ inline float scaled(float x) { return SCALE * x; }
