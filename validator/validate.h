/*
 * validate: `cu2cl validate`, the proof that a port computes what the
 * original computed; the public header of the cu2cl_validate library.
 *
 *   cu2cl validate [options] ORIGINAL_TRACE PORTED_TRACE
 *   cu2cl validate [options] --original 'CMD ARGS' --ported 'CMD ARGS'
 *   cu2cl validate --record TRACE 'CMD ARGS'
 *
 * The library reads traces in the format that runtime/include/cu2cl_trace.h
 * defines (docs/trace-format.md) and compares them; it links nothing of the
 * translator but its toolbox (translator/util.h), and no libclang. Its
 * modules, bottom up:
 *
 *   trace_reader    reads and checks a trace; says precisely why one is
 *                   unusable (not a trace, another version, truncated,
 *                   corrupted)
 *   values          elements decoded and compared with type-aware
 *                   tolerances (integers and untyped bytes exactly, floating
 *                   point within an absolute + relative bound or a number of
 *                   units in the last place); the default tolerances
 *   stdout_compare  the programs' stdout, line by line
 *   transfers       the comparison of two traces: transfers matched in
 *                   order, the first divergence (transfer, both call sites,
 *                   element, both values, the error), a summary per
 *                   transfer, the verdict
 *   runner          the one-shot forms: runs both commands with CU2CL_TRACE
 *                   pointing at temporary files, captures their stdout into
 *                   the traces (STDOUT records) and compares
 *   validate        the command line (this header is its header too)
 *
 * The original is the reference: relative errors are relative to its
 * values. Exit status: 0 the traces match, 1 they diverge, 2 unusable
 * input. docs/validation.md is the user guide.
 */
#ifndef CU2CL_VALIDATE_H
#define CU2CL_VALIDATE_H

#include "trace_reader.h"
#include "transfers.h"
#include "values.h"

/* `cu2cl validate ...`: argv[0] is "validate". Returns the exit status. */
int cu2cl_validate_main(int argc, char **argv);

#endif
