/*
 * hostcheck: parses translated host files as C++; see hostcheck.h.
 */
#include "hostcheck.h"

#include <clang-c/Index.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cx.h"
#include "util.h"

enum { MAX_REPORTED = 10 }; /* errors reported per unit */

/* The file of the run that `path` (as clang names it) is, or NULL. */
static const cu2cl_hostcheck_file *find_file(const cu2cl_hostcheck *c,
                                             const char *path) {
  char *real = realpath(path, NULL);
  const cu2cl_hostcheck_file *found = NULL;
  for (size_t i = 0; real && i < c->nfiles && !found; i++) {
    char *other = realpath(c->files[i].out_path, NULL);
    if (other && !strcmp(other, real))
      found = &c->files[i];
    free(other);
  }
  free(real);
  return found;
}

static unsigned map_line(const unsigned *lines, unsigned line) {
  if (!lines || !line)
    return line;
  for (unsigned k = 0; lines[k]; k++)
    if (k + 1 == line)
      return lines[k];
  return 0;
}

/* Reports one compiler error at the original line it came from; an error
 * in a file cu2cl did not write (cu2clrt.h, a system header) is reported
 * at the unit's source. */
static void report_error(const cu2cl_hostcheck *c, size_t unit, CXDiagnostic d,
                         cu2cl_diag_engine *diags) {
  cx_loc l = cx_source_location(clang_getDiagnosticLocation(d));
  char *spelling = cx_take(clang_getDiagnosticSpelling(d));
  const cu2cl_hostcheck_file *f = l.file ? find_file(c, l.file) : NULL;
  char *msg = xasprintf("%s (%s:%u)", spelling, l.file ? l.file : "?", l.line);
  if (f)
    cu2cl_diag_report(diags, CU2CL_D_HOST_COMPILE_ERROR, f->orig_path,
                      map_line(f->lines, l.line), f->lines ? 0 : l.column, msg);
  else
    cu2cl_diag_report(diags, CU2CL_D_HOST_COMPILE_ERROR,
                      c->files[unit].orig_path, 0, 0, msg);
  free(msg);
  free(spelling);
  cx_loc_free(&l);
}

size_t cu2cl_hostcheck_unit(const cu2cl_hostcheck *c, size_t unit,
                            const char *cl_header, const char *cl_symbol,
                            cu2cl_diag_engine *diags) {
  const char *path = c->files[unit].out_path;
  strvec args = {0};
  for (const char *const *a = c->args; *a; a++)
    strvec_push(&args, *a);
  struct CXUnsavedFile stub = {0};
  char *stub_path = NULL, *stub_text = NULL;
  if (cl_header) {
    char *dir = path_dirname(path);
    stub_path = path_join(dir, cl_header);
    stub_text = xasprintf("static const char %s[] = \"\";\n", cl_symbol);
    stub = (struct CXUnsavedFile){stub_path, stub_text,
                                  (unsigned long)strlen(stub_text)};
    free(dir);
  }
  CXIndex idx = clang_createIndex(0, 0);
  CXTranslationUnit tu = NULL;
  size_t errors = 0;
  if (clang_parseTranslationUnit2(idx, path, (const char *const *)args.items,
                                  (int)args.len, &stub, cl_header ? 1 : 0,
                                  CXTranslationUnit_KeepGoing,
                                  &tu) != CXError_Success) {
    cu2cl_diag_report(diags, CU2CL_D_HOST_COMPILE_ERROR,
                      c->files[unit].orig_path, 0, 0,
                      "libclang could not parse it");
    errors = 1;
  }
  for (unsigned i = 0, n = tu ? clang_getNumDiagnostics(tu) : 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error &&
        errors++ < MAX_REPORTED)
      report_error(c, unit, d, diags);
    clang_disposeDiagnostic(d);
  }
  if (tu)
    clang_disposeTranslationUnit(tu);
  clang_disposeIndex(idx);
  free(stub_path);
  free(stub_text);
  strvec_free(&args);
  return errors;
}

/* The precompiled header: cu2clrt.h and what nvcc's implicit includes
 * bring are the bulk of every check's parse, the same for every file. */
char *cu2cl_hostcheck_pch(const char *const *args, char **dir) {
  char tmpl[] = "/tmp/cu2cl-hostcheck-XXXXXX";
  *dir = NULL;
  if (!mkdtemp(tmpl))
    return NULL;
  *dir = xstrdup(tmpl);
  char *header = path_join(tmpl, "cu2cl_pch.h");
  char *pch = path_join(tmpl, "cu2cl_pch.h.pch");
  static const char text[] = "#include \"cu2clrt.h\"\n"
                             "#include \"cu2clrt_nvcc.h\"\n";
  struct CXUnsavedFile file = {header, text, sizeof text - 1};
  strvec hargs = {0};
  for (const char *const *a = args; *a; a++)
    strvec_push(&hargs, strcmp(*a, "c++") ? *a : "c++-header");
  CXIndex idx = clang_createIndex(0, 0);
  CXTranslationUnit tu = NULL;
  int ok =
      clang_parseTranslationUnit2(
          idx, header, (const char *const *)hargs.items, (int)hargs.len, &file,
          1, CXTranslationUnit_ForSerialization, &tu) == CXError_Success;
  for (unsigned i = 0, n = ok ? clang_getNumDiagnostics(tu) : 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    ok &= clang_getDiagnosticSeverity(d) < CXDiagnostic_Error;
    clang_disposeDiagnostic(d);
  }
  ok = ok && clang_saveTranslationUnit(tu, pch, 0) == CXSaveError_None;
  if (tu)
    clang_disposeTranslationUnit(tu);
  clang_disposeIndex(idx);
  strvec_free(&hargs);
  free(header);
  if (!ok) {
    free(pch);
    return NULL;
  }
  return pch;
}

void cu2cl_hostcheck_pch_remove(char *pch, char *dir) {
  if (pch)
    unlink(pch);
  if (dir)
    rmdir(dir);
  free(pch);
  free(dir);
}
