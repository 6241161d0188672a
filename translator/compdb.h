/*
 * compdb: which files to translate and with which compiler flags.
 *
 * Reads a compilation database (a build directory holding
 * compile_commands.json, or the JSON file itself) through libclang's own
 * CXCompilationDatabase, or takes the files and flags of the
 * "cu2cl SOURCES -- FLAGS" form, and turns each compile command into the
 * flags cu2cl needs to parse that file: the compiler (nvcc, clang, g++,
 * ccache wrappers), the output and the source file are removed; nvcc's own
 * flags are mapped to clang's or dropped, never rejected (see flags.h).
 */
#ifndef CU2CL_COMPDB_H
#define CU2CL_COMPDB_H

#include "flags.h"
#include "util.h"

typedef struct cu2cl_compile_cmd {
  char *file;      /* absolute, normalized path of the source */
  char *directory; /* absolute working directory of the command */
  strvec flags;    /* user flags for clang (-I, -D, -std=..., -include ...),
                      relative paths made absolute against directory */
  char *arch;      /* "sm_80" from -arch/-gencode/--cuda-gpu-arch, or NULL */
  cu2cl_lang lang; /* CUDA, or a host C/C++ file (kept: the driver decides) */
  cu2cl_build_intent intent; /* what the port's build keeps */
} cu2cl_compile_cmd;

typedef struct cu2cl_compile_cmds {
  cu2cl_compile_cmd *items;
  size_t len;
  strvec missing; /* requested sources the database does not list */
  strvec probes;  /* build-system compiler probes left out (CU2CL0109) */
} cu2cl_compile_cmds;

/* Loads every command of the database at path (a directory containing
 * compile_commands.json, or a .json file). When only is non-empty, keeps the
 * commands whose file matches one of its entries (absolute or relative to
 * the current directory); entries that match no command are listed in
 * out->missing (not an error: the caller reports them and goes on).
 * Only one command per file is kept (the first). On failure returns -1 and
 * writes a one-line reason naming the file (and line, for JSON syntax
 * errors) into err. */
int cu2cl_compdb_load(const char *path, const strvec *only,
                      cu2cl_compile_cmds *out, char *err, size_t errlen);

/* The "cu2cl SOURCES... -- FLAGS" form: one command per source, all with the
 * same flags (which go through the same mapping), directory = cwd. */
int cu2cl_compdb_from_args(const strvec *sources, const strvec *flags,
                           cu2cl_compile_cmds *out, char *err, size_t errlen);

void cu2cl_compile_cmds_free(cu2cl_compile_cmds *cmds);

#endif
