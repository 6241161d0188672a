/* cu2cl: CUDA to OpenCL source translator. See driver.h. */
#include "driver.h"

int main(int argc, char **argv) {
  return cu2cl_main(argc, argv);
}
