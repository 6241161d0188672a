/*
 * rt_sha256: a compact SHA-256 written from FIPS 180-4, section 6.2.
 */
#include "rt_sha256.h"

#include <string.h>

static const uint32_t rt_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
    0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
    0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
    0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
    0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
    0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
    0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
    0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
    0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static uint32_t rt_rotr(uint32_t x, int n) {
  return (x >> n) | (x << (32 - n));
}

static void rt_sha256_block(rt_sha256 *h, const unsigned char *p) {
  uint32_t w[64];
  for (int t = 0; t < 16; t++)
    w[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 |
           (uint32_t)p[4 * t + 2] << 8 | (uint32_t)p[4 * t + 3];
  for (int t = 16; t < 64; t++) {
    uint32_t s0 =
        rt_rotr(w[t - 15], 7) ^ rt_rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
    uint32_t s1 =
        rt_rotr(w[t - 2], 17) ^ rt_rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
    w[t] = w[t - 16] + s0 + w[t - 7] + s1;
  }
  uint32_t a = h->state[0], b = h->state[1], c = h->state[2],
           d = h->state[3], e = h->state[4], f = h->state[5],
           g = h->state[6], hh = h->state[7];
  for (int t = 0; t < 64; t++) { /* working variables in registers */
    uint32_t t1 = hh + (rt_rotr(e, 6) ^ rt_rotr(e, 11) ^ rt_rotr(e, 25)) +
                  ((e & f) ^ (~e & g)) + rt_sha256_k[t] + w[t];
    uint32_t t2 = (rt_rotr(a, 2) ^ rt_rotr(a, 13) ^ rt_rotr(a, 22)) +
                  ((a & b) ^ (a & c) ^ (b & c));
    hh = g;
    g = f;
    f = e;
    e = d + t1;
    d = c;
    c = b;
    b = a;
    a = t1 + t2;
  }
  h->state[0] += a;
  h->state[1] += b;
  h->state[2] += c;
  h->state[3] += d;
  h->state[4] += e;
  h->state[5] += f;
  h->state[6] += g;
  h->state[7] += hh;
}

void rt_sha256_init(rt_sha256 *h) {
  static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372,
                                 0xa54ff53a, 0x510e527f, 0x9b05688c,
                                 0x1f83d9ab, 0x5be0cd19};
  memcpy(h->state, iv, sizeof iv);
  h->length = 0;
  h->fill = 0;
}

void rt_sha256_update(rt_sha256 *h, const void *data, size_t len) {
  const unsigned char *p = data;
  h->length += len;
  while (len > 0) {
    size_t n = 64 - h->fill < len ? 64 - h->fill : len;
    memcpy(h->block + h->fill, p, n);
    h->fill += n, p += n, len -= n;
    if (h->fill == 64) {
      rt_sha256_block(h, h->block);
      h->fill = 0;
    }
  }
}

void rt_sha256_final(rt_sha256 *h, unsigned char digest[32]) {
  uint64_t bits = h->length * 8;
  unsigned char pad[72] = {0x80};
  size_t padlen = (h->fill < 56 ? 56 : 120) - h->fill;
  for (int i = 0; i < 8; i++)
    pad[padlen + i] = (unsigned char)(bits >> (56 - 8 * i));
  rt_sha256_update(h, pad, padlen + 8);
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 4; j++)
      digest[4 * i + j] = (unsigned char)(h->state[i] >> (24 - 8 * j));
}

void rt_sha256_hex(const unsigned char digest[32], char hex[65]) {
  static const char digits[] = "0123456789abcdef";
  for (int i = 0; i < 32; i++) {
    hex[2 * i] = digits[digest[i] >> 4];
    hex[2 * i + 1] = digits[digest[i] & 15];
  }
  hex[64] = '\0';
}
