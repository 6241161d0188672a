/*
 * options: see options.h. The .cu2cl format, one setting a line:
 *
 *     # comment
 *     suppress = CU2CL3007, CU2CL2004
 *     rules = cu2cl-rules.def
 *     warp-size = 32
 *     no-cl-check
 *
 * Keys are long option names without the dashes; a key alone is a switch.
 * Options that name inputs or outputs (-p, sources, --out-root, --in-root,
 * --force) are refused there: a file found by walking up from the sources
 * must not decide what is read or overwritten.
 */
#include "options.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void cu2cl_ux_opts_free(cu2cl_ux_opts *o) {
  strvec_free(&o->suppress);
  strvec_free(&o->rules);
}

const char *cu2cl_opt_value(int argc, char **argv, int *i, const char *name) {
  size_t n = strlen(name);
  if (strncmp(argv[*i], name, n))
    return NULL;
  if (argv[*i][n] == '=')
    return argv[*i] + n + 1;
  if (argv[*i][n] == 0 && *i + 1 < argc)
    return argv[++*i];
  return NULL;
}

int cu2cl_is_opt(const char *a, const char *name) {
  size_t n = strlen(name);
  return !strncmp(a, name, n) && (a[n] == 0 || a[n] == '=');
}

/* Splits "A,B C" into o->suppress; 0 when it named at least one ID. */
static int add_ids(cu2cl_ux_opts *o, const char *list) {
  int any = 0;
  for (const char *p = list; *p;) {
    p += strspn(p, ", \t");
    size_t len = strcspn(p, ", \t");
    if (len) {
      strvec_push_own(&o->suppress, xstrndup(p, len));
      any = 1;
    }
    p += len;
  }
  return any ? 0 : -1;
}

static int switch_option(const char *s, cu2cl_ux_opts *o) {
  if (!strcmp(s, "--summary"))
    o->summary = 1;
  else if (!strcmp(s, "--progress"))
    o->progress = 1;
  else if (!strcmp(s, "--no-progress"))
    o->progress = 0;
  else if (!strcmp(s, "--no-config"))
    o->no_config = 1;
  else
    return 0;
  return 1;
}

int cu2cl_ux_option(int argc, char **argv, int *i, cu2cl_ux_opts *o,
                    const char **opt, const char **val) {
  const char *s = argv[*i], *v;
  *opt = s;
  *val = "";
  if (switch_option(s, o))
    return 1;
  if (cu2cl_is_opt(s, "--suppress")) {
    *opt = "--suppress";
    v = cu2cl_opt_value(argc, argv, i, "--suppress");
    *val = v ? v : "";
    return v && !add_ids(o, v) ? 1 : -1;
  }
  if (cu2cl_is_opt(s, "--rules")) {
    *opt = "--rules";
    v = cu2cl_opt_value(argc, argv, i, "--rules");
    if (!v || !*v)
      return -1;
    strvec_push(&o->rules, v);
    return 1;
  }
  if (cu2cl_is_opt(s, "--color") || cu2cl_is_opt(s, "--colour")) {
    *opt = "--color";
    v = strchr(s, '=') ? strchr(s, '=') + 1 : "always";
    *val = v;
    if (!strcmp(v, "auto"))
      o->color = CU2CL_COLOR_AUTO;
    else if (!strcmp(v, "always"))
      o->color = CU2CL_COLOR_ALWAYS;
    else if (!strcmp(v, "never"))
      o->color = CU2CL_COLOR_NEVER;
    else
      return -1;
    return 1;
  }
  return 0;
}

/* NO_COLOR (no-color.org): set and not empty turns colour off; TERM=dumb
 * means a terminal without escape sequences. --color=always wins. */
int cu2cl_ux_use_color(const cu2cl_ux_opts *o, int fd) {
  if (o->color != CU2CL_COLOR_AUTO)
    return o->color == CU2CL_COLOR_ALWAYS;
  const char *no = getenv("NO_COLOR"), *term = getenv("TERM");
  if (no && *no)
    return 0;
  if (term && !strcmp(term, "dumb"))
    return 0;
  return isatty(fd);
}

char *cu2cl_config_find(const char *dir) {
  char *d = path_absolute(dir, NULL);
  for (;;) {
    char *f = path_join(d, ".cu2cl");
    if (access(f, R_OK) == 0) {
      free(d);
      return f;
    }
    free(f);
    if (!strcmp(d, "/")) {
      free(d);
      return NULL;
    }
    char *up = path_dirname(d);
    free(d);
    d = up;
  }
}

static const char *const refused_keys[] = {
    "p", "out-root", "o", "in-root", "force", "config", "no-config", NULL};

/* Strips blanks at both ends in place. */
static char *trim(char *s) {
  while (isspace((unsigned char)*s))
    s++;
  size_t n = strlen(s);
  while (n && isspace((unsigned char)s[n - 1]))
    s[--n] = 0;
  return s;
}

/* One "key = value" line as an option; 0, or -1 with the problem in err. */
static int config_line(char *line, const char *dir, strvec *out, char *err,
                       size_t n) {
  char *eq = strchr(line, '=');
  if (eq)
    *eq = 0;
  char *key = trim(line), *value = eq ? trim(eq + 1) : NULL;
  if (!*key || key[0] == '-' ||
      strspn(key, "abcdefghijklmnopqrstuvwxyz-") != strlen(key)) {
    snprintf(err, n, "'%s' is not a setting (write key = value)", key);
    return -1;
  }
  for (const char *const *r = refused_keys; *r; r++)
    if (!strcmp(key, *r)) {
      snprintf(err, n, "'%s' belongs on the command line", key);
      return -1;
    }
  if (!value) {
    strvec_push_own(out, xasprintf("--%s", key));
  } else if (!strcmp(key, "rules") && value[0] != '/') {
    char *path = path_join(dir, value);
    strvec_push_own(out, xasprintf("--rules=%s", path));
    free(path);
  } else {
    strvec_push_own(out, xasprintf("--%s=%s", key, value));
  }
  return 0;
}

int cu2cl_config_read(const char *path, strvec *out, char *err, size_t n) {
  size_t len;
  char *text = read_file(path, &len);
  if (!text) {
    snprintf(err, n, "cannot read it");
    return -1;
  }
  char *dir = path_dirname(path);
  int rc = 0;
  unsigned lineno = 0;
  for (char *p = text; *p && !rc;) {
    size_t l = strcspn(p, "\n");
    char *line = xstrndup(p, l);
    lineno++;
    char *hash = strchr(line, '#');
    if (hash)
      *hash = 0;
    char problem[512];
    if (*trim(line) && config_line(line, dir, out, problem, sizeof problem)) {
      snprintf(err, n, "line %u: %s", lineno, problem);
      rc = -1;
    }
    free(line);
    p += l + (p[l] == '\n');
  }
  free(dir);
  free(text);
  return rc;
}

const char cu2cl_usage_text[] =
    "usage: cu2cl -p BUILD_DIR|compile_commands.json [SOURCES...] "
    "--out-root DIR [options]\n"
    "       cu2cl SOURCES... [--out-root DIR] [options] -- COMPILER_FLAGS\n"
    "       cu2cl validate ...  (compare a port with the original; "
    "'cu2cl validate\n"
    "                           --help', docs/validation.md)\n"
    "       cu2cl scan [PATH...]  (a build-free survey of a CUDA code base "
    "before\n"
    "                           porting; 'cu2cl scan --help', "
    "docs/scan.md)\n"
    "\n"
    "Translates CUDA sources into OpenCL C kernels (.cl) and host C++ that\n"
    "calls the cu2clrt runtime, and writes a CMake project into the "
    "out-root.\n"
    "\n"
    "Options:\n"
    "  -p PATH            compilation database: a build directory holding\n"
    "                     compile_commands.json, or the JSON file itself\n"
    "  -o, --out-root DIR where to write the translation (default: "
    "./cu2cl-out,\n"
    "                     or DIR-cu2cl beside the input root DIR when that\n"
    "                     holds the current directory); it mirrors the tree\n"
    "                     below the input root\n"
    "  --in-root DIR      root of the input tree (default: the common "
    "ancestor\n"
    "                     of the inputs and the project headers they "
    "include);\n"
    "                     files outside it are skipped\n"
    "  --force            write into a non-empty out-root that cu2cl did not "
    "make;\n"
    "                     in one it made, translate every file again (a "
    "re-run\n"
    "                     otherwise translates only what changed)\n"
    "  -j N               translate N files at a time (default: 1)\n"
    "  --cuda-path DIR    CUDA toolkit whose headers to parse with; "
    "'none' uses\n"
    "                     cu2cl's own CUDA headers (default: a toolkit found "
    "in\n"
    "                     $CUDA_PATH, $CUDA_HOME, /usr/local/cuda, "
    "/opt/cuda,\n"
    "                     else cu2cl's own headers)\n"
    "  --report FILE      write the findings as SARIF 2.1.0 (FILE.sarif) or "
    "JSON\n"
    "                     (any other name); may be repeated\n"
    "  --warp-size N      warp size the CUDA source assumes (default: 32)\n"
    "  --no-cl-check      do not compile the emitted OpenCL C with libclang\n"
    "  --no-host-check    do not parse the translated host C++ with libclang\n"
    "                     (exit 0 or 1 then no longer proves the port "
    "builds)\n"
    "  -q, --quiet        print only diagnostics, no summary\n"
    "  --suppress ID[,ID] do not report these diagnostics (warnings, remarks,\n"
    "                     notes; errors cannot be suppressed); also inline:\n"
    "                     // cu2cl: ignore(ID[, ID])\n"
    "  --rules FILE       add or override mapping rules (rules/README.md);\n"
    "                     may be repeated\n"
    "  --color[=WHEN]     colour diagnostics: auto (default: on a terminal,\n"
    "                     unless NO_COLOR is set or TERM=dumb), always, never\n"
    "  --progress         show progress also when stderr is not a terminal\n"
    "  --no-progress      never show progress\n"
    "  --summary          print a status table per file at the end\n"
    "  --no-config        ignore .cu2cl configuration files\n"
    "  --explain [ID]     explain a diagnostic (e.g. CU2CL2101), or list the\n"
    "                     IDs, and exit\n"
    "  --list-diagnostics list the diagnostics catalog and exit\n"
    "  -h, --help         show this help and exit\n"
    "  --version          show the version and exit\n"
    "\n"
    "Exit status: 0 translated with nothing to review, 1 translated with "
    "warnings\n"
    "to review, 2 errors (a file or construct was not translated, or bad "
    "input).\n"
    "Diagnostics are explained in docs/diagnostics.md and by --explain.\n"
    "A .cu2cl file in the sources' directory or above holds default options\n"
    "(docs/usage.md). Environment: CU2CL_CUDA_INCLUDE (cu2cl's own CUDA\n"
    "headers), CU2CL_RUNTIME_INCLUDE_DIR and CU2CL_RUNTIME_LIBRARY (cu2clrt\n"
    "for the checks and the generated project), NO_COLOR, TERM.\n";
