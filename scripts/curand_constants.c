/*
 * scripts/curand_constants.c: computes the constants that cu2cl's cuRAND
 * (translator/cuda-include/translated/cu2cl_curand/) uses to jump its
 * generators ahead, and prints them as C initializers. Not part of the
 * build; its output is checked in, and tests/projects/curand_device checks
 * every jump against naive stepping and against a matrix computation.
 *
 * XORWOW's xorshift part is a linear map A on 160 bits over GF(2). Its
 * characteristic polynomial P (degree 160, primitive: the period is
 * 2^160 - 1) is found with Berlekamp-Massey on one output bit; then
 * A^N = (x^N mod P)(A). Printed: P's low 160 bits and x^(2^67) mod P
 * (one subsequence). MRG32k3a: its two 3x3 recurrence matrices raised to
 * 2^76 (one subsequence) and 2^127 (one sequence) modulo m1 and m2.
 *
 *   cc -O2 -o curand_constants scripts/curand_constants.c && ./curand_constants
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define NBITS 400

static void xorwow_step(uint32_t v[5]) {
  uint32_t t = v[0] ^ (v[0] >> 2);
  memmove(v, v + 1, 4 * sizeof *v);
  v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

/* Berlekamp-Massey over GF(2): the connection polynomial C (C[0] = 1) of
 * the shortest LFSR that generates s[0..n). Returns its length L. */
static int berlekamp_massey(const int *s, int n, int *c) {
  int b[NBITS + 1] = {1}, t[NBITS + 1];
  int L = 0, m = 1;
  memset(c, 0, (NBITS + 1) * sizeof *c);
  c[0] = 1;
  for (int i = 0; i < n; i++) {
    int d = s[i];
    for (int j = 1; j <= L; j++)
      d ^= c[j] & s[i - j];
    if (!d) {
      m++;
      continue;
    }
    memcpy(t, c, sizeof t);
    for (int j = 0; j + m <= NBITS; j++)
      c[j + m] ^= b[j];
    if (2 * L <= i) {
      L = i + 1 - L;
      memcpy(b, t, sizeof b);
      m = 1;
    } else {
      m++;
    }
  }
  return L;
}

/* r = r * x mod P (P = x^160 + p) */
static void poly_mulx(uint32_t r[5], const uint32_t p[5]) {
  uint32_t carry = r[4] >> 31;
  for (int i = 4; i > 0; i--)
    r[i] = (r[i] << 1) | (r[i - 1] >> 31);
  r[0] <<= 1;
  if (carry)
    for (int i = 0; i < 5; i++)
      r[i] ^= p[i];
}

static void poly_mulmod(uint32_t out[5], const uint32_t a[5],
                        const uint32_t b[5], const uint32_t p[5]) {
  uint32_t r[5] = {0};
  for (int i = 159; i >= 0; i--) {
    poly_mulx(r, p);
    if (b[i / 32] >> (i % 32) & 1)
      for (int k = 0; k < 5; k++)
        r[k] ^= a[k];
  }
  memcpy(out, r, sizeof r);
}

static void print_words(const char *name, const uint32_t w[5]) {
  printf("%s = {", name);
  for (int i = 0; i < 5; i++)
    printf("0x%08xu%s", w[i], i < 4 ? ", " : "};\n");
}

static void xorwow_constants(void) {
  uint32_t v[5] = {123456789u, 362436069u, 521288629u, 88675123u, 5783321u};
  int s[NBITS], c[NBITS + 1];
  for (int i = 0; i < NBITS; i++) {
    xorwow_step(v);
    s[i] = v[4] & 1;
  }
  int L = berlekamp_massey(s, NBITS, c);
  if (L != 160) {
    fprintf(stderr, "unexpected linear complexity %d\n", L);
    return;
  }
  /* C(x) = 1 + c1 x + ... + c160 x^160 is the reciprocal of the
   * characteristic polynomial: P(x) = x^160 + c1 x^159 + ... + c160 */
  uint32_t p[5] = {0};
  for (int j = 1; j <= 160; j++)
    if (c[j])
      p[(160 - j) / 32] |= 1u << ((160 - j) % 32);
  print_words("xorwow P (low 160 bits)", p);
  uint32_t r[5] = {2, 0, 0, 0, 0}; /* x */
  for (int i = 0; i < 67; i++)
    poly_mulmod(r, r, r, p);
  print_words("xorwow x^(2^67) mod P", r);
}

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m) {
  return a * b % m; /* a, b < 2^32 */
}

static void mat_mul(uint64_t o[3][3], uint64_t a[3][3], uint64_t b[3][3],
                    uint64_t m) {
  uint64_t t[3][3];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++) {
      uint64_t s = 0;
      for (int k = 0; k < 3; k++)
        s = (s + mulmod(a[i][k], b[k][j], m)) % m;
      t[i][j] = s;
    }
  memcpy(o, t, sizeof t);
}

static void print_mat(const char *name, uint64_t a[3][3]) {
  printf("%s = {", name);
  for (int i = 0; i < 9; i++)
    printf("%lluu%s", (unsigned long long)a[i / 3][i % 3],
           i < 8 ? ", " : "};\n");
}

static void mrg_constants(void) {
  const uint64_t m1 = 4294967087u, m2 = 4294944443u;
  /* (s0, s1, s2) -> (s1, s2, a12 s1 - a13n s0) and
   * (s0, s1, s2) -> (s1, s2, a21 s2 - a23n s0) */
  uint64_t a1[3][3] = {{0, 1, 0}, {0, 0, 1}, {m1 - 810728u, 1403580u, 0}};
  uint64_t a2[3][3] = {{0, 1, 0}, {0, 0, 1}, {m2 - 1370589u, 0, 527612u}};
  for (int i = 1; i <= 127; i++) {
    mat_mul(a1, a1, a1, m1);
    mat_mul(a2, a2, a2, m2);
    if (i == 76) {
      print_mat("mrg32k3a A1^(2^76) mod m1", a1);
      print_mat("mrg32k3a A2^(2^76) mod m2", a2);
    }
  }
  print_mat("mrg32k3a A1^(2^127) mod m1", a1);
  print_mat("mrg32k3a A2^(2^127) mod m2", a2);
}

int main(void) {
  xorwow_constants();
  mrg_constants();
  return 0;
}
