/*
 * fuzz: the fuzz targets' shared part. Each target (fuzz_NAME.c) defines
 * LLVMFuzzerTestOneInput, the entry libFuzzer calls with one input; built
 * with clang -fsanitize=fuzzer,address by scripts/fuzz.sh, or with the
 * normal compiler beside replay.c, whose main() feeds it every file of the
 * target's regression corpus (tests/fuzz/corpus/NAME, a ctest test).
 */
#ifndef CU2CL_FUZZ_H
#define CU2CL_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A directory of this process's own for the files a target writes
 * (created once, removed at exit); the path is static. */
const char *fuzz_dir(void);
/* Writes data to NAME in fuzz_dir(); returns the path (static buffer). */
const char *fuzz_file(const char *name, const uint8_t *data, size_t size);

#endif
