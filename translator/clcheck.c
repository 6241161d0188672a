/*
 * clcheck: compiles emitted OpenCL C with libclang; see clcheck.h. Uses
 * clang's table-driven OpenCL built-in declarations, which parse much
 * faster than the full opencl-c.h header. Each parse runs on a thread of
 * its own (each with its own CXIndex), beside the other and beside the
 * caller's work until cu2cl_clcheck_finish.
 */
#include "clcheck.h"

#include <clang-c/Index.h>

#include <pthread.h>
#include <string.h>

#include "cx.h"
#include "util.h"

enum { MAX_REPORTED = 20 }; /* compiler errors reported per unit */

/* One parse of the source with the base arguments plus `extra` (NULL-ended)
 * and what it found: the number of errors and the first MAX_REPORTED
 * messages. */
typedef struct variant {
  const char *source, *cl_path;
  const char *const *extra;
  int errors;
  int failed; /* libclang could not parse it at all */
  strvec messages;
} variant;

static void run_variant(variant *v) {
  static const char *const base[] = {"-x",
                                     "cl",
                                     "-cl-std=CL1.2",
                                     "-Xclang",
                                     "-finclude-default-header",
                                     "-Xclang",
                                     "-fdeclare-opencl-builtins",
                                     "-DCU2CL_DEVICE_HAS_FP64=1",
                                     "-DCU2CL_DEVICE_HAS_INT64_ATOMICS=1",
                                     "-Wno-unused-value"};
  enum { NBASE = sizeof base / sizeof *base };
  const char *args[NBASE + 8];
  int nargs = 0;
  for (; nargs < NBASE; nargs++)
    args[nargs] = base[nargs];
  for (int i = 0; v->extra && v->extra[i] && nargs < NBASE + 8; i++)
    args[nargs++] = v->extra[i];
  CXIndex idx = clang_createIndex(0, 0);
  struct CXUnsavedFile file = {v->cl_path, v->source,
                               (unsigned long)strlen(v->source)};
  CXTranslationUnit tu;
  if (clang_parseTranslationUnit2(idx, v->cl_path, args, nargs, &file, 1,
                                  CXTranslationUnit_None,
                                  &tu) != CXError_Success) {
    v->failed = 1;
    v->errors = 1;
    clang_disposeIndex(idx);
    return;
  }
  unsigned n = clang_getNumDiagnostics(tu);
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
      if (v->errors < MAX_REPORTED)
        strvec_push_own(&v->messages,
                        cx_take(clang_formatDiagnostic(
                            d, CXDiagnostic_DisplaySourceLocation |
                                   CXDiagnostic_DisplayColumn)));
      v->errors++;
    }
    clang_disposeDiagnostic(d);
  }
  clang_disposeTranslationUnit(tu);
  clang_disposeIndex(idx);
}

static void *variant_thread(void *arg) {
  run_variant(arg);
  return NULL;
}

/* Reports v's errors, tagged with `what` when it is not NULL, while fewer
 * than MAX_REPORTED have been reported for the unit. */
static void report_variant(const variant *v, const char *cuda_file,
                           cu2cl_diag_engine *diags, const char *what,
                           int reported) {
  if (v->failed) {
    cu2cl_diag_report(diags, CU2CL_D_OPENCL_COMPILE_ERROR, cuda_file, 0, 0,
                      v->cl_path, "libclang could not parse it");
    return;
  }
  for (size_t i = 0; i < v->messages.len && reported < MAX_REPORTED;
       i++, reported++) {
    char *m = what ? xasprintf("%s (%s)", v->messages.items[i], what) : NULL;
    cu2cl_diag_report(diags, CU2CL_D_OPENCL_COMPILE_ERROR, cuda_file, 0, 0,
                      v->cl_path, m ? m : v->messages.items[i]);
    free(m);
  }
}

struct cu2cl_clcheck_job {
  char *source, *cl_path;
  int two; /* the NVIDIA warp path has statements of its own */
  variant v[2];
  pthread_t t[2];
  int threaded[2];
};

cu2cl_clcheck_job *cu2cl_clcheck_start(const char *source,
                                       const char *cl_path) {
  /* Statements printed twice, predicated and as CUDA wrote them for
   * NVIDIA's warps (emit_device.c): the second copy is checked too, by a
   * parse for the PTX target as the runtime builds for NVIDIA (its inline
   * PTX and their register constraints included, and dynamic shared memory
   * as the array of a program built for one size). */
  static const char *const ptx[] = {"-target", "nvptx64-nvidia-cuda",
                                    "-DCU2CL_NVIDIA=1", "-DCU2CL_WARP_PTX=1",
                                    "-DCU2CL_NVIDIA_SM=90",
                                    "-DCU2CL_DYNAMIC_SHARED_UNITS=4", NULL};
  cu2cl_clcheck_job *j = xcalloc(1, sizeof *j);
  j->source = xstrdup(source);
  j->cl_path = xstrdup(cl_path);
  j->two = strstr(source, "#ifndef CU2CL_WARP_PTX /*") != NULL;
  for (int i = 0; i < 1 + j->two; i++) {
    j->v[i] = (variant){j->source, j->cl_path, i ? ptx : NULL, 0, 0, {0}};
    j->threaded[i] =
        pthread_create(&j->t[i], NULL, variant_thread, &j->v[i]) == 0;
    if (!j->threaded[i])
      run_variant(&j->v[i]);
  }
  return j;
}

int cu2cl_clcheck_finish(cu2cl_clcheck_job *j, const char *cuda_file,
                         cu2cl_diag_engine *diags) {
  for (int i = 0; i < 2; i++)
    if (j->threaded[i])
      pthread_join(j->t[i], NULL);
  report_variant(&j->v[0], cuda_file, diags, NULL, 0);
  if (j->two)
    report_variant(&j->v[1], cuda_file, diags, "NVIDIA's warp path",
                   j->v[0].errors);
  int errors = j->v[0].errors + j->v[1].errors;
  strvec_free(&j->v[0].messages);
  strvec_free(&j->v[1].messages);
  free(j->source);
  free(j->cl_path);
  free(j);
  return errors;
}

int cu2cl_clcheck(const char *source, const char *cl_path,
                  const char *cuda_file, cu2cl_diag_engine *diags) {
  return cu2cl_clcheck_finish(cu2cl_clcheck_start(source, cl_path),
                              cuda_file, diags);
}
