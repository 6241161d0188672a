/*
 * cu2cl_curand/distributions.cuh (cu2cl's own): cuRAND's uniform, normal
 * and log-normal distributions over XORWOW, Philox4_32_10 and MRG32k3a,
 * written for cu2cl from cuRAND's documentation and the facts of its
 * transforms, in CUDA C++ that the device emitter translates.
 *
 * Uniform values are cuRAND's bit for bit: a 32-bit output x becomes
 * x 2^-32 + 2^-33 (float), two of them a 53-bit fraction (double). Normal
 * values come from the Box-Muller transform of two uniforms, as in cuRAND:
 * curand_normal returns the first of the pair and keeps the second in the
 * state for the next call (curand_log_normal likewise, with its own flag).
 * They are cuRAND's up to the accuracy of the device's logf, sqrtf, sinf
 * and cosf (CUDA uses its fast __sincosf; the double forms sincospi).
 */
#ifndef CU2CL_OWN_CURAND_DISTRIBUTIONS_CUH
#define CU2CL_OWN_CURAND_DISTRIBUTIONS_CUH

#include "mrg32k3a.cuh"
#include "philox.cuh"
#include "xorwow.cuh"

/* the values of boxmuller_flag: which distribution's second value waits */
#define CU2CL_CURAND_CACHED_NORMAL 1
#define CU2CL_CURAND_CACHED_LOG_NORMAL 2

/* 2^-32 and 2^-53, exactly */
#define CU2CL_CURAND_2POW32_INV 2.3283064365386963e-10f
#define CU2CL_CURAND_2POW32_INV_DOUBLE 2.3283064365386963e-10
#define CU2CL_CURAND_2POW53_INV_DOUBLE 1.1102230246251565e-16
/* MRG32k3a's 1/m1 as cuRAND rounds it */
#define CU2CL_CURAND_MRG_NORM 2.3283065498378288e-10

__device__ inline float cu2cl_curand_unit(unsigned int x) {
  return x * CU2CL_CURAND_2POW32_INV + CU2CL_CURAND_2POW32_INV / 2.0f;
}

/* x in the low 32 bits, y's low 21 bits above: a 53-bit fraction */
__device__ inline double cu2cl_curand_unit_double(unsigned int x,
                                                  unsigned int y) {
  unsigned long long z = (unsigned long long)x ^ ((unsigned long long)y << 21);
  return z * CU2CL_CURAND_2POW53_INV_DOUBLE +
         CU2CL_CURAND_2POW53_INV_DOUBLE / 2.0;
}

/* Box-Muller on two 32-bit outputs: radius from x, angle from y */
__device__ inline float2 cu2cl_curand_box_muller(unsigned int x,
                                                 unsigned int y) {
  float u = x * CU2CL_CURAND_2POW32_INV + CU2CL_CURAND_2POW32_INV / 2.0f;
  float a = 6.2831855f * CU2CL_CURAND_2POW32_INV;
  float v = y * a + a / 2.0f;
  float s = sqrtf(-2.0f * logf(u));
  return make_float2(sinf(v) * s, cosf(v) * s);
}

/* Box-Muller on four 32-bit outputs, in double: two 53-bit fractions */
__device__ inline double2 cu2cl_curand_box_muller_double(unsigned int x0,
                                                         unsigned int x1,
                                                         unsigned int y0,
                                                         unsigned int y1) {
  double u = cu2cl_curand_unit_double(x0, x1);
  unsigned long long zy =
      (unsigned long long)y0 ^ ((unsigned long long)y1 << 21);
  double v = zy * (CU2CL_CURAND_2POW53_INV_DOUBLE * 2.0) +
             CU2CL_CURAND_2POW53_INV_DOUBLE;
  double s = sqrt(-2.0 * log(u));
  return make_double2(sinpi(v) * s, cospi(v) * s);
}

/* --- uniform ----------------------------------------------------------- */

__device__ inline float curand_uniform(curandStateXORWOW_t *state) {
  return cu2cl_curand_unit(curand(state));
}
__device__ inline float curand_uniform(curandStatePhilox4_32_10_t *state) {
  return cu2cl_curand_unit(curand(state));
}
__device__ inline float curand_uniform(curandStateMRG32k3a_t *state) {
  return (float)(cu2cl_mrg_next(state) * CU2CL_CURAND_MRG_NORM);
}

__device__ inline double curand_uniform_double(curandStateXORWOW_t *state) {
  unsigned int x = curand(state);
  unsigned int y = curand(state);
  return cu2cl_curand_unit_double(x, y);
}
/* Philox: one output, 2^-32 steps offset by a whole step (cuRAND's) */
__device__ inline double
curand_uniform_double(curandStatePhilox4_32_10_t *state) {
  return curand(state) * CU2CL_CURAND_2POW32_INV_DOUBLE +
         CU2CL_CURAND_2POW32_INV_DOUBLE;
}
__device__ inline double curand_uniform_double(curandStateMRG32k3a_t *state) {
  return cu2cl_mrg_next(state) * CU2CL_CURAND_MRG_NORM;
}

__device__ inline float4 curand_uniform4(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  return make_float4(cu2cl_curand_unit(x.x), cu2cl_curand_unit(x.y),
                     cu2cl_curand_unit(x.z), cu2cl_curand_unit(x.w));
}

__device__ inline double2
curand_uniform2_double(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  return make_double2(cu2cl_curand_unit_double(x.x, x.y),
                      cu2cl_curand_unit_double(x.z, x.w));
}

/* --- Box-Muller pairs ---------------------------------------------------- */

__device__ inline float2 curand_normal2(curandStateXORWOW_t *state) {
  unsigned int x = curand(state);
  unsigned int y = curand(state);
  return cu2cl_curand_box_muller(x, y);
}
__device__ inline float2 curand_normal2(curandStatePhilox4_32_10_t *state) {
  unsigned int x = curand(state);
  unsigned int y = curand(state);
  return cu2cl_curand_box_muller(x, y);
}
/* MRG32k3a: from its float uniforms, the angle scaled by 2 pi in float */
__device__ inline float2 curand_normal2(curandStateMRG32k3a_t *state) {
  float x = curand_uniform(state);
  float y = curand_uniform(state) * 6.2831855f;
  float s = sqrtf(-2.0f * logf(x));
  return make_float2(sinf(y) * s, cosf(y) * s);
}

__device__ inline float4 curand_normal4(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  float2 a = cu2cl_curand_box_muller(x.x, x.y);
  float2 b = cu2cl_curand_box_muller(x.z, x.w);
  return make_float4(a.x, a.y, b.x, b.y);
}

__device__ inline double2 curand_normal2_double(curandStateXORWOW_t *state) {
  unsigned int x0 = curand(state);
  unsigned int x1 = curand(state);
  unsigned int y0 = curand(state);
  unsigned int y1 = curand(state);
  return cu2cl_curand_box_muller_double(x0, x1, y0, y1);
}
__device__ inline double2
curand_normal2_double(curandStatePhilox4_32_10_t *state) {
  uint4 x = curand4(state);
  return cu2cl_curand_box_muller_double(x.x, x.y, x.z, x.w);
}
__device__ inline double2 curand_normal2_double(curandStateMRG32k3a_t *state) {
  double x = curand_uniform_double(state);
  double y = curand_uniform_double(state) * 2.0;
  double s = sqrt(-2.0 * log(x));
  return make_double2(sinpi(y) * s, cospi(y) * s);
}

/* --- one value at a time, the second of the pair kept in the state ----- */

/* State is one of the three states; the overloads below name them, so
 * that a state cu2cl does not implement finds no curand_normal. */
template <class State> __device__ inline float cu2cl_curand_normal(State *s) {
  if (s->boxmuller_flag != CU2CL_CURAND_CACHED_NORMAL) {
    float2 v = curand_normal2(s);
    s->boxmuller_extra = v.y;
    s->boxmuller_flag = CU2CL_CURAND_CACHED_NORMAL;
    return v.x;
  }
  s->boxmuller_flag = 0;
  return s->boxmuller_extra;
}

template <class State>
__device__ inline double cu2cl_curand_normal_double(State *s) {
  if (s->boxmuller_flag_double != CU2CL_CURAND_CACHED_NORMAL) {
    double2 v = curand_normal2_double(s);
    s->boxmuller_extra_double_bits =
        (unsigned long long)__double_as_longlong(v.y);
    s->boxmuller_flag_double = CU2CL_CURAND_CACHED_NORMAL;
    return v.x;
  }
  s->boxmuller_flag_double = 0;
  return __longlong_as_double((long long)s->boxmuller_extra_double_bits);
}

template <class State>
__device__ inline float cu2cl_curand_log_normal(State *s, float mean,
                                                float stddev) {
  if (s->boxmuller_flag != CU2CL_CURAND_CACHED_LOG_NORMAL) {
    float2 v = curand_normal2(s);
    s->boxmuller_extra = expf(mean + stddev * v.y);
    s->boxmuller_flag = CU2CL_CURAND_CACHED_LOG_NORMAL;
    return expf(mean + stddev * v.x);
  }
  s->boxmuller_flag = 0;
  return s->boxmuller_extra;
}

template <class State>
__device__ inline double cu2cl_curand_log_normal_double(State *s, double mean,
                                                        double stddev) {
  if (s->boxmuller_flag_double != CU2CL_CURAND_CACHED_LOG_NORMAL) {
    double2 v = curand_normal2_double(s);
    s->boxmuller_extra_double_bits =
        (unsigned long long)__double_as_longlong(exp(mean + stddev * v.y));
    s->boxmuller_flag_double = CU2CL_CURAND_CACHED_LOG_NORMAL;
    return exp(mean + stddev * v.x);
  }
  s->boxmuller_flag_double = 0;
  return __longlong_as_double((long long)s->boxmuller_extra_double_bits);
}

template <class State>
__device__ inline float2 cu2cl_curand_log_normal2(State *s, float mean,
                                                  float stddev) {
  float2 v = curand_normal2(s);
  return make_float2(expf(mean + stddev * v.x), expf(mean + stddev * v.y));
}

template <class State>
__device__ inline double2 cu2cl_curand_log_normal2_double(State *s, double mean,
                                                          double stddev) {
  double2 v = curand_normal2_double(s);
  return make_double2(exp(mean + stddev * v.x), exp(mean + stddev * v.y));
}

__device__ inline float curand_normal(curandStateXORWOW_t *state) {
  return cu2cl_curand_normal(state);
}
__device__ inline float curand_normal(curandStatePhilox4_32_10_t *state) {
  return cu2cl_curand_normal(state);
}
__device__ inline float curand_normal(curandStateMRG32k3a_t *state) {
  return cu2cl_curand_normal(state);
}

__device__ inline double curand_normal_double(curandStateXORWOW_t *state) {
  return cu2cl_curand_normal_double(state);
}
__device__ inline double
curand_normal_double(curandStatePhilox4_32_10_t *state) {
  return cu2cl_curand_normal_double(state);
}
__device__ inline double curand_normal_double(curandStateMRG32k3a_t *state) {
  return cu2cl_curand_normal_double(state);
}

__device__ inline float curand_log_normal(curandStateXORWOW_t *state,
                                          float mean, float stddev) {
  return cu2cl_curand_log_normal(state, mean, stddev);
}
__device__ inline float curand_log_normal(curandStatePhilox4_32_10_t *state,
                                          float mean, float stddev) {
  return cu2cl_curand_log_normal(state, mean, stddev);
}
__device__ inline float curand_log_normal(curandStateMRG32k3a_t *state,
                                          float mean, float stddev) {
  return cu2cl_curand_log_normal(state, mean, stddev);
}

__device__ inline double curand_log_normal_double(curandStateXORWOW_t *state,
                                                  double mean, double stddev) {
  return cu2cl_curand_log_normal_double(state, mean, stddev);
}
__device__ inline double
curand_log_normal_double(curandStatePhilox4_32_10_t *state, double mean,
                         double stddev) {
  return cu2cl_curand_log_normal_double(state, mean, stddev);
}
__device__ inline double curand_log_normal_double(curandStateMRG32k3a_t *state,
                                                  double mean, double stddev) {
  return cu2cl_curand_log_normal_double(state, mean, stddev);
}

__device__ inline float2 curand_log_normal2(curandStateXORWOW_t *state,
                                            float mean, float stddev) {
  return cu2cl_curand_log_normal2(state, mean, stddev);
}
__device__ inline float2 curand_log_normal2(curandStatePhilox4_32_10_t *state,
                                            float mean, float stddev) {
  return cu2cl_curand_log_normal2(state, mean, stddev);
}
__device__ inline float2 curand_log_normal2(curandStateMRG32k3a_t *state,
                                            float mean, float stddev) {
  return cu2cl_curand_log_normal2(state, mean, stddev);
}

__device__ inline double2 curand_log_normal2_double(curandStateXORWOW_t *state,
                                                    double mean,
                                                    double stddev) {
  return cu2cl_curand_log_normal2_double(state, mean, stddev);
}
__device__ inline double2
curand_log_normal2_double(curandStatePhilox4_32_10_t *state, double mean,
                          double stddev) {
  return cu2cl_curand_log_normal2_double(state, mean, stddev);
}
__device__ inline double2
curand_log_normal2_double(curandStateMRG32k3a_t *state, double mean,
                          double stddev) {
  return cu2cl_curand_log_normal2_double(state, mean, stddev);
}

__device__ inline float4 curand_log_normal4(curandStatePhilox4_32_10_t *state,
                                            float mean, float stddev) {
  float4 v = curand_normal4(state);
  return make_float4(expf(mean + stddev * v.x), expf(mean + stddev * v.y),
                     expf(mean + stddev * v.z), expf(mean + stddev * v.w));
}

#endif
