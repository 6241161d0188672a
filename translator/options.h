/*
 * options: the command line's conveniences around a run, and the .cu2cl
 * configuration file.
 *
 * Owns the options that shape how a run looks and what it reports, not
 * what it translates: --suppress, --rules, --color, --summary, --progress;
 * the small helpers that read "--opt=V" / "--opt V"; and the .cu2cl file
 * (docs/usage.md, "Configuration file"), found in the sources' common
 * directory or the nearest ancestor holding one, whose "key = value" lines
 * are default options, read as "--key=value" before the command line (so
 * the command line wins; list options such as suppress add up).
 */
#ifndef CU2CL_OPTIONS_H
#define CU2CL_OPTIONS_H

#include <stdio.h>

#include "util.h"

typedef enum cu2cl_color_mode {
  CU2CL_COLOR_AUTO = 0, /* on a terminal, unless NO_COLOR or TERM=dumb */
  CU2CL_COLOR_ALWAYS,
  CU2CL_COLOR_NEVER
} cu2cl_color_mode;

typedef struct cu2cl_ux_opts {
  strvec suppress; /* diagnostic IDs as written, one per item */
  strvec rules;    /* --rules files, in order */
  cu2cl_color_mode color;
  int summary;   /* --summary: the per-file status table */
  int progress;  /* -1: on a terminal (default), 0: never, 1: always */
  int no_config; /* --no-config */
} cu2cl_ux_opts;

void cu2cl_ux_opts_free(cu2cl_ux_opts *o);

/* Value of "--opt=V" or "--opt V" when argv[*i] is that option (advances
 * *i for the separate form); NULL otherwise or when the value is missing. */
const char *cu2cl_opt_value(int argc, char **argv, int *i, const char *name);
/* Whether a is the option name, alone or as "name=...". */
int cu2cl_is_opt(const char *a, const char *name);

/* Reads argv[*i] when it is one of the options above: 1 taken, 0 not one
 * of them, -1 a bad value (*opt the option, *val its value). */
int cu2cl_ux_option(int argc, char **argv, int *i, cu2cl_ux_opts *o,
                    const char **opt, const char **val);

/* Whether to colour what goes to the stream on file descriptor fd. */
int cu2cl_ux_use_color(const cu2cl_ux_opts *o, int fd);

/* The .cu2cl file in dir or its nearest ancestor; NULL when none. Caller
 * frees. */
char *cu2cl_config_find(const char *dir);

/* Reads a .cu2cl file into options ("--key=value", "--key"), appended to
 * out. Returns 0, or -1 with "line N: problem" in err. Relative paths of
 * "rules" are taken relative to the file's directory. */
int cu2cl_config_read(const char *path, strvec *out, char *err, size_t n);

/* The text of cu2cl --help. */
extern const char cu2cl_usage_text[];

#endif
