/*
 * instantiate: makes a file's explicit template instantiations visible.
 *
 * `template void reduce<int>(int, int, int *, int *);` instantiates the
 * host template reduce<T> and the kernel launches inside it, but libclang
 * exposes no cursor for an explicit instantiation, so the kernels it
 * launches would never be found. For each explicit instantiation
 * definition of a function (free or member) in the main file, the parse
 * gets the main file with a reference to the instantiated function
 * appended after its last byte (`static void *const cu2cl_instantiation_1 =
 * (void *)static_cast<void (*)(int, int, int *, int *)>(&reduce<int>);`):
 * offsets and lines of the file itself do not move, and the reference
 * leads translate.c to the instantiation's body. Class instantiations
 * (`template class Foo<int>;`) and constructors are left out.
 */
#ifndef CU2CL_INSTANTIATE_H
#define CU2CL_INSTANTIATE_H

#include <stddef.h>

/* Returns the text to append to src (len bytes) for its explicit
 * instantiations, or NULL when it has none. Caller frees. */
char *cu2cl_instantiation_refs(const char *src, size_t len);

#endif
