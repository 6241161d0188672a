/*
 * scan_off: `cu2cl scan` in a build without tree-sitter or the CUDA
 * grammar (cmake/TreeSitterCuda.cmake says which was missing). It scans
 * nothing and says why, with exit status 2.
 */
#include <stdio.h>

#include "cu2cl_scan_why.h"
#include "scan.h"

int cu2cl_scan_main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  fprintf(stderr, "cu2cl scan: not available in this build: %s\n",
          CU2CL_SCAN_WHY);
  return 2;
}
