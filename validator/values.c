/*
 * values: decoding, comparing and printing one element; the default
 * tolerances. See values.h.
 */
#include "values.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

void cu2cl_validate_options_init(cu2cl_validate_options *opt) {
  memset(opt, 0, sizeof *opt);
  /* Relative: f32 1e-5 is ~84 ulp, room for FMA contraction and the math
   * libraries' few-ulp differences over a chain of operations, far below
   * the error a wrong index or a lost update makes. f64 1e-12 likewise.
   * Absolute: the smallest normal number, so that flushing denormals to
   * zero (fast math on GPUs) is no divergence. */
  opt->rtol[CU2CL_TRACE_F16] = 5e-3;
  opt->rtol[CU2CL_TRACE_BF16] = 4e-2;
  opt->rtol[CU2CL_TRACE_F32] = 1e-5;
  opt->rtol[CU2CL_TRACE_F64] = 1e-12;
  opt->atol[CU2CL_TRACE_F16] = 6.103515625e-05;
  opt->atol[CU2CL_TRACE_BF16] = FLT_MIN;
  opt->atol[CU2CL_TRACE_F32] = FLT_MIN;
  opt->atol[CU2CL_TRACE_F64] = DBL_MIN;
  opt->ulp[CU2CL_TRACE_F16] = 2;
  opt->ulp[CU2CL_TRACE_BF16] = 2;
  opt->ulp[CU2CL_TRACE_F32] = 4;
  opt->ulp[CU2CL_TRACE_F64] = 16;
  opt->max_report = 1;
  opt->table_rows = 50;
}

int value_is_float(unsigned t) {
  return t == CU2CL_TRACE_F16 || t == CU2CL_TRACE_BF16 ||
         t == CU2CL_TRACE_F32 || t == CU2CL_TRACE_F64;
}

int value_is_signed(unsigned t) {
  return t == CU2CL_TRACE_I8 || t == CU2CL_TRACE_I16 || t == CU2CL_TRACE_I32 ||
         t == CU2CL_TRACE_I64;
}

static double half_to_double(uint16_t h) {
  int exp = (h >> 10) & 0x1f, mant = h & 0x3ff;
  double v = exp == 0    ? ldexp(mant, -24)
             : exp == 31 ? (mant ? NAN : INFINITY)
                         : ldexp(mant + 1024, exp - 25);
  return h & 0x8000 ? -v : v;
}

value value_load(unsigned type, const unsigned char *p) {
  size_t n = cu2cl_trace_elem_type_size(type);
  value v = {0, 0, 0, 0};
  for (size_t k = 0; k < n; k++)
    v.bits |= (uint64_t)p[k] << (8 * k);
  uint64_t sign = n < 8 ? (uint64_t)1 << (8 * n - 1) : 0;
  v.u = v.bits;
  v.i = sign && (v.bits & sign) ? (int64_t)(v.bits | ~(2 * sign - 1))
                                : (int64_t)v.bits;
  if (type == CU2CL_TRACE_F16) {
    v.f = half_to_double((uint16_t)v.bits);
  } else if (type == CU2CL_TRACE_BF16 || type == CU2CL_TRACE_F32) {
    uint32_t b32 =
        type == CU2CL_TRACE_BF16 ? (uint32_t)v.bits << 16 : (uint32_t)v.bits;
    float f;
    memcpy(&f, &b32, 4);
    v.f = f;
  } else if (type == CU2CL_TRACE_F64) {
    memcpy(&v.f, &v.bits, 8);
  }
  return v;
}

/* Units in the last place between two finite values of one float type:
 * the distance between their bit patterns on a line where the negative
 * numbers are mirrored (-0 and +0 are the same point). */
static uint64_t ulp_distance(unsigned type, uint64_t a, uint64_t b) {
  int bits = 8 * (int)cu2cl_trace_elem_type_size(type);
  uint64_t sign = (uint64_t)1 << (bits - 1);
  uint64_t ma = a & (sign - 1), mb = b & (sign - 1);
  if ((a & sign) != (b & sign))
    return ma + mb;
  return ma > mb ? ma - mb : mb - ma;
}

elem_err value_compare_float(const cu2cl_validate_options *opt, unsigned type,
                             value o, value p) {
  elem_err e = {0, 0, 0, UINT64_MAX};
  if (isnan(o.f) || isnan(p.f)) {
    e.ok = isnan(o.f) && isnan(p.f);
    e.abs = e.rel = e.ok ? 0 : INFINITY;
    e.ulp = e.ok ? 0 : UINT64_MAX;
    return e;
  }
  if (isinf(o.f) || isinf(p.f)) {
    e.ok = o.f == p.f;
    e.abs = e.rel = e.ok ? 0 : INFINITY;
    e.ulp = e.ok ? 0 : UINT64_MAX;
    return e;
  }
  e.abs = fabs(p.f - o.f);
  e.rel = o.f != 0 ? e.abs / fabs(o.f) : (e.abs == 0 ? 0 : INFINITY);
  e.ulp = ulp_distance(type, o.bits, p.bits);
  e.ok = e.abs <= opt->atol[type] + opt->rtol[type] * fabs(o.f) ||
         e.ulp <= opt->ulp[type];
  return e;
}

elem_err value_compare_int(unsigned type, value o, value p) {
  elem_err e = {o.bits == p.bits, 0, 0, UINT64_MAX};
  if (value_is_signed(type)) {
    e.abs = fabs((double)p.i - (double)o.i);
    e.rel = o.i ? e.abs / fabs((double)o.i) : (e.abs ? INFINITY : 0);
  } else {
    e.abs = p.u > o.u ? (double)(p.u - o.u) : (double)(o.u - p.u);
    e.rel = o.u ? e.abs / (double)o.u : (e.abs ? INFINITY : 0);
  }
  return e;
}

const char *value_format(unsigned type, value v, char *buf, size_t size) {
  switch (type) {
  case CU2CL_TRACE_F16:
  case CU2CL_TRACE_BF16:
    snprintf(buf, size, "%.6g (0x%04" PRIx64 ")", v.f, v.bits);
    break;
  case CU2CL_TRACE_F32:
    snprintf(buf, size, "%.9g (0x%08" PRIx64 ")", v.f, v.bits);
    break;
  case CU2CL_TRACE_F64:
    snprintf(buf, size, "%.17g (0x%016" PRIx64 ")", v.f, v.bits);
    break;
  default:
    if (value_is_signed(type))
      snprintf(buf, size, "%" PRId64, v.i);
    else
      snprintf(buf, size, "%" PRIu64, v.u);
  }
  return buf;
}

const char *value_format_bytes(const unsigned char *p, uint64_t n, char *buf,
                               size_t size) {
  size_t k = 0;
  for (uint64_t i = 0; i < n && i < 16 && k + 4 < size; i++)
    k += (size_t)snprintf(buf + k, size - k, "%s%02x", i ? " " : "", p[i]);
  if (n > 16 && k + 5 < size)
    snprintf(buf + k, size - k, " ...");
  return buf;
}

int value_order(unsigned type, const unsigned char *a, const unsigned char *b) {
  value va = value_load(type, a), vb = value_load(type, b);
  if (value_is_float(type)) {
    if (isnan(va.f) || isnan(vb.f)) /* NaNs last */
      return isnan(va.f) - isnan(vb.f);
    return (va.f > vb.f) - (va.f < vb.f);
  }
  if (value_is_signed(type))
    return (va.i > vb.i) - (va.i < vb.i);
  return (va.u > vb.u) - (va.u < vb.u);
}
