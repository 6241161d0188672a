/*
 * driver: command-line parsing and the translation run; see driver.h.
 */
#include "driver.h"

#include <clang-c/Index.h>
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compdb.h"
#include "cu2cl_prelude.h"
#include "diag.h"
#include "hostcheck.h"
#include "project.h"
#include "report.h"
#include "translate.h"

typedef struct args {
  const char *db;
  strvec sources;
  strvec flags;
  int has_dashdash;
  const char *out_root;
  const char *in_root;
  const char *cuda_path;
  strvec reports;
  int jobs;
  int force;
  int quiet;
  int warp_size;
  int no_cl_check;
  int no_host_check;
} args;

static const char usage[] =
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
    "  --out-root DIR     where to write the translation (default: "
    "./cu2cl-out);\n"
    "                     it mirrors the tree below the input root\n"
    "  --in-root DIR      root of the input tree (default: the common "
    "ancestor\n"
    "                     of the inputs and the project headers they "
    "include);\n"
    "                     files outside it are skipped\n"
    "  --force            write into an existing non-empty out-root\n"
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
    "  --explain ID       explain a diagnostic (e.g. CU2CL2101) and exit\n"
    "  --list-diagnostics list the diagnostics catalog and exit\n"
    "  -h, --help         show this help and exit\n"
    "  --version          show the version and exit\n"
    "\n"
    "Exit status: 0 translated with nothing to review, 1 translated with "
    "warnings\n"
    "to review, 2 errors (a file or construct was not translated, or bad "
    "input).\n"
    "Diagnostics are explained in docs/diagnostics.md and by --explain.\n";

static cu2cl_diag_engine *diags;

static int usage_error(cu2cl_diag_id id, const char *a, const char *b) {
  if (b)
    cu2cl_diag_report(diags, id, NULL, 0, 0, a, b);
  else
    cu2cl_diag_report(diags, id, NULL, 0, 0, a);
  fputs("Try 'cu2cl --help'.\n", stderr);
  return 2;
}

/* Value of "--opt=V" or "--opt V"; advances *i for the separate form. */
static const char *opt_value(int argc, char **argv, int *i, const char *name) {
  size_t n = strlen(name);
  if (strncmp(argv[*i], name, n))
    return NULL;
  if (argv[*i][n] == '=')
    return argv[*i] + n + 1;
  if (argv[*i][n] == 0 && *i + 1 < argc)
    return argv[++*i];
  return NULL;
}

static int is_opt(const char *a, const char *name) {
  size_t n = strlen(name);
  return !strncmp(a, name, n) && (a[n] == 0 || a[n] == '=');
}

/* Returns -1 to continue, else the exit status. */
/* --help, --version, --list-diagnostics, --explain ID: answered at once;
 * 1 when argv[*i] is one of them, *rc the status to return. */
static int info_option(int argc, char **argv, int *i, int *rc) {
  const char *s = argv[*i], *v;
  *rc = 0;
  if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
    fputs(usage, stdout);
  } else if (!strcmp(s, "--version")) {
    printf("cu2cl %s (libclang: ", CU2CL_VERSION);
    CXString ver = clang_getClangVersion();
    printf("%s)\n", clang_getCString(ver));
    clang_disposeString(ver);
  } else if (!strcmp(s, "--list-diagnostics")) {
    cu2cl_diag_list(stdout);
  } else if ((v = opt_value(argc, argv, i, "--explain"))) {
    const cu2cl_diag_info *info = cu2cl_diag_info_find(v);
    if (!info)
      *rc = usage_error(CU2CL_D_BAD_OPTION_VALUE, v, "--explain");
    else
      cu2cl_diag_explain(info, stdout);
  } else {
    return 0;
  }
  return 1;
}

/* Options without a value; 1 when s is one. */
static int switch_option(const char *s, args *a) {
  if (!strcmp(s, "--force"))
    a->force = 1;
  else if (!strcmp(s, "-q") || !strcmp(s, "--quiet"))
    a->quiet = 1;
  else if (!strcmp(s, "--no-cl-check"))
    a->no_cl_check = 1;
  else if (!strcmp(s, "--no-host-check"))
    a->no_host_check = 1;
  else
    return 0;
  return 1;
}

static int parse_args(int argc, char **argv, args *a) {
  int rc;
  a->jobs = 1;
  a->warp_size = 32;
  for (int i = 1; i < argc; i++) {
    const char *s = argv[i], *v;
    if (a->has_dashdash) {
      strvec_push(&a->flags, s);
    } else if (!strcmp(s, "--")) {
      a->has_dashdash = 1;
    } else if (info_option(argc, argv, &i, &rc)) {
      return rc;
    } else if (!strcmp(s, "-p") || str_starts_with(s, "-p=") ||
               (str_starts_with(s, "-p") && s[2] != 0 && s[2] != '-')) {
      if (!strcmp(s, "-p")) {
        if (i + 1 >= argc)
          return usage_error(CU2CL_D_BAD_OPTION_VALUE, "", "-p");
        a->db = argv[++i];
      } else {
        a->db = s + (s[2] == '=' ? 3 : 2);
      }
    } else if (is_opt(s, "--out-root") || is_opt(s, "-o")) {
      if (!(v = opt_value(argc, argv, &i, s[1] == 'o' ? "-o" : "--out-root")))
        return usage_error(CU2CL_D_BAD_OPTION_VALUE, "", "--out-root");
      a->out_root = v;
    } else if (is_opt(s, "--in-root")) {
      if (!(v = opt_value(argc, argv, &i, "--in-root")))
        return usage_error(CU2CL_D_BAD_OPTION_VALUE, "", "--in-root");
      a->in_root = v;
    } else if (is_opt(s, "--cuda-path")) {
      if (!(v = opt_value(argc, argv, &i, "--cuda-path")))
        return usage_error(CU2CL_D_BAD_OPTION_VALUE, "", "--cuda-path");
      a->cuda_path = v;
    } else if (is_opt(s, "--report")) {
      if (!(v = opt_value(argc, argv, &i, "--report")))
        return usage_error(CU2CL_D_BAD_OPTION_VALUE, "", "--report");
      strvec_push(&a->reports, v);
    } else if (is_opt(s, "--warp-size")) {
      v = opt_value(argc, argv, &i, "--warp-size");
      char *end;
      long n = v ? strtol(v, &end, 10) : 0;
      if (!v || *end || (n != 32 && n != 64 && n != 16 && n != 8))
        return usage_error(CU2CL_D_BAD_OPTION_VALUE, v ? v : "", "--warp-size");
      a->warp_size = (int)n;
    } else if (!strcmp(s, "-j") || str_starts_with(s, "-j")) {
      v = s[2] ? s + 2 : (i + 1 < argc ? argv[++i] : NULL);
      char *end;
      long n = v ? strtol(v, &end, 10) : 0;
      if (!v || *end || n < 1 || n > 256)
        return usage_error(CU2CL_D_BAD_OPTION_VALUE, v ? v : "", "-j");
      a->jobs = (int)n;
    } else if (switch_option(s, a)) {
      continue;
    } else if (s[0] == '-' && s[1]) {
      return usage_error(CU2CL_D_UNKNOWN_OPTION, s, NULL);
    } else {
      strvec_push(&a->sources, s);
    }
  }
  if (!a->db && !a->sources.len)
    return usage_error(CU2CL_D_NO_INPUTS, "", NULL);
  if (!a->db && !a->has_dashdash) {
    fputs("cu2cl: note: no compilation database (-p) and no '--': "
          "parsing with no extra flags\n",
          stderr);
  }
  return -1;
}

/* ---- the run -------------------------------------------------------- */

typedef struct run {
  args *a;
  cu2cl_options opts;
  cu2cl_compile_cmds cmds;
  cu2cl_tu_result *results;
  int *status; /* per command: 0 ok, -1 failed, 1 skipped */
  size_t next;
  pthread_mutex_t lock;
  strvec claimed; /* user headers already being rewritten */
} run;

static void *worker(void *p) {
  run *r = p;
  for (;;) {
    pthread_mutex_lock(&r->lock);
    size_t i = r->next++;
    pthread_mutex_unlock(&r->lock);
    if (i >= r->cmds.len)
      return NULL;
    const cu2cl_compile_cmd *c = &r->cmds.items[i];
    if (!path_is_under(c->file, r->opts.in_root)) {
      cu2cl_diag_report(diags, CU2CL_D_SOURCE_OUTSIDE_IN_ROOT, NULL, 0, 0,
                        c->file, r->opts.in_root);
      r->status[i] = 1;
      continue;
    }
    r->status[i] = cu2cl_translate_tu(&r->opts, c, diags, &r->results[i]);
  }
}

static int dir_is_empty(const char *dir) {
  DIR *d = opendir(dir);
  if (!d)
    return 1;
  struct dirent *e;
  int empty = 1;
  while (empty && (e = readdir(d)))
    empty = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");
  closedir(d);
  return empty;
}

static char *common_root(const cu2cl_compile_cmds *cmds) {
  char *root = NULL;
  for (size_t i = 0; i < cmds->len; i++) {
    char *dir = path_dirname(cmds->items[i].file);
    if (!root) {
      root = dir;
      continue;
    }
    char *c = path_common_dir(root, dir);
    free(root);
    free(dir);
    root = c;
  }
  return root ? root : xstrdup("/");
}

/* compdb's messages name the JSON file it read ("cannot load compilation
 * database 'FILE': REASON"); the catalog row says the same, so the message
 * is split into its parts rather than repeated. */
static void report_database_error(const char *db, const char *err) {
  static const char prefix[] = "cannot load compilation database '";
  const char *end = str_starts_with(err, prefix)
                        ? strstr(err + sizeof prefix - 1, "': ")
                        : NULL;
  if (!end) {
    cu2cl_diag_report(diags, CU2CL_D_BAD_DATABASE, NULL, 0, 0, db, err);
    return;
  }
  char *file = xstrndup(err + sizeof prefix - 1,
                        (size_t)(end - err - (sizeof prefix - 1)));
  cu2cl_diag_report(diags, CU2CL_D_BAD_DATABASE, NULL, 0, 0, file, end + 3);
  free(file);
}

/* Sources named on the command line that cannot be read are reported and
 * left out; the others still translate. */
static void drop_unreadable(strvec *sources) {
  size_t out = 0;
  for (size_t i = 0; i < sources->len; i++) {
    if (access(sources->items[i], R_OK) == 0) {
      sources->items[out++] = sources->items[i];
      continue;
    }
    cu2cl_diag_report(diags, CU2CL_D_CANNOT_READ_FILE, NULL, 0, 0,
                      sources->items[i], strerror(errno));
    free(sources->items[i]);
  }
  sources->len = out;
  if (sources->items)
    sources->items[out] = NULL;
}

static int load_commands(args *a, cu2cl_compile_cmds *cmds) {
  char err[1024] = "";
  if (!a->db) {
    size_t asked = a->sources.len;
    drop_unreadable(&a->sources);
    if (!a->sources.len && asked)
      return -1;
  }
  int rc = a->db ? cu2cl_compdb_load(a->db, &a->sources, cmds, err, sizeof err)
                 : cu2cl_compdb_from_args(&a->sources, &a->flags, cmds, err,
                                          sizeof err);
  if (rc) {
    report_database_error(a->db ? a->db : "command line", err);
    return -1;
  }
  for (size_t i = 0; i < cmds->missing.len; i++)
    cu2cl_diag_report(diags, CU2CL_D_FILE_NOT_IN_DATABASE, NULL, 0, 0,
                      cmds->missing.items[i]);
  if (!cmds->len) {
    if (!cmds->missing.len)
      cu2cl_diag_report(diags, CU2CL_D_NO_INPUTS, NULL, 0, 0, "");
    return -1;
  }
  return 0;
}

/* The path with symbolic links resolved: realpath of its nearest existing
 * ancestor, followed by the components that do not exist yet. */
static char *resolved_path(const char *abs) {
  char *p = xstrdup(abs);
  strbuf rest = {0};
  for (;;) {
    char *real = realpath(p, NULL);
    if (real) {
      char *r =
          xasprintf("%s%s", strcmp(real, "/") ? real : "", strbuf_cstr(&rest));
      free(real);
      free(p);
      strbuf_free(&rest);
      return *r ? r : (free(r), xstrdup("/"));
    }
    char *slash = strrchr(p, '/');
    if (!slash || slash == p) {
      free(p);
      strbuf_free(&rest);
      return xstrdup(abs);
    }
    char *tail = xasprintf("%s%s", slash, strbuf_cstr(&rest));
    strbuf_reset(&rest);
    strbuf_append(&rest, tail);
    free(tail);
    *slash = 0;
  }
}

static int check_roots(run *r) {
  args *a = r->a;
  char *in =
      a->in_root ? path_absolute(a->in_root, NULL) : common_root(&r->cmds);
  char *out = path_absolute(a->out_root ? a->out_root : "cu2cl-out", NULL);
  r->opts.in_root = in;
  r->opts.in_root_default = !a->in_root;
  r->opts.out_root = out;
  /* The trees must not overlap, also through symbolic links: outputs
   * mirror the input tree below the out-root. */
  char *rin = resolved_path(in), *rout = resolved_path(out);
  int overlap = path_is_under(rout, rin) || path_is_under(rin, rout);
  free(rin);
  free(rout);
  if (overlap || path_is_under(out, in) || path_is_under(in, out)) {
    cu2cl_diag_report(diags, CU2CL_D_OUT_ROOT_IN_INPUT, NULL, 0, 0, out, in);
    return -1;
  }
  if (path_exists(out) && !a->force && !dir_is_empty(out)) {
    cu2cl_diag_report(diags, CU2CL_D_OUT_ROOT_NOT_EMPTY, NULL, 0, 0, out);
    return -1;
  }
  if (mkdir_p(out)) {
    cu2cl_diag_report(diags, CU2CL_D_CANNOT_WRITE, NULL, 0, 0, out,
                      strerror(errno));
    return -1;
  }
  char *probe = path_join(out, ".cu2cl-write-test");
  int ok = write_file_atomic(probe, "", 0) == 0;
  int e = errno;
  unlink(probe);
  free(probe);
  if (!ok) {
    cu2cl_diag_report(diags, CU2CL_D_CANNOT_WRITE, NULL, 0, 0, out,
                      strerror(e));
    return -1;
  }
  return 0;
}

static int setup_cuda(run *r) {
  char err[1024] = "";
  if (cu2cl_cuda_find(r->a->cuda_path, &r->opts.cuda, err, sizeof err)) {
    cu2cl_diag_report(diags, CU2CL_D_BAD_CUDA_PATH, NULL, 0, 0, r->a->cuda_path,
                      err);
    return -1;
  }
  const char *own = getenv("CU2CL_CUDA_INCLUDE");
  r->opts.own_headers =
      own && *own ? own : CU2CL_SOURCE_DIR "/translator/cuda-include";
  r->opts.host_compat =
      CU2CL_SOURCE_DIR "/translator/cuda-include/cu2cl_host_compat.h";
  if (own && *own)
    r->opts.host_compat = xasprintf("%s/cu2cl_host_compat.h", own);
  int asked_none = r->a->cuda_path && !strcmp(r->a->cuda_path, "none");
  if (!r->opts.cuda.path && !r->a->quiet && !asked_none)
    cu2cl_diag_report(diags, CU2CL_D_CUDA_NOT_FOUND, NULL, 0, 0);
  r->opts.prelude = cu2cl_prelude_text;
  r->opts.warp_size = r->a->warp_size;
  r->opts.check_cl = !r->a->no_cl_check;
  r->opts.check_host = !r->a->no_host_check;
  return 0;
}

static int write_out(const char *root, const char *rel, const char *text) {
  char *path = path_join(root, rel);
  int rc = write_file_atomic(path, text, strlen(text));
  if (rc)
    cu2cl_diag_report(diags, CU2CL_D_CANNOT_WRITE, NULL, 0, 0, path,
                      strerror(errno));
  free(path);
  return rc;
}

/* Writes the .cl and the host file of one unit, both or neither. */
static int write_unit(const char *root, const cu2cl_tu_result *t) {
  if (t->cl_text && write_out(root, t->cl_rel, t->cl_text))
    return -1;
  if (write_out(root, t->host_rel, t->host_text)) {
    if (t->cl_text) {
      char *cl = path_join(root, t->cl_rel);
      unlink(cl);
      free(cl);
    }
    return -1;
  }
  return 0;
}

/* Each user header is rewritten by the first translation unit that
 * includes it. */
static int claim_header(void *ctx, const char *path) {
  run *r = ctx;
  pthread_mutex_lock(&r->lock);
  int mine = !strvec_contains(&r->claimed, path);
  if (mine)
    strvec_push(&r->claimed, path);
  pthread_mutex_unlock(&r->lock);
  return mine;
}

static void collect_build_flags(run *r, cu2cl_project *p) {
  for (size_t i = 0; i < r->cmds.len; i++) {
    strvec *f = &r->cmds.items[i].flags;
    for (size_t j = 0; j < f->len; j++) {
      const char *s = f->items[j];
      const char *v = NULL;
      int inc = str_starts_with(s, "-I") || str_starts_with(s, "-isystem");
      int def = str_starts_with(s, "-D");
      if (!inc && !def)
        continue;
      size_t skip = str_starts_with(s, "-isystem") ? 8 : 2;
      v = s[skip] ? s + skip : (j + 1 < f->len ? f->items[++j] : NULL);
      if (!v)
        continue;
      if (def) {
        if (!strvec_contains(&p->defines, v))
          strvec_push(&p->defines, v);
        continue;
      }
      char *dir = path_is_under(v, r->opts.in_root)
                      ? path_join(r->opts.out_root,
                                  v[strlen(r->opts.in_root)]
                                      ? v + strlen(r->opts.in_root) + 1
                                      : ".")
                      : xstrdup(v);
      if (!strvec_contains(&p->include_dirs, dir))
        strvec_push(&p->include_dirs, dir);
      free(dir);
    }
  }
}

/* "dir/x" -> "prefix/dir/x"; frees the old path. */
static void prefix_path(char **rel, const char *prefix) {
  if (!*rel || !*prefix)
    return;
  char *p = xasprintf("%s/%s", prefix, *rel);
  free(*rel);
  *rel = p;
}

/* The default input root is the common ancestor of the sources and of the
 * project headers they include (cuda-samples' ../../../Common): known only
 * once the units are parsed, so they were translated against the sources'
 * ancestor and their output paths get the difference as a prefix here. */
static int widen_in_root(run *r) {
  if (!r->opts.in_root_default)
    return 0;
  char *root = xstrdup(r->opts.in_root);
  for (size_t i = 0; i < r->cmds.len; i++) {
    const strvec *h = &r->results[i].header_abs;
    for (size_t j = 0; j < h->len; j++) {
      char *dir = path_dirname(h->items[j]);
      char *c = path_common_dir(root, dir);
      free(dir);
      free(root);
      root = c;
    }
  }
  if (!strcmp(root, r->opts.in_root)) {
    free(root);
    return 0;
  }
  const char *prefix =
      r->opts.in_root + strlen(root) + (strcmp(root, "/") != 0);
  for (size_t i = 0; i < r->cmds.len; i++) {
    prefix_path(&r->results[i].host_rel, prefix);
    prefix_path(&r->results[i].cl_rel, prefix);
  }
  free((char *)r->opts.in_root);
  r->opts.in_root = root;
  if (path_is_under(r->opts.out_root, root)) {
    cu2cl_diag_report(diags, CU2CL_D_OUT_ROOT_IN_INPUT, NULL, 0, 0,
                      r->opts.out_root, root);
    return -1;
  }
  return 0;
}

/* ---- the host check (hostcheck.h) ---------------------------------- */

typedef struct check_run {
  run *r;
  cu2cl_hostcheck hc;
  size_t *unit_file;      /* per command: its host file in hc.files, or -1 */
  const cu2cl_project *p; /* for the units' program symbols */
  size_t next;
} check_run;

static void *check_worker(void *arg) {
  check_run *c = arg;
  for (;;) {
    pthread_mutex_lock(&c->r->lock);
    size_t i = c->next++;
    pthread_mutex_unlock(&c->r->lock);
    if (i >= c->r->cmds.len)
      return NULL;
    cu2cl_tu_result *t = &c->r->results[i];
    if (c->unit_file[i] == (size_t)-1)
      continue;
    t->errors += cu2cl_hostcheck_unit(&c->hc, c->unit_file[i], t->cl_header,
                                      t->cl_symbol, diags);
  }
}

/* The translated files of the run (hostcheck.h), their paths in paths. */
static cu2cl_hostcheck_file *check_files(run *r, strvec *paths, size_t *n,
                                         size_t *unit_file) {
  cu2cl_hostcheck_file *f = NULL;
  size_t cap = 0;
  for (size_t i = 0; i < r->cmds.len; i++) {
    cu2cl_tu_result *t = &r->results[i];
    unit_file[i] = (size_t)-1;
    if (r->status[i] || !t->translated)
      continue;
    size_t first = *n, count = 1 + t->header_abs.len;
    if (*n + count > cap) {
      cap = 2 * (*n + count);
      f = xrealloc(f, cap * sizeof *f);
    }
    strvec_push_own(paths, path_join(r->opts.out_root, t->host_rel));
    f[(*n)++] =
        (cu2cl_hostcheck_file){NULL, r->cmds.items[i].file, t->host_lines};
    for (size_t h = 0; h < t->header_abs.len; h++) {
      const char *abs = t->header_abs.items[h];
      strvec_push_own(paths, path_join(r->opts.out_root,
                                       abs + strlen(r->opts.in_root) + 1));
      f[(*n)++] = (cu2cl_hostcheck_file){NULL, abs, t->header_lines[h]};
    }
    /* with constructs already reported as not translated, the check would
     * only repeat them */
    if (!t->errors)
      unit_file[i] = first;
  }
  for (size_t i = 0; i < *n; i++)
    f[i].out_path = paths->items[i];
  return f;
}

/* Parses every translated host file that has no errors yet as C++, with
 * the flags the out-root's project gives it, on -j threads. */
static void check_results(run *r, const cu2cl_project *p) {
  strvec args = {0}, paths = {0};
  strvec_push(&args, "-x");
  strvec_push(&args, "c++");
  strvec_push(&args, "-std=c++17");
  strvec_push_own(&args, xasprintf("-I%s", cu2cl_runtime_include_dir()));
  for (size_t i = 0; i < p->include_dirs.len; i++)
    strvec_push_own(&args, xasprintf("-I%s", p->include_dirs.items[i]));
  for (size_t i = 0; i < p->defines.len; i++)
    strvec_push_own(&args, xasprintf("-D%s", p->defines.items[i]));
  check_run c = {r, {NULL, NULL, 0}, NULL, p, 0};
  c.unit_file = xcalloc(r->cmds.len + 1, sizeof *c.unit_file);
  cu2cl_hostcheck_file *files =
      check_files(r, &paths, &c.hc.nfiles, c.unit_file);
  c.hc.files = files;
  size_t units = 0;
  for (size_t i = 0; i < r->cmds.len; i++)
    units += c.unit_file[i] != (size_t)-1;
  /* a precompiled header pays from the second unit on */
  char *pch_dir = NULL, *pch = NULL;
  if (units > 1)
    pch = cu2cl_hostcheck_pch((const char *const *)args.items, &pch_dir);
  if (pch) {
    strvec_push(&args, "-include-pch");
    strvec_push(&args, pch);
  }
  c.hc.args = (const char *const *)args.items;
  int n = r->a->jobs < (int)r->cmds.len ? r->a->jobs : (int)r->cmds.len;
  pthread_t *th = xcalloc((size_t)n + 1, sizeof *th);
  for (int i = 1; i < n; i++)
    pthread_create(&th[i], NULL, check_worker, &c);
  check_worker(&c);
  for (int i = 1; i < n; i++)
    pthread_join(th[i], NULL);
  free(th);
  free(files);
  free(c.unit_file);
  strvec_free(&paths);
  strvec_free(&args);
  cu2cl_hostcheck_pch_remove(pch, pch_dir);
}

static int write_results(run *r, size_t *translated, size_t *failed) {
  cu2cl_project p = {r->opts.in_root, r->opts.out_root, NULL, 0, {0}, {0}, 0};
  for (size_t i = 0; i < r->cmds.len; i++)
    p.optimized |= r->cmds.items[i].intent.opt_level > 0;
  p.units = xcalloc(r->cmds.len + 1, sizeof *p.units);
  for (size_t i = 0; i < r->cmds.len; i++) {
    cu2cl_tu_result *t = &r->results[i];
    if (r->status[i] == 1)
      continue;
    if (r->status[i] || !t->translated) {
      (*failed)++;
      continue;
    }
    if (write_unit(r->opts.out_root, t)) {
      (*failed)++;
      continue;
    }
    (*translated)++;
    cu2cl_project_unit *u = &p.units[p.nunits++];
    u->host_rel = t->host_rel;
    u->cl_rel = t->cl_rel;
    u->cl_symbol = t->cl_symbol;
    u->has_main = t->has_main;
    for (size_t h = 0; h < t->header_abs.len; h++)
      write_out(r->opts.out_root,
                t->header_abs.items[h] + strlen(r->opts.in_root) + 1,
                t->header_text.items[h]);
  }
  collect_build_flags(r, &p);
  int rc = 0;
  if (p.nunits) {
    char *bad = NULL;
    if (cu2cl_project_write(&p, &bad)) {
      cu2cl_diag_report(diags, CU2CL_D_CANNOT_WRITE, NULL, 0, 0, bad,
                        strerror(errno));
      free(bad);
      rc = -1;
    } else if (r->opts.check_host) {
      check_results(r, &p);
    }
  }
  free(p.units);
  strvec_free(&p.include_dirs);
  strvec_free(&p.defines);
  return rc;
}

static void translate_all(run *r) {
  r->results = xcalloc(r->cmds.len + 1, sizeof *r->results);
  r->status = xcalloc(r->cmds.len + 1, sizeof *r->status);
  int n = r->a->jobs < (int)r->cmds.len ? r->a->jobs : (int)r->cmds.len;
  pthread_t *th = xcalloc((size_t)n + 1, sizeof *th);
  for (int i = 1; i < n; i++)
    pthread_create(&th[i], NULL, worker, r);
  worker(r);
  for (int i = 1; i < n; i++)
    pthread_join(th[i], NULL);
  free(th);
}

static int finish(run *r, size_t translated, size_t failed) {
  for (size_t i = 0; i < r->a->reports.len; i++) {
    if (cu2cl_report_write(diags, r->a->reports.items[i], CU2CL_VERSION))
      cu2cl_diag_report(diags, CU2CL_D_CANNOT_WRITE, NULL, 0, 0,
                        r->a->reports.items[i], strerror(errno));
  }
  if (!r->a->quiet) {
    fprintf(stderr, "cu2cl: %zu file(s) translated, %zu failed; output in %s\n",
            translated, failed, r->opts.out_root);
    cu2cl_diag_print_summary(diags, stderr);
  }
  if (cu2cl_diag_count(diags, CU2CL_ERROR) || failed)
    return 2;
  return cu2cl_diag_count(diags, CU2CL_WARNING) ? 1 : 0;
}

int cu2cl_main(int argc, char **argv) {
  diags = cu2cl_diag_engine_new(stderr, isatty(2));
  args a = {0};
  run r = {0};
  r.a = &a;
  r.opts.claim_header = claim_header;
  r.opts.claim_ctx = &r;
  pthread_mutex_init(&r.lock, NULL);
  int rc = parse_args(argc, argv, &a);
  if (rc < 0) {
    rc = 2;
    if (!load_commands(&a, &r.cmds) && !check_roots(&r) && !setup_cuda(&r)) {
      size_t translated = 0, failed = 0;
      translate_all(&r);
      if (!widen_in_root(&r))
        write_results(&r, &translated, &failed);
      rc = finish(&r, translated, failed);
    } else {
      for (size_t i = 0; i < a.reports.len; i++)
        cu2cl_report_write(diags, a.reports.items[i], CU2CL_VERSION);
    }
  }
  for (size_t i = 0; r.results && i < r.cmds.len; i++)
    cu2cl_tu_result_free(&r.results[i]);
  free(r.results);
  free(r.status);
  free((char *)r.opts.in_root);
  free((char *)r.opts.out_root);
  cu2cl_cuda_install_free(&r.opts.cuda);
  cu2cl_compile_cmds_free(&r.cmds);
  strvec_free(&a.sources);
  strvec_free(&a.flags);
  strvec_free(&a.reports);
  strvec_free(&r.claimed);
  pthread_mutex_destroy(&r.lock);
  cu2cl_diag_engine_delete(diags);
  return rc;
}
