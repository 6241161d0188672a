/*
 * rt_sha256: SHA-256 (FIPS 180-4), the key of the on-disk program cache and
 * the checksum of its entries. Streaming: init, update any number of times,
 * final.
 */
#ifndef CU2CL_RT_SHA256_H
#define CU2CL_RT_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct rt_sha256 {
  uint32_t state[8];
  uint64_t length; /* bytes hashed so far */
  unsigned char block[64];
  size_t fill; /* bytes waiting in block */
} rt_sha256;

void rt_sha256_init(rt_sha256 *h);
void rt_sha256_update(rt_sha256 *h, const void *data, size_t len);
void rt_sha256_final(rt_sha256 *h, unsigned char digest[32]);
/* Writes the 64 lowercase hex digits of digest and a NUL into hex. */
void rt_sha256_hex(const unsigned char digest[32], char hex[65]);

#endif
