/*
 * clcheck: compiles emitted OpenCL C with libclang; see clcheck.h. Uses
 * clang's table-driven OpenCL built-in declarations, which parse much
 * faster than the full opencl-c.h header.
 */
#include "clcheck.h"

#include <clang-c/Index.h>

#include <string.h>

#include "cx.h"
#include "util.h"

/* One parse of source with the base arguments plus `extra` (NULL-ended);
 * errors are reported, tagged with `what` when it is not NULL. */
static int check_variant(const char *source, const char *cl_path,
                         const char *cuda_file, cu2cl_diag_engine *diags,
                         const char *const *extra, const char *what,
                         int reported) {
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
  for (int i = 0; extra && extra[i] && nargs < NBASE + 8; i++)
    args[nargs++] = extra[i];
  CXIndex idx = clang_createIndex(0, 0);
  struct CXUnsavedFile file = {cl_path, source, (unsigned long)strlen(source)};
  CXTranslationUnit tu;
  enum CXErrorCode rc = clang_parseTranslationUnit2(
      idx, cl_path, args, nargs, &file, 1, CXTranslationUnit_None, &tu);
  int errors = 0;
  if (rc != CXError_Success) {
    cu2cl_diag_report(diags, CU2CL_D_OPENCL_COMPILE_ERROR, cuda_file, 0, 0,
                      cl_path, "libclang could not parse it");
    clang_disposeIndex(idx);
    return 1;
  }
  unsigned n = clang_getNumDiagnostics(tu);
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
      char *msg = cx_take(clang_formatDiagnostic(
          d, CXDiagnostic_DisplaySourceLocation | CXDiagnostic_DisplayColumn));
      if (reported + errors < 20) {
        char *m = what ? xasprintf("%s (%s)", msg, what) : NULL;
        cu2cl_diag_report(diags, CU2CL_D_OPENCL_COMPILE_ERROR, cuda_file, 0,
                          0, cl_path, m ? m : msg);
        free(m);
      }
      free(msg);
      errors++;
    }
    clang_disposeDiagnostic(d);
  }
  clang_disposeTranslationUnit(tu);
  clang_disposeIndex(idx);
  return errors;
}

int cu2cl_clcheck(const char *source, const char *cl_path,
                  const char *cuda_file, cu2cl_diag_engine *diags) {
  int errors = check_variant(source, cl_path, cuda_file, diags, NULL, NULL, 0);
  /* Statements printed twice, predicated and as CUDA wrote them for
   * NVIDIA's warps (emit_device.c): the second copy is checked too, by a
   * parse for the PTX target as the runtime builds for NVIDIA (its inline
   * PTX and their register constraints included, and dynamic shared memory
   * as the array of a program built for one size). */
  static const char *const ptx[] = {"-target", "nvptx64-nvidia-cuda",
                                    "-DCU2CL_NVIDIA=1", "-DCU2CL_WARP_PTX=1",
                                    "-DCU2CL_NVIDIA_SM=90",
                                    "-DCU2CL_DYNAMIC_SHARED_UNITS=4", NULL};
  if (strstr(source, "#ifndef CU2CL_WARP_PTX /*"))
    errors += check_variant(source, cl_path, cuda_file, diags, ptx,
                            "NVIDIA's warp path", errors);
  return errors;
}
