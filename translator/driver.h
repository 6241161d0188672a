/*
 * driver: the cu2cl command line.
 *
 *   cu2cl -p BUILD_DIR_OR_JSON [SOURCES...] --out-root DIR [options]
 *   cu2cl SOURCES... [--out-root DIR] [options] -- COMPILER_FLAGS
 *
 * Loads the compile commands, checks the input and output roots (never
 * write inside the input tree; a non-empty out-root needs --force),
 * translates the files on -j N threads, writes every output atomically
 * (a file that fails to translate leaves nothing behind, the others still
 * translate), writes the out-root's CMake project and the reports, and
 * prints a summary. Exit status: 0 nothing to review, 1 warnings to review,
 * 2 errors (something was not translated, or bad input).
 */
#ifndef CU2CL_DRIVER_H
#define CU2CL_DRIVER_H

int cu2cl_main(int argc, char **argv);

#endif
