/* cu2cl: CUDA to OpenCL source translator. See driver.h; `cu2cl validate`
 * is validator/validate.h, `cu2cl scan` scan/scan.h. */
#include <string.h>

#include "driver.h"
#include "scan.h"
#include "validate.h"

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "validate"))
    return cu2cl_validate_main(argc - 1, argv + 1);
  if (argc > 1 && !strcmp(argv[1], "scan"))
    return cu2cl_scan_main(argc - 1, argv + 1);
  return cu2cl_main(argc, argv);
}
