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
#include "install.h"
#include "manifest.h"
#include "options.h"
#include "progress.h"
#include "project.h"
#include "report.h"
#include "rules.h"
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
  cu2cl_ux_opts ux; /* options.h */
} args;

static cu2cl_diag_engine *diags;

static int usage_error(cu2cl_diag_id id, const char *a, const char *b) {
  if (b)
    cu2cl_diag_report(diags, id, NULL, 0, 0, a, b);
  else
    cu2cl_diag_report(diags, id, NULL, 0, 0, a);
  fputs("Try 'cu2cl --help'.\n", stderr);
  return 2;
}

/* Returns -1 to continue, else the exit status. */
/* --help, --version, --list-diagnostics, --explain ID: answered at once;
 * 1 when argv[*i] is one of them, *rc the status to return. */
static int info_option(int argc, char **argv, int *i, int *rc) {
  const char *s = argv[*i], *v;
  *rc = 0;
  if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
    fputs(cu2cl_usage_text, stdout);
  } else if (!strcmp(s, "--version")) {
    printf("cu2cl %s (libclang: ", CU2CL_VERSION);
    CXString ver = clang_getClangVersion();
    printf("%s)\n", clang_getCString(ver));
    clang_disposeString(ver);
    cu2cl_install_describe(stdout);
  } else if (!strcmp(s, "--list-diagnostics")) {
    cu2cl_diag_list(stdout);
  } else if (!strcmp(s, "--explain") &&
             (*i + 1 >= argc || argv[*i + 1][0] == '-')) {
    fputs("cu2cl --explain ID explains one of these diagnostics:\n", stdout);
    cu2cl_diag_list(stdout);
  } else if ((v = cu2cl_opt_value(argc, argv, i, "--explain"))) {
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

static void args_init(args *a) {
  a->jobs = 1;
  a->warp_size = 32;
  a->ux.progress = -1;
}

static void args_free(args *a) {
  strvec_free(&a->sources);
  strvec_free(&a->flags);
  strvec_free(&a->reports);
  cu2cl_ux_opts_free(&a->ux);
}

/* Reads argv[1..argc) into a: -1 to go on, else the exit status. */
static int parse_list(int argc, char **argv, args *a) {
  int rc;
  for (int i = 1; i < argc; i++) {
    const char *s = argv[i], *v, *o;
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
    } else if (cu2cl_is_opt(s, "--out-root") || cu2cl_is_opt(s, "-o")) {
      if (!(v = cu2cl_opt_value(argc, argv, &i,
                                s[1] == 'o' ? "-o" : "--out-root")))
        return usage_error(CU2CL_D_BAD_OPTION_VALUE, "", "--out-root");
      a->out_root = v;
    } else if (cu2cl_is_opt(s, "--in-root")) {
      if (!(v = cu2cl_opt_value(argc, argv, &i, "--in-root")))
        return usage_error(CU2CL_D_BAD_OPTION_VALUE, "", "--in-root");
      a->in_root = v;
    } else if (cu2cl_is_opt(s, "--cuda-path")) {
      if (!(v = cu2cl_opt_value(argc, argv, &i, "--cuda-path")))
        return usage_error(CU2CL_D_BAD_OPTION_VALUE, "", "--cuda-path");
      a->cuda_path = v;
    } else if (cu2cl_is_opt(s, "--report")) {
      if (!(v = cu2cl_opt_value(argc, argv, &i, "--report")))
        return usage_error(CU2CL_D_BAD_OPTION_VALUE, "", "--report");
      strvec_push(&a->reports, v);
    } else if (cu2cl_is_opt(s, "--warp-size")) {
      v = cu2cl_opt_value(argc, argv, &i, "--warp-size");
      char *end;
      long n = v ? strtol(v, &end, 10) : 0;
      if (!v || *end || (n != 32 && n != 64 && n != 16 && n != 8))
        return usage_error(CU2CL_D_BAD_OPTION_VALUE, v ? v : "", "--warp-size");
      a->warp_size = (int)n;
    } else if (cu2cl_is_opt(s, "--jobs") || str_starts_with(s, "-j")) {
      v = s[1] == '-' ? cu2cl_opt_value(argc, argv, &i, "--jobs")
          : s[2]      ? s + 2
                      : (i + 1 < argc ? argv[++i] : NULL);
      char *end;
      long n = v ? strtol(v, &end, 10) : 0;
      if (!v || *end || n < 1 || n > 256)
        return usage_error(CU2CL_D_BAD_OPTION_VALUE, v ? v : "", "-j");
      a->jobs = (int)n;
    } else if ((rc = cu2cl_ux_option(argc, argv, &i, &a->ux, &o, &v))) {
      if (rc < 0)
        return usage_error(CU2CL_D_BAD_OPTION_VALUE, v, o);
      cu2cl_diag_set_color(diags, cu2cl_ux_use_color(&a->ux, 2));
    } else if (switch_option(s, a)) {
      continue;
    } else if (s[0] == '-' && s[1]) {
      return usage_error(CU2CL_D_UNKNOWN_OPTION, s, NULL);
    } else {
      strvec_push(&a->sources, s);
    }
  }
  return -1;
}

static int parse_args(int argc, char **argv, args *a) {
  args_init(a);
  int rc = parse_list(argc, argv, a);
  if (rc < 0 && !a->db && !a->sources.len)
    return usage_error(CU2CL_D_NO_INPUTS, "", NULL);
  return rc;
}

/* The .cu2cl file above the sources: its options first, then the command
 * line's again, so that the command line wins. */
static int apply_config(const char *start, int argc, char **argv, args *a) {
  char *cfg = a->ux.no_config ? NULL : cu2cl_config_find(start);
  if (!cfg)
    return 0;
  strvec t = {0};
  strvec_push(&t, "cu2cl");
  char err[512];
  args b = {0};
  args_init(&b);
  int rc = cu2cl_config_read(cfg, &t, err, sizeof err);
  if (rc)
    cu2cl_diag_report(diags, CU2CL_D_BAD_CONFIG_FILE, cfg, 0, 0, cfg, err);
  else if (parse_list((int)t.len, t.items, &b) >= 0 ||
           parse_list(argc, argv, &b) >= 0)
    rc = -1;
  strvec_free(&t);
  free(cfg);
  args_free(rc ? &b : a);
  if (!rc)
    *a = b;
  return rc;
}

/* Suppressions and rule files, once the options are final. */
static int apply_ux(args *a) {
  cu2cl_diag_set_color(diags, cu2cl_ux_use_color(&a->ux, 2));
  for (size_t i = 0; i < a->ux.suppress.len; i++) {
    const cu2cl_diag_info *info = cu2cl_diag_info_find(a->ux.suppress.items[i]);
    if (!info)
      return usage_error(CU2CL_D_BAD_OPTION_VALUE, a->ux.suppress.items[i],
                         "--suppress");
    cu2cl_diag_suppress(diags, (cu2cl_diag_id)(info - cu2cl_diag_info_get(0)));
  }
  for (size_t i = 0; i < a->ux.rules.len; i++) {
    char err[512];
    if (cu2cl_rules_load(a->ux.rules.items[i], err, sizeof err)) {
      cu2cl_diag_report(diags, CU2CL_D_BAD_RULES_FILE, NULL, 0, 0,
                        a->ux.rules.items[i], err);
      return 2;
    }
  }
  if (!a->db && !a->has_dashdash && !a->quiet)
    fputs("cu2cl: note: no compilation database (-p) and no '--': "
          "parsing with no extra flags\n",
          stderr);
  return -1;
}

/* ---- the run -------------------------------------------------------- */

typedef struct run {
  args *a;
  cu2cl_options opts;
  cu2cl_compile_cmds cmds;
  cu2cl_tu_result *results;
  int *status; /* per command: 0 ok, -1 failed, 1 skipped, 2 up to date,
                 3 to translate */
  char **keys; /* per command: its manifest key */
  size_t next;
  pthread_mutex_t lock;
  strvec claimed;     /* user headers already being rewritten */
  cu2cl_manifest old; /* the out-root's manifest (manifest.h), or empty */
  int has_manifest;
  int root_moved; /* the input root differs from the manifest's */
  size_t up_to_date, old_warnings; /* units skipped, warnings they had */
  cu2cl_progress *progress;
  int argc;
  char **argv;
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
    if (r->status[i] != 3)
      continue;
    if (!path_is_under(c->file, r->opts.in_root)) {
      cu2cl_diag_report(diags, CU2CL_D_SOURCE_OUTSIDE_IN_ROOT, NULL, 0, 0,
                        c->file, r->opts.in_root);
      r->status[i] = 1;
      continue;
    }
    cu2cl_progress_step(r->progress, "translating",
                        c->file + strlen(r->opts.in_root) +
                            (strcmp(r->opts.in_root, "/") != 0));
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
  for (size_t i = 0; i < cmds->probes.len; i++)
    cu2cl_diag_report(diags, CU2CL_D_BUILD_PROBE_SKIPPED, NULL, 0, 0,
                      cmds->probes.items[i]);
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

/* An out-root written by cu2cl: its manifest, and its input root as the
 * default one when it holds this run's sources (a run on a subset of the
 * database keeps the paths of the whole). */
static void adopt_manifest(run *r, char **in, const char *out) {
  r->has_manifest = cu2cl_manifest_load(out, &r->old) == 0;
  if (r->has_manifest && !r->a->in_root && path_is_under(*in, r->old.in_root)) {
    free(*in);
    *in = xstrdup(r->old.in_root);
  }
}

/* ./cu2cl-out, unless that lies in the input tree (cu2cl run inside the
 * source folder): then IN-cu2cl beside the input root, with a note. */
static char *default_out_root(const char *in) {
  char *out = path_absolute("cu2cl-out", NULL);
  if (!path_is_under(out, in) || !strcmp(in, "/"))
    return out;
  free(out);
  out = xasprintf("%s-cu2cl", in);
  cu2cl_diag_report(diags, CU2CL_D_DEFAULT_OUT_ROOT_MOVED, NULL, 0, 0, out, in);
  return out;
}

static int check_roots(run *r) {
  args *a = r->a;
  char *in =
      a->in_root ? path_absolute(a->in_root, NULL) : common_root(&r->cmds);
  char *out =
      a->out_root ? path_absolute(a->out_root, NULL) : default_out_root(in);
  adopt_manifest(r, &in, out);
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
  if (path_exists(out) && !a->force && !r->has_manifest && !dir_is_empty(out)) {
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
  r->opts.own_headers = cu2cl_own_cuda_include();
  r->opts.host_compat =
      xasprintf("%s/cu2cl_host_compat.h", cu2cl_own_cuda_include());
  int asked_none = r->a->cuda_path && !strcmp(r->a->cuda_path, "none");
  if (!r->opts.cuda.path && !r->a->quiet && !asked_none)
    cu2cl_diag_report(diags, CU2CL_D_CUDA_NOT_FOUND, NULL, 0, 0);
  r->opts.prelude = cu2cl_prelude_text;
  r->opts.warp_size = r->a->warp_size;
  r->opts.check_cl = !r->a->no_cl_check;
  r->opts.check_host = !r->a->no_host_check;
  return 0;
}

/* Leaves a file that already holds text as it is (its mtime too), so that
 * the port's build only redoes what changed. */
static int write_out(const char *root, const char *rel, const char *text) {
  char *path = path_join(root, rel);
  int written;
  int rc = write_file_if_changed(path, text, strlen(text), &written);
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
  r->root_moved = 1;
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
  strvec_push(&args, "-Wno-register"); /* as for the parse (flags.c) */
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

/* The units of the manifest that this run did not translate: up to date,
 * or not among its sources (a run on part of the database keeps the rest,
 * unless their input root is no longer this run's; a run on the whole
 * database drops the units it no longer lists). */
static void keep_units(run *r, cu2cl_manifest *m) {
  int whole = r->a->db && !r->a->sources.len;
  int same_root = !strcmp(r->old.in_root ? r->old.in_root : "", m->in_root);
  size_t dropped = 0;
  for (size_t i = 0; i < r->old.nunits; i++) {
    const cu2cl_manifest_unit *u = &r->old.units[i];
    size_t c = 0;
    while (c < r->cmds.len && strcmp(r->cmds.items[c].file, u->source))
      c++;
    if (c < r->cmds.len ? r->status[c] == 2
                        : !whole && same_root && path_exists(u->source))
      cu2cl_manifest_add_copy(m, u);
    else if (c == r->cmds.len && !whole)
      dropped++;
  }
  if (dropped && !r->a->quiet)
    fprintf(stderr,
            "cu2cl: note: %zu unit(s) of the earlier runs left out of the "
            "project (their source or input root changed)\n",
            dropped);
}

static int write_results(run *r, size_t *translated, size_t *failed) {
  cu2cl_manifest m = {0};
  m.in_root = xstrdup(r->opts.in_root);
  for (size_t i = 0; i < r->cmds.len; i++) {
    cu2cl_tu_result *t = &r->results[i];
    if (r->status[i] == 1 || r->status[i] == 2)
      continue;
    if (r->status[i] || !t->translated || write_unit(r->opts.out_root, t)) {
      (*failed)++;
      continue;
    }
    (*translated)++;
    for (size_t h = 0; h < t->header_abs.len; h++)
      write_out(r->opts.out_root,
                t->header_abs.items[h] + strlen(r->opts.in_root) + 1,
                t->header_text.items[h]);
    cu2cl_manifest_unit *u = cu2cl_manifest_add(&m, r->cmds.items[i].file);
    cu2cl_manifest_record(u, &r->opts, &r->cmds.items[i], t, r->keys[i], diags);
  }
  keep_units(r, &m);
  cu2cl_manifest_order_like(&m, &r->old);
  cu2cl_project p = {r->opts.in_root, r->opts.out_root, NULL, 0, {0}, {0}, -1, 0};
  cu2cl_manifest_project(&m, r->opts.out_root, &p);
  int rc = 0;
  char *bad = NULL;
  if (p.nunits && cu2cl_project_write(&p, &bad)) {
    rc = -1;
  } else if (cu2cl_manifest_save(r->opts.out_root, &m)) {
    bad = path_join(r->opts.out_root, CU2CL_MANIFEST_NAME);
    rc = -1;
  } else if (p.nunits && r->opts.check_host) {
    check_results(r, &p);
  }
  if (rc) {
    cu2cl_diag_report(diags, CU2CL_D_CANNOT_WRITE, NULL, 0, 0, bad,
                      strerror(errno));
    free(bad);
  }
  free(p.units);
  strvec_free(&p.include_dirs);
  strvec_free(&p.defines);
  cu2cl_manifest_free(&m);
  return rc;
}

/* Marks the units the manifest shows up to date (status 2), unless
 * --force asks for all. */
static void plan_units(run *r) {
  r->status = xcalloc(r->cmds.len + 1, sizeof *r->status);
  r->keys = xcalloc(r->cmds.len + 1, sizeof *r->keys);
  for (size_t i = 0; i < r->cmds.len; i++) {
    r->keys[i] = cu2cl_manifest_key(&r->opts, &r->cmds.items[i]);
    const cu2cl_manifest_unit *u =
        cu2cl_manifest_find(&r->old, r->cmds.items[i].file);
    if (!r->a->force && u &&
        cu2cl_manifest_up_to_date(u, r->keys[i], r->opts.out_root)) {
      r->status[i] = 2;
      r->up_to_date++;
      r->old_warnings += cu2cl_manifest_warnings(u, diags);
    } else {
      r->status[i] = 3;
    }
  }
}

static void translate_all(run *r) {
  if (!r->results)
    r->results = xcalloc(r->cmds.len + 1, sizeof *r->results);
  r->next = 0;
  r->opts.units = r->cmds.items; /* separately compiled device functions */
  r->opts.nunits = r->cmds.len;
  if (!r->opts.index)
    r->opts.index = cu2cl_unit_index_new();
  int tty = isatty(2), p = r->a->ux.progress;
  r->progress = cu2cl_progress_new(stderr, p < 0 ? tty && !r->a->quiet : p, tty,
                                   r->cmds.len);
  cu2cl_diag_set_print_hook(diags, cu2cl_progress_clear, r->progress);
  int n = r->a->jobs < (int)r->cmds.len ? r->a->jobs : (int)r->cmds.len;
  pthread_t *th = xcalloc((size_t)n + 1, sizeof *th);
  for (int i = 1; i < n; i++)
    pthread_create(&th[i], NULL, worker, r);
  worker(r);
  for (int i = 1; i < n; i++)
    pthread_join(th[i], NULL);
  free(th);
  cu2cl_diag_set_print_hook(diags, NULL, NULL);
  cu2cl_progress_delete(r->progress);
  r->progress = NULL;
}

/* The input root moved past the manifest's (a new header outside it): the
 * units skipped as up to date have their outputs at the old paths, so they
 * are translated too. Returns 1 when there were such units. */
static int translate_skipped(run *r) {
  if (!r->up_to_date)
    return 0;
  for (size_t i = 0; i < r->cmds.len; i++)
    if (r->status[i] == 2)
      r->status[i] = 3;
  r->up_to_date = r->old_warnings = 0;
  translate_all(r);
  return 1;
}

/* The per-file table of --summary (progress.h). */
static void print_file_table(run *r) {
  cu2cl_file_row *rows = xcalloc(r->cmds.len + 1, sizeof *rows);
  for (size_t i = 0; i < r->cmds.len; i++) {
    const cu2cl_tu_result *t = &r->results[i];
    rows[i].file = r->cmds.items[i].file;
    if (path_is_under(rows[i].file, r->opts.in_root) &&
        strcmp(rows[i].file, r->opts.in_root))
      rows[i].name = rows[i].file + strlen(r->opts.in_root) +
                     (strcmp(r->opts.in_root, "/") != 0);
    rows[i].status = r->status[i] == 1                ? "skipped"
                     : r->status[i] == 2              ? "up to date"
                     : r->status[i] || !t->translated ? "failed"
                     : t->errors                      ? "incomplete"
                                                      : "translated";
    rows[i].kernels = t->stats.kernels;
  }
  cu2cl_progress_table(stderr, rows, r->cmds.len, diags);
  free(rows);
}

/* The reports, knowing the exit status; 0, or -1 when one was not
 * written. Their files are named relative to the working directory when
 * the input root lies in it (cu2cl run from the root of a checkout, as
 * code scanning wants paths from the repository's root), else to the
 * input root. */
static int write_reports(run *r, int rc, const cu2cl_stats *stats) {
  char cwd[4096];
  char *db = r->a->db ? path_absolute(r->a->db, NULL) : NULL;
  const char *wd = getcwd(cwd, sizeof cwd);
  /* the build's address of the docs, else those beside this cu2cl */
  char *docs = *CU2CL_DOCS_URL ? xstrdup(CU2CL_DOCS_URL)
                               : cu2cl_report_file_uri(cu2cl_docs_dir());
  cu2cl_report_run info = {
      CU2CL_VERSION,
      wd && r->opts.in_root && path_is_under(r->opts.in_root, wd)
          ? wd
          : r->opts.in_root,
      docs,
      wd,
      r->argc,
      r->argv,
      rc,
      db            ? db
      : r->cmds.len ? r->cmds.items[0].file
                    : NULL,
      stats};
  int failed = 0;
  for (size_t i = 0; i < r->a->reports.len; i++) {
    if (cu2cl_report_write_run(diags, r->a->reports.items[i], &info)) {
      cu2cl_diag_report(diags, CU2CL_D_CANNOT_WRITE, NULL, 0, 0,
                        r->a->reports.items[i], strerror(errno));
      failed = -1;
    }
  }
  free(db);
  free(docs);
  return failed;
}

static int exit_status(const run *r, size_t failed) {
  if (cu2cl_diag_count(diags, CU2CL_ERROR) || failed)
    return 2;
  return cu2cl_diag_count(diags, CU2CL_WARNING) || r->old_warnings ? 1 : 0;
}

static int finish(run *r, size_t translated, size_t failed) {
  cu2cl_stats stats = {0};
  for (size_t i = 0; r->results && i < r->cmds.len; i++)
    cu2cl_stats_add(&stats, &r->results[i].stats);
  int rc = exit_status(r, failed);
  if (write_reports(r, rc, &stats))
    rc = 2;
  if (r->a->ux.summary && r->results)
    print_file_table(r);
  if (!r->a->quiet && r->results) {
    fprintf(stderr, "cu2cl: %zu file(s) translated, %zu failed", translated,
            failed);
    if (r->up_to_date)
      fprintf(stderr, ", %zu up to date", r->up_to_date);
    if (r->old_warnings)
      fprintf(stderr, " (with %zu warning(s) reported earlier)",
              r->old_warnings);
    fprintf(stderr, "; output in %s\n", r->opts.out_root);
    cu2cl_stats_print(&stats, stderr);
    cu2cl_diag_print_summary(diags, stderr);
  }
  return rc;
}

int cu2cl_main(int argc, char **argv) {
  cu2cl_ux_opts auto_color = {0};
  diags = cu2cl_diag_engine_new(stderr, cu2cl_ux_use_color(&auto_color, 2));
  args a = {0};
  run r = {0};
  r.a = &a;
  r.opts.claim_header = claim_header;
  r.opts.claim_ctx = &r;
  pthread_mutex_init(&r.lock, NULL);
  r.argc = argc;
  r.argv = argv;
  int rc = parse_args(argc, argv, &a);
  if (rc < 0 && !load_commands(&a, &r.cmds)) {
    char *start = a.in_root ? xstrdup(a.in_root) : common_root(&r.cmds);
    rc = apply_config(start, argc, argv, &a) ? 2 : apply_ux(&a);
    free(start);
  } else if (rc < 0) {
    rc = 2;
    write_reports(&r, rc, NULL);
  }
  if (rc < 0) {
    rc = 2;
    if (!check_roots(&r) && !setup_cuda(&r)) {
      size_t translated = 0, failed = 0;
      plan_units(&r);
      translate_all(&r);
      int bad = widen_in_root(&r);
      if (!bad && r.root_moved && translate_skipped(&r))
        bad = widen_in_root(&r);
      if (!bad)
        write_results(&r, &translated, &failed);
      rc = finish(&r, translated, failed);
    } else {
      write_reports(&r, rc, NULL);
    }
  }
  for (size_t i = 0; r.results && i < r.cmds.len; i++)
    cu2cl_tu_result_free(&r.results[i]);
  free(r.results);
  free(r.status);
  for (size_t i = 0; r.keys && i < r.cmds.len; i++)
    free(r.keys[i]);
  free(r.keys);
  cu2cl_manifest_free(&r.old);
  cu2cl_unit_index_free(r.opts.index);
  free((char *)r.opts.in_root);
  free((char *)r.opts.out_root);
  free((char *)r.opts.host_compat);
  cu2cl_cuda_install_free(&r.opts.cuda);
  cu2cl_compile_cmds_free(&r.cmds);
  args_free(&a);
  cu2cl_rules_unload();
  strvec_free(&r.claimed);
  pthread_mutex_destroy(&r.lock);
  cu2cl_diag_engine_delete(diags);
  return rc;
}
