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

#endif
