/*
 * fuzz_cache: the runtime's program cache entries as rt_cache_load reads
 * them (a corrupt, truncated or foreign entry must be refused, never
 * trusted): the input is the entry's file.
 */
#include <stdlib.h>

#include "fuzz.h"
#include "rt_cache.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_file("key.clbin", data, size);
  size_t len = 0;
  unsigned char *payload = rt_cache_load(fuzz_dir(), "key", &len);
  free(payload);
  return 0;
}
