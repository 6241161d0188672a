/* cu2cl-validate: `cu2cl validate` as a command of its own, linking no
 * libclang, so that a CUDA machine without it can record traces
 * (docs/validation.md). Usage as cu2cl validate's (validate.h). */
#include "validate.h"

int main(int argc, char **argv) { return cu2cl_validate_main(argc, argv); }
