/*
 * fuzz_trace: trace files as `cu2cl validate` reads them
 * (cu2cl_tracefile_read): the input is the file.
 */
#include <stdlib.h>

#include "fuzz.h"
#include "trace_reader.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *path = fuzz_file("input.trace", data, size);
  cu2cl_tracefile *t = NULL;
  char *error = NULL;
  cu2cl_tracefile_read(path, &t, &error);
  cu2cl_tracefile_delete(t);
  free(error);
  return 0;
}
