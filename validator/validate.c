/*
 * validate: the command line of `cu2cl validate`; see validate.h. It
 * parses the options into cu2cl_validate_options and two sides (traces or
 * commands), then hands them to the runner.
 */
#include "validate.h"

#include <math.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner.h"

static const char usage[] =
    "usage: cu2cl validate [options] ORIGINAL_TRACE PORTED_TRACE\n"
    "       cu2cl validate [options] --original 'CMD ARGS' --ported 'CMD "
    "ARGS'\n"
    "       cu2cl validate --record TRACE 'CMD ARGS'\n"
    "\n"
    "Compares what a CUDA program and its port copied back from the device\n"
    "(traces written with CU2CL_TRACE=FILE; docs/validation.md). The first\n"
    "form compares two traces; the second runs both commands through\n"
    "/bin/sh -c with CU2CL_TRACE set to temporary files, captures their "
    "stdout\n"
    "and compares (a trace file argument may stand for either command); the\n"
    "third records a trace with the command's stdout.\n"
    "\n"
    "Options:\n"
    "  --original CMD, --ported CMD   the commands to run\n"
    "  --save-original FILE, --save-ported FILE\n"
    "                     keep the recorded traces (with stdout) in FILE\n"
    "  --original-stdout FILE, --ported-stdout FILE\n"
    "                     a trace file's program printed FILE (traces\n"
    "                     written through CU2CL_TRACE hold no stdout)\n"
    "  --rtol [TYPE=]X    relative tolerance (TYPE: f16, bf16, f32, f64;\n"
    "                     default all of them; defaults f32 1e-5, f64 "
    "1e-12)\n"
    "  --atol [TYPE=]X    absolute tolerance (default: the type's smallest\n"
    "                     normal number)\n"
    "  --ulp [TYPE=]N     units in the last place (defaults f32 4, f64 16)\n"
    "  --exact            floating point must match bitwise (NaN = NaN)\n"
    "  --unknown-as TYPE  compare untyped transfers as TYPE (f32, i32, ...)\n"
    "  --skip N[,N...]    do not compare transfers N (data that depends on\n"
    "                     the order threads ran in); they must still exist\n"
    "  --unordered N[,N...]  compare transfers N as multisets (sorted):\n"
    "                     results whose order depends on scheduling\n"
    "  --allow-diff F     a transfer passes when at most the fraction F of "
    "its\n"
    "                     elements differ (chaotic computations; default 0)\n"
    "  --max-report N     list up to N differing elements (default 1)\n"
    "  --table-rows N     summary rows before matching rows are elided "
    "(50)\n"
    "  --strict-stdout    differing stdout fails (default: notes)\n"
    "  --stdout-lines RE  compare only the stdout lines matching the\n"
    "                     extended regular expression RE\n"
    "  --stdout-unordered compare stdout lines as multisets (sorted): what\n"
    "                     device printf prints in the threads' order\n"
    "  --no-echo          do not show the commands' stdout\n"
    "  -h, --help         show this help\n"
    "\n"
    "Exit status: 0 the programs match, 1 they diverge, 2 unusable input.\n";

typedef struct vargs {
  cu2cl_validate_options opt;
  side o, p;
  const char *record;
  const char *pos[3];
  int npos;
  int echo;
} vargs;

static int usage_error(const char *fmt, const char *arg) {
  fputs("cu2cl validate: error: ", stderr);
  fprintf(stderr, fmt, arg);
  fputs("\nTry 'cu2cl validate --help'.\n", stderr);
  return 2;
}

static unsigned type_by_name(const char *name, size_t n) {
  for (unsigned t = 1; t < CU2CL_TRACE_ELEM_TYPE_COUNT; t++) {
    const char *tn = cu2cl_trace_elem_type_name(t);
    if (strlen(tn) == n && !strncmp(tn, name, n))
      return t;
  }
  return 0;
}

/* "[TYPE=]X" for --rtol (which 0), --atol (1), --ulp (2). */
static int set_tolerance(cu2cl_validate_options *opt, int which,
                         const char *v) {
  const char *eq = strchr(v, '=');
  unsigned only = eq ? type_by_name(v, (size_t)(eq - v)) : 0;
  if (eq && !value_is_float(only))
    return -1;
  const char *num = eq ? eq + 1 : v;
  char *end;
  double x = strtod(num, &end);
  if (end == num || *end || !(x >= 0) || isinf(x))
    return -1;
  for (unsigned t = 0; t < CU2CL_TRACE_ELEM_TYPE_COUNT; t++) {
    if (!value_is_float(t) || (only && t != only))
      continue;
    if (which == 0)
      opt->rtol[t] = x;
    else if (which == 1)
      opt->atol[t] = x;
    else
      opt->ulp[t] = x >= 1.8e19 ? UINT64_MAX : (uint64_t)x;
  }
  return 0;
}

static const char *value_of(int argc, char **argv, int *i, const char *name) {
  size_t n = strlen(name);
  const char *a = argv[*i];
  if (strncmp(a, name, n))
    return NULL;
  if (a[n] == '=')
    return a + n + 1;
  if (a[n] == 0 && *i + 1 < argc)
    return argv[++*i];
  return NULL;
}

static int parse_count(const char *v, size_t *out) {
  char *end;
  long long n = v ? strtoll(v, &end, 10) : -1;
  if (!v || *end || n < 1)
    return -1;
  *out = (size_t)n;
  return 0;
}

/* "3,7": transfer numbers as the report shows them, appended to list. */
static int parse_indices(size_t *list, size_t *n, const char *v) {
  if (!*v)
    return -1;
  while (*v) {
    char *end;
    if (*v < '0' || *v > '9')
      return -1;
    unsigned long long k = strtoull(v, &end, 10);
    if ((*end && *end != ',') || *n == CU2CL_VALIDATE_MAX_SKIP)
      return -1;
    list[(*n)++] = (size_t)k;
    v = *end ? end + 1 : end;
  }
  return 0;
}

/* One option at argv[*i]; returns -1 to go on, else an exit status. */
static int parse_option(vargs *a, int argc, char **argv, int *i) {
  const char *s = argv[*i], *v;
  static const char *const tols[] = {"--rtol", "--atol", "--ulp"};
  for (int k = 0; k < 3; k++)
    if (!strncmp(s, tols[k], strlen(tols[k])) &&
        (s[strlen(tols[k])] == 0 || s[strlen(tols[k])] == '='))
      return (v = value_of(argc, argv, i, tols[k])) &&
                     !set_tolerance(&a->opt, k, v)
                 ? -1
                 : usage_error("invalid value for %s", tols[k]);
  if ((v = value_of(argc, argv, i, "--original")))
    a->o.cmd = v;
  else if ((v = value_of(argc, argv, i, "--ported")))
    a->p.cmd = v;
  else if ((v = value_of(argc, argv, i, "--save-original")))
    a->o.save = v;
  else if ((v = value_of(argc, argv, i, "--save-ported")))
    a->p.save = v;
  else if ((v = value_of(argc, argv, i, "--original-stdout")))
    a->o.stdout_file = v;
  else if ((v = value_of(argc, argv, i, "--ported-stdout")))
    a->p.stdout_file = v;
  else if ((v = value_of(argc, argv, i, "--record")))
    a->record = v;
  else if ((v = value_of(argc, argv, i, "--unknown-as"))) {
    if (!(a->opt.unknown_as = type_by_name(v, strlen(v))))
      return usage_error("unknown element type '%s' (f32, f64, i32, ...)", v);
  } else if ((v = value_of(argc, argv, i, "--max-report"))) {
    if (parse_count(v, &a->opt.max_report))
      return usage_error("invalid value '%s' for --max-report", v);
  } else if ((v = value_of(argc, argv, i, "--skip"))) {
    if (parse_indices(a->opt.skip, &a->opt.n_skip, v))
      return usage_error("invalid value '%s' for --skip (transfer numbers, "
                         "comma-separated)",
                         v);
  } else if ((v = value_of(argc, argv, i, "--unordered"))) {
    if (parse_indices(a->opt.unordered, &a->opt.n_unordered, v))
      return usage_error("invalid value '%s' for --unordered (transfer "
                         "numbers, comma-separated)",
                         v);
  } else if ((v = value_of(argc, argv, i, "--allow-diff"))) {
    char *end;
    double f = strtod(v, &end);
    if (*end || !(f >= 0 && f <= 1))
      return usage_error("invalid value '%s' for --allow-diff (a fraction "
                         "from 0 to 1)",
                         v);
    a->opt.allow_diff = f;
  } else if ((v = value_of(argc, argv, i, "--table-rows"))) {
    if (parse_count(v, &a->opt.table_rows))
      return usage_error("invalid value '%s' for --table-rows", v);
  } else if (!strcmp(s, "--exact")) {
    memset(a->opt.rtol, 0, sizeof a->opt.rtol);
    memset(a->opt.atol, 0, sizeof a->opt.atol);
    memset(a->opt.ulp, 0, sizeof a->opt.ulp);
  } else if ((v = value_of(argc, argv, i, "--stdout-lines"))) {
    regex_t re;
    if (regcomp(&re, v, REG_EXTENDED | REG_NOSUB))
      return usage_error("invalid regular expression '%s' for "
                         "--stdout-lines",
                         v);
    regfree(&re);
    a->opt.stdout_lines = v;
  } else if (!strcmp(s, "--stdout-unordered")) {
    a->opt.stdout_unordered = 1;
  } else if (!strcmp(s, "--strict-stdout")) {
    a->opt.strict_stdout = 1;
  } else if (!strcmp(s, "--no-echo")) {
    a->echo = 0;
  } else if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
    fputs(usage, stdout);
    return 0;
  } else {
    return usage_error("unknown option or missing value: '%s'", s);
  }
  return -1;
}

static int parse_vargs(vargs *a, int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (argv[i][0] == '-' && argv[i][1]) {
      int rc = parse_option(a, argc, argv, &i);
      if (rc >= 0)
        return rc;
    } else if (a->npos < 3) {
      a->pos[a->npos++] = argv[i];
    } else {
      return usage_error("too many arguments ('%s')", argv[i]);
    }
  }
  if (a->record)
    return a->npos == 1 && !a->o.cmd && !a->p.cmd
               ? -1
               : usage_error("%s", "--record takes one command and no other "
                                   "trace or command");
  side *need[2] = {&a->o, &a->p};
  int k = 0;
  for (int s = 0; s < 2; s++)
    if (!need[s]->cmd && k < a->npos)
      need[s]->trace = a->pos[k++];
  if (k != a->npos || !(a->o.cmd || a->o.trace) || !(a->p.cmd || a->p.trace))
    return usage_error("%s", "give two traces, or --original and --ported "
                             "commands (a trace may stand for either)");
  if ((a->o.stdout_file && a->o.cmd) || (a->p.stdout_file && a->p.cmd))
    return usage_error("%s", "--original-stdout/--ported-stdout go with a "
                             "trace file (a command's stdout is captured)");
  if ((a->o.save && !a->o.cmd) || (a->p.save && !a->p.cmd))
    return usage_error("%s", "--save-original/--save-ported need the "
                             "matching command");
  return -1;
}

int cu2cl_validate_main(int argc, char **argv) {
  vargs a;
  memset(&a, 0, sizeof a);
  cu2cl_validate_options_init(&a.opt);
  a.o.label = "original";
  a.p.label = "ported";
  a.echo = 1;
  int rc = parse_vargs(&a, argc, argv);
  if (rc >= 0)
    return rc;
  if (a.record)
    return runner_record(a.record, a.pos[0]);
  rc = runner_run_and_compare(&a.o, &a.p, &a.opt, a.echo);
  runner_side_free(&a.o);
  runner_side_free(&a.p);
  return rc;
}
