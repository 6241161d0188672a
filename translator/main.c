/* cu2cl: CUDA to OpenCL source translator. See driver.h; `cu2cl validate`
 * is validator/validate.h. */
#include <string.h>

#include "driver.h"
#include "validate.h"

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "validate"))
    return cu2cl_validate_main(argc - 1, argv + 1);
  return cu2cl_main(argc, argv);
}
