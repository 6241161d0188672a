/*
 * host_stub: the typed launch stubs that replace kernels in host code.
 *
 * One stub per emitted kernel specialization: a cu2clKernelRef naming the
 * OpenCL kernel, and cu2cl_launch_NAME(grid, block, shmem, stream, params)
 * that packs the parameters as cu2clArgs and launches. A kernel template's
 * stub is a function template with the kernel's template parameters (and
 * its default arguments), each specialization an explicit specialization
 * of it. A kernel used as a value also gets cu2cl_launchv_NAME, which
 * unpacks CUDA's void **args for the stub (cu2clKernelRef.launchv).
 * Called by emit_host, which places the text (and writes a launch's
 * configuration as the stub's first arguments with this module's help).
 */
#ifndef CU2CL_HOST_STUB_H
#define CU2CL_HOST_STUB_H

#include <clang-c/Index.h>

#include "emit_device.h"
#include "util.h"

/* Appends the primary template of a kernel template's stubs (tpl: the
 * kernel template, whose default arguments it carries); kref: and of
 * cu2cl_kref_NAME<...>(), its reference where host templates name it as a
 * value, kern<T>. */
void cu2cl_host_stub_template(strbuf *b, CXTranslationUnit tu,
                              const cu2cl_kernel_spec *k, CXCursor tpl,
                              int kref);

/* Appends the primary template of the stubs of kernel template tpl, which
 * no code instantiates (so no specialization was emitted): declared for its
 * launches in templates that are never instantiated. */
void cu2cl_host_stub_unlaunched(strbuf *b, CXTranslationUnit tu, CXCursor tpl,
                                int kref);

/* 1 when launch call names a kernel template of which dev emitted no
 * specialization (the launch lies in a template never instantiated): its
 * stubs' primary template is declared (cu2cl_host_stub_unlaunched) where
 * the kernel is, in whichever file rewrites that. */
int cu2cl_host_launches_unlaunched(const cu2cl_device_unit *dev, CXCursor call);

/* Appends the stub of specialization k (kernel: its declaration, for
 * default arguments; valued: bit 0, the file uses it as a value; bit 1,
 * its template as kern<T>, which gets a cu2cl_kref_ specialization). */
void cu2cl_host_stub(strbuf *b, CXTranslationUnit tu,
                     const cu2cl_kernel_spec *k, CXCursor kernel, int valued);

/* Appends the generic definition of a kernel template's launch stub that
 * launches its n specializations ks taking closures of lambdas written in
 * host code (closure_cond set): their refs, then one branch per
 * specialization under its condition. */
void cu2cl_host_stub_closures(strbuf *b, const cu2cl_kernel_spec *const *ks,
                              size_t n);

/* Appends what replaces a declaration (not the definition) of an external
 * kernel (cu2cl_kernel_is_external): its cu2clKernelRef and its launch
 * stub, declared extern with the parameters and defaults of decl; the
 * unit that defines the kernel defines them (cu2cl_host_stub). Needs no
 * device unit, so a header reads the same whichever unit rewrites it. */
void cu2cl_host_stub_extern(strbuf *b, CXTranslationUnit tu, CXCursor decl);

/* A kernel specialization's template arguments (k->tpl_args) as host code
 * spells them: enumerator types and type arguments in host names (a
 * cub::BlockScanAlgorithm is cu2cl_cub's). Caller frees. */
char *cu2cl_host_tpl_args(const cu2cl_kernel_spec *k);

/* The text that replaces `<<<cfg>>>(` of a launch (open: its "<<<",
 * close: its ">>>", paren: the "(" after it, end: the launch's end): lead,
 * the configuration padded to four values with zeros, and ", " when
 * arguments follow. Caller frees. */
char *cu2cl_host_launch_config(const char *open, const char *close,
                               const char *paren, const char *end,
                               const char *lead);

#endif
