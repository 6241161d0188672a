/*
 * host_launch: launches and kernels used as values in host code, for
 * emit_host.
 */
#ifndef CU2CL_HOST_LAUNCH_H
#define CU2CL_HOST_LAUNCH_H

#include <clang-c/Index.h>

/* Visits host code's expressions with a host (host_state.h) as d:
 * rewrites launches and kernels used as values (with collecting_values
 * set, only notes the values), and the declarations that hold kernels. */
enum CXChildVisitResult host_launch_visit(CXCursor c, CXCursor p,
                                          CXClientData d);

struct host;
/* Rewrites the launches among c's tokens as text (name<<<g, b>>>(args) ->
 * cu2cl_launch_name(g, b, 0, 0, args)), for those the AST does not show:
 * in a macro's body (macro: c is a macro definition, whose parameters are
 * pasted onto the stub prefix), in OpenMP regions. 1 when one was. */
int host_launch_tokens(struct host *h, CXCursor c, int macro);

#endif
