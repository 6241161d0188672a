/*
 * clcheck: compiles emitted OpenCL C with libclang; see clcheck.h. Uses
 * clang's table-driven OpenCL built-in declarations, which parse much
 * faster than the full opencl-c.h header.
 */
#include "clcheck.h"

#include <clang-c/Index.h>

#include <string.h>

#include "cx.h"

int cu2cl_clcheck(const char *source, const char *cl_path,
                  const char *cuda_file, cu2cl_diag_engine *diags) {
  static const char *const args[] = {"-x",
                                     "cl",
                                     "-cl-std=CL1.2",
                                     "-Xclang",
                                     "-finclude-default-header",
                                     "-Xclang",
                                     "-fdeclare-opencl-builtins",
                                     "-DCU2CL_DEVICE_HAS_FP64=1",
                                     "-DCU2CL_DEVICE_HAS_INT64_ATOMICS=1",
                                     "-Wno-unused-value"};
  CXIndex idx = clang_createIndex(0, 0);
  struct CXUnsavedFile file = {cl_path, source, (unsigned long)strlen(source)};
  CXTranslationUnit tu;
  enum CXErrorCode rc = clang_parseTranslationUnit2(
      idx, cl_path, args, sizeof args / sizeof *args, &file, 1,
      CXTranslationUnit_None, &tu);
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
      if (errors < 20)
        cu2cl_diag_report(diags, CU2CL_D_OPENCL_COMPILE_ERROR, cuda_file, 0, 0,
                          cl_path, msg);
      free(msg);
      errors++;
    }
    clang_disposeDiagnostic(d);
  }
  clang_disposeTranslationUnit(tu);
  clang_disposeIndex(idx);
  return errors;
}
