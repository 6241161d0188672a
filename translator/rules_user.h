/*
 * rules_user: rows read from a user's --rules files, consulted by rules.c
 * before its built-in tables; the rows' types are defined here, below
 * rules.h, which includes this header.
 */
#ifndef CU2CL_RULES_USER_H
#define CU2CL_RULES_USER_H

#include <stddef.h>

typedef struct cu2cl_host_rule {
  const char *cuda_name;
  const char *replacement; /* NULL: unsupported */
  const char *kind;        /* "FUNCTION", "TYPE", "ENUMERATOR", "MACRO" */
  const char *notes;
} cu2cl_host_rule;

typedef struct cu2cl_device_rule {
  const char *cuda_name;
  const char *signature; /* canonical parameter types or "*" */
  const char *opencl;    /* template, NULL: unsupported */
  const char *notes;
} cu2cl_device_rule;

/* Reads a user's rules file (--rules): rows in the format of the .def files
 * (CU2CL_HOST_API and CU2CL_DEVICE_FN, with C comments), which add to the
 * built-in tables or override their rows of the same name (rules/README.md,
 * "User rules"). Call before translating (not thread-safe); the rows stay
 * until cu2cl_rules_unload. Returns 0, or -1 with "line N: problem" in
 * err. */
int cu2cl_rules_load(const char *path, char *err, size_t n);
/* Whether a row came from a user's rules file. */
int cu2cl_rules_host_is_user(const cu2cl_host_rule *r);
/* Forgets every user row. */
void cu2cl_rules_unload(void);

/* The user's row for a host name (the last one read wins), or NULL. */
const cu2cl_host_rule *cu2cl_rules_user_host(const char *cuda_name);
/* The user's first row for a device function and signature, or NULL. */
const cu2cl_device_rule *cu2cl_rules_user_device(const char *cuda_name,
                                                 const char *sig);

#endif
