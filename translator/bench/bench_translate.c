/*
 * bench_translate: translation speed, cu2cl against clang -fsyntax-only.
 *
 *   bench_translate [options] [SOURCES... [-- COMPILER_FLAGS]]
 *   bench_translate -p BUILD_DIR|compile_commands.json [SOURCES...] [options]
 *
 * The target (docs/performance.md, "Translation speed"): cu2cl's time per
 * translation unit at most 1.3x `clang -fsyntax-only` on the same unit with
 * the same flags, and `-j N` scaling over files. For every unit this prints
 * the median over --reps runs (after one warm-up) of
 *
 *   parse      libclang index creation + clang_parseTranslationUnit2 with
 *              the arguments and options cu2cl parses that unit with;
 *   translate  cu2cl_translate_tu (parse, analysis, emission and the OpenCL
 *              C check unless --no-cl-check) and writing its outputs into a
 *              temporary out-root, as the driver does for one unit;
 *   clang      the clang++ driver run as a process with -fsyntax-only and
 *              the same arguments (process start-up included);
 *
 * then where the translation time goes (the OpenCL C check timed on its
 * own, a translation without it), and the wall time of the real cu2cl
 * binary translating all the units with -j 1, 2, 4, ... (up to the CPU
 * count). --cpu-time gives the per-unit figures in CPU time, steadier
 * than wall time where other work shares the machine. Without SOURCES it
 * measures the bundled samples with --cuda-path=none (cu2cl's own CUDA
 * headers) and -std=c++17. It is a benchmark, not a test: it prints figures
 * and judges nothing. Exit status 0, 1 when a unit or a step failed (the
 * others are still measured), 2 for bad usage.
 */
#include <clang-c/Index.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <glob.h>
#include <sched.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clcheck.h"
#include "compdb.h"
#include "cu2cl_prelude.h"
#include "diag.h"
#include "flags.h"
#include "translate.h"
#include "util.h"

extern char **environ;

/* The options cu2cl_translate_tu parses with (translate.c). */
#define BENCH_PARSE_OPTIONS                                                    \
  (CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing)

enum { MAX_JOBS = 16 };

typedef struct bench_args {
  const char *db;
  strvec sources;
  strvec flags; /* the COMPILER_FLAGS after "--", as given */
  int has_dashdash;
  const char *cuda_path; /* "none", a toolkit, or NULL: cu2cl's search */
  const char *cu2cl;
  const char *clang;
  int reps;
  int check_cl;
  int scaling;
  int jobs[MAX_JOBS];
  size_t njobs;
} bench_args;

typedef struct unit_result {
  int ok;
  double parse, translate, nocheck, clcheck, clang; /* medians, ms */
  double emit; /* median of (no-check translation - parse), round by round */
  int has_cl;  /* clcheck is valid */
} unit_result;

static const char usage[] =
    "usage: bench_translate [options] [SOURCES... [-- COMPILER_FLAGS]]\n"
    "       bench_translate -p BUILD_DIR|compile_commands.json [SOURCES...] "
    "[options]\n"
    "\n"
    "Times cu2cl per translation unit against `clang++ -fsyntax-only` with "
    "the\n"
    "same arguments, and the cu2cl binary over all units with -j 1, 2, 4, "
    "...\n"
    "Without SOURCES: the bundled samples, -std=c++17, --cuda-path none.\n"
    "\n"
    "Options:\n"
    "  -r, --reps N       runs per measurement, after one warm-up; the "
    "median\n"
    "                     is printed (default: 5)\n"
    "  -p PATH            compilation database, as cu2cl's -p\n"
    "  --cuda-path DIR    as cu2cl's --cuda-path; 'none' (the default) uses\n"
    "                     cu2cl's own CUDA headers, 'auto' cu2cl's search\n"
    "  --no-cl-check      translate without the OpenCL C check, as cu2cl's\n"
    "  --cu2cl PATH       cu2cl binary for the -j runs (default: the one "
    "beside\n"
    "                     this program)\n"
    "  --clang PATH       clang driver for the -fsyntax-only column "
    "(default:\n"
    "                     clang++ of the LLVM whose libclang is linked)\n"
    "  -j LIST            job counts for the scaling runs, e.g. 1,2,4 "
    "(default:\n"
    "                     1, 2, 4, ... up to the CPU count)\n"
    "  --cpu-time         per-unit figures in CPU time (user + system) "
    "instead\n"
    "                     of wall time: steadier on a shared machine\n"
    "  --no-scaling       skip the -j runs\n"
    "  -h, --help         show this help and exit\n"
    "\n"
    "Temporary files go under $TMPDIR (default /tmp) and are removed.\n";

static char *tmp_root; /* removed at exit */

/* Per-unit figures: wall time, or with --cpu-time the CPU time (user +
 * system) of this process, libclang's parsing thread included, and of the
 * clang process; the -j runs are always timed by the wall clock. */
static int cpu_time;

static double wall_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static double now_ms(void) {
  if (!cpu_time)
    return wall_ms();
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static double tv_ms(struct timeval t) {
  return (double)t.tv_sec * 1e3 + (double)t.tv_usec / 1e3;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int rm_entry(const char *path, const struct stat *st, int flag,
                    struct FTW *ftw) {
  if (remove(path))
    fprintf(stderr, "bench_translate: cannot remove %s: %s\n", path,
            strerror(errno));
  return 0;
}

static void rm_tree(const char *dir) {
  if (path_exists(dir))
    nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void cleanup(void) {
  if (tmp_root)
    rm_tree(tmp_root);
  free(tmp_root);
  tmp_root = NULL;
}

/* ---- options ---------------------------------------------------------- */

static int bad_usage(const char *what, const char *arg) {
  fprintf(stderr, "bench_translate: %s '%s'\nTry 'bench_translate --help'.\n",
          what, arg);
  return 2;
}

static int parse_jobs(const char *s, bench_args *a) {
  a->njobs = 0;
  while (*s) {
    char *end;
    long n = strtol(s, &end, 10);
    if (end == s || n < 1 || n > 256 || a->njobs == MAX_JOBS ||
        (*end && *end != ','))
      return -1;
    a->jobs[a->njobs++] = (int)n;
    s = *end ? end + 1 : end;
  }
  return a->njobs ? 0 : -1;
}

/* Returns -1 to go on, else the exit status. */
static int parse_args(int argc, char **argv, bench_args *a) {
  a->reps = 5;
  a->check_cl = 1;
  a->scaling = 1;
  a->cuda_path = "none";
  for (int i = 1; i < argc; i++) {
    const char *s = argv[i];
    const char *next = i + 1 < argc ? argv[i + 1] : NULL;
    if (a->has_dashdash) {
      strvec_push(&a->flags, s);
    } else if (!strcmp(s, "--")) {
      a->has_dashdash = 1;
    } else if (!strcmp(s, "-h") || !strcmp(s, "--help")) {
      fputs(usage, stdout);
      return 0;
    } else if (!strcmp(s, "-r") || !strcmp(s, "--reps")) {
      char *end;
      long n = next ? strtol(next, &end, 10) : 0;
      if (!next || *end || n < 1 || n > 1000)
        return bad_usage("bad value for --reps:", next ? next : "");
      a->reps = (int)n;
      i++;
    } else if (!strcmp(s, "-p") || !strcmp(s, "--cuda-path") ||
               !strcmp(s, "--cu2cl") || !strcmp(s, "--clang")) {
      if (!next)
        return bad_usage("missing value for", s);
      if (!strcmp(s, "-p"))
        a->db = next;
      else if (!strcmp(s, "--cuda-path"))
        a->cuda_path = strcmp(next, "auto") ? next : NULL;
      else if (!strcmp(s, "--cu2cl"))
        a->cu2cl = next;
      else
        a->clang = next;
      i++;
    } else if (!strcmp(s, "-j") || str_starts_with(s, "-j")) {
      const char *v = s[2] ? s + 2 : next;
      if (!v || parse_jobs(v, a))
        return bad_usage("bad value for -j:", v ? v : "");
      i += !s[2];
    } else if (!strcmp(s, "--no-cl-check")) {
      a->check_cl = 0;
    } else if (!strcmp(s, "--cpu-time")) {
      cpu_time = 1;
    } else if (!strcmp(s, "--no-scaling")) {
      a->scaling = 0;
    } else if (s[0] == '-' && s[1]) {
      return bad_usage("unknown option", s);
    } else {
      strvec_push(&a->sources, s);
    }
  }
  if (a->db && a->has_dashdash)
    return bad_usage("-p and '--' do not go together:", a->db);
  return -1;
}

/* The bundled samples, with the flags their builds use. */
static int default_sources(bench_args *a) {
  static const char *const patterns[] = {"basics/*.cu",
                                         "histogram/histogram.cu",
                                         "reduction/reduction.cu",
                                         "fv-euler/fv_euler.cu",
                                         "compaction/compaction.cu",
                                         "jacobi/jacobi.cu",
                                         "jacobi/main.cpp"};
  for (size_t i = 0; i < sizeof patterns / sizeof patterns[0]; i++) {
    char *pat = xasprintf("%s/samples/%s", CU2CL_SOURCE_DIR, patterns[i]);
    glob_t g;
    if (glob(pat, 0, NULL, &g)) {
      fprintf(stderr,
              "bench_translate: the bundled samples are not there (%s); "
              "name the SOURCES to measure\n",
              pat);
      free(pat);
      return -1;
    }
    for (size_t k = 0; k < g.gl_pathc; k++)
      strvec_push(&a->sources, g.gl_pathv[k]);
    globfree(&g);
    free(pat);
  }
  strvec_push(&a->flags, "-std=c++17");
  a->has_dashdash = 1;
  return 0;
}

static int load_commands(const bench_args *a, cu2cl_compile_cmds *cmds) {
  char err[1024] = "";
  int rc = a->db ? cu2cl_compdb_load(a->db, &a->sources, cmds, err, sizeof err)
                 : cu2cl_compdb_from_args(&a->sources, &a->flags, cmds, err,
                                          sizeof err);
  if (rc) {
    fprintf(stderr, "bench_translate: %s\n", err);
    return -1;
  }
  for (size_t i = 0; i < cmds->missing.len; i++)
    fprintf(stderr, "bench_translate: '%s' is not in the database %s\n",
            cmds->missing.items[i], a->db);
  if (cmds->missing.len || !cmds->len) {
    if (!cmds->len)
      fprintf(stderr, "bench_translate: no translation unit to measure\n");
    return -1;
  }
  return 0;
}

static char *common_root(const cu2cl_compile_cmds *cmds) {
  char *root = path_dirname(cmds->items[0].file);
  for (size_t i = 1; i < cmds->len; i++) {
    char *dir = path_dirname(cmds->items[i].file);
    char *c = path_common_dir(root, dir);
    free(root);
    free(dir);
    root = c;
  }
  return root;
}

/* cu2cl's settings (driver.c, setup_cuda) for the given toolkit choice. */
static int setup_options(const bench_args *a, cu2cl_options *o) {
  char err[1024] = "";
  if (cu2cl_cuda_find(a->cuda_path, &o->cuda, err, sizeof err)) {
    fprintf(stderr, "bench_translate: %s\n", err);
    return -1;
  }
  const char *own = getenv("CU2CL_CUDA_INCLUDE");
  o->own_headers =
      own && *own ? own : CU2CL_SOURCE_DIR "/translator/cuda-include";
  o->host_compat =
      own && *own ? xasprintf("%s/cu2cl_host_compat.h", own)
                  : xstrdup(CU2CL_SOURCE_DIR
                            "/translator/cuda-include/cu2cl_host_compat.h");
  o->prelude = cu2cl_prelude_text;
  o->warp_size = 32;
  o->check_cl = a->check_cl;
  return 0;
}

/* The clang++ beside the libclang this program links, else in PATH. */
static char *find_clang(void) {
  char *p = path_absolute(BENCH_LLVM_BINDIR "/clang++", NULL);
  if (access(p, X_OK) == 0)
    return p;
  free(p);
  CXString v = clang_getClangVersion();
  int major = 0;
  const char *s = strstr(clang_getCString(v), "version ");
  if (s)
    major = atoi(s + strlen("version "));
  clang_disposeString(v);
  const char *path = getenv("PATH");
  char *copy = xstrdup(path ? path : "/usr/bin");
  char *found = NULL, *save = NULL;
  for (char *dir = strtok_r(copy, ":", &save); dir && !found;
       dir = strtok_r(NULL, ":", &save)) {
    char *c = xasprintf("%s/clang++-%d", dir, major);
    if (access(c, X_OK) == 0)
      found = c;
    else
      free(c);
  }
  free(copy);
  return found;
}

/* The cu2cl beside this program. */
static char *find_cu2cl(void) {
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0)
    return NULL;
  self[n] = 0;
  char *dir = path_dirname(self);
  char *p = path_join(dir, "cu2cl");
  free(dir);
  if (access(p, X_OK) == 0)
    return p;
  free(p);
  return NULL;
}

static int cpu_count(void) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return CPU_COUNT(&set);
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (int)n : 1;
}

/* ---- one measurement -------------------------------------------------- */

/* The parse cu2cl_translate_tu starts with. Returns the number of errors
 * (*first: the first one's text), -1 when libclang gives no unit. */
static int time_parse(const strvec *args, const char *file, double *ms,
                      char **first) {
  double t0 = now_ms();
  CXIndex idx = clang_createIndex(0, 0);
  CXTranslationUnit tu = NULL;
  enum CXErrorCode rc = clang_parseTranslationUnit2(
      idx, file, (const char *const *)args->items, (int)args->len, NULL, 0,
      BENCH_PARSE_OPTIONS, &tu);
  *ms = now_ms() - t0;
  int errors = rc != CXError_Success || !tu ? -1 : 0;
  unsigned n = tu ? clang_getNumDiagnostics(tu) : 0;
  for (unsigned i = 0; i < n; i++) {
    CXDiagnostic d = clang_getDiagnostic(tu, i);
    if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
      if (!errors && first) {
        CXString s = clang_formatDiagnostic(
            d, CXDiagnostic_DisplaySourceLocation | CXDiagnostic_DisplayColumn);
        *first = xstrdup(clang_getCString(s));
        clang_disposeString(s);
      }
      errors++;
    }
    clang_disposeDiagnostic(d);
  }
  if (tu)
    clang_disposeTranslationUnit(tu);
  clang_disposeIndex(idx);
  return errors;
}

static int write_one(const char *root, const char *rel, const char *text,
                     strbuf *why) {
  char *path = path_join(root, rel);
  int rc = write_file_atomic(path, text, strlen(text));
  if (rc)
    strbuf_printf(why, "cannot write %s: %s\n", path, strerror(errno));
  free(path);
  return rc;
}

/* The error reports of a failed translation, one a line. */
static void error_records(const cu2cl_diag_engine *d, strbuf *why) {
  size_t n = 0, shown = 0;
  const cu2cl_diag_record *r = cu2cl_diag_records(d, &n);
  for (size_t i = 0; i < n && shown < 5; i++) {
    if (cu2cl_diag_info_get(r[i].id)->severity < CU2CL_ERROR)
      continue;
    strbuf_printf(why, "  %s:%u: %s\n", r[i].file ? r[i].file : "cu2cl",
                  r[i].line, r[i].message);
    shown++;
  }
}

/* One unit through cu2cl_translate_tu, outputs written below out_root as
 * the driver writes them. 0, or -1 with the reason in why. cl_text: the
 * emitted OpenCL C when asked for (NULL when the unit has no kernels). */
static int time_translate(const cu2cl_options *o, const cu2cl_compile_cmd *cmd,
                          double *ms, char **cl_text, strbuf *why) {
  cu2cl_diag_engine *d = cu2cl_diag_engine_new(NULL, 0);
  cu2cl_tu_result r;
  double t0 = now_ms();
  int rc = cu2cl_translate_tu(o, cmd, d, &r);
  if (rc == 0 && r.cl_text && write_one(o->out_root, r.cl_rel, r.cl_text, why))
    rc = -1;
  if (rc == 0 && write_one(o->out_root, r.host_rel, r.host_text, why))
    rc = -1;
  for (size_t h = 0; rc == 0 && h < r.header_abs.len; h++)
    if (write_one(o->out_root, r.header_abs.items[h] + strlen(o->in_root) + 1,
                  r.header_text.items[h], why))
      rc = -1;
  *ms = now_ms() - t0;
  if (rc && !why->len) {
    strbuf_append(why, "cu2cl could not translate it:\n");
    error_records(d, why);
  }
  if (cl_text)
    *cl_text = rc == 0 && r.cl_text ? xstrdup(r.cl_text) : NULL;
  cu2cl_tu_result_free(&r);
  cu2cl_diag_engine_delete(d);
  return rc;
}

static double time_clcheck(const char *cl_text, const char *cl_path,
                           const char *cuda_file) {
  cu2cl_diag_engine *d = cu2cl_diag_engine_new(NULL, 0);
  double t0 = now_ms();
  cu2cl_clcheck(cl_text, cl_path, cuda_file, d);
  double ms = now_ms() - t0;
  cu2cl_diag_engine_delete(d);
  return ms;
}

/* Runs argv (stdin /dev/null, stdout and stderr into log) and waits; *ms
 * receives its wall time, or its CPU time when cpu is set. Returns its exit
 * status (128 + signal when killed), -1 when it could not be started (errno
 * set). */
static int run_process(char *const *argv, const char *log, int cpu,
                       double *ms) {
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 1, log, O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_adddup2(&fa, 1, 2);
  pid_t pid;
  double t0 = wall_ms();
  int err = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  if (err) {
    errno = err;
    return -1;
  }
  int st = 0;
  struct rusage ru = {0};
  while (wait4(pid, &st, 0, &ru) < 0 && errno == EINTR)
    ;
  *ms = cpu ? tv_ms(ru.ru_utime) + tv_ms(ru.ru_stime) : wall_ms() - t0;
  return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* The last lines of a process's log, indented, into why. */
static void log_tail(const char *log, strbuf *why) {
  char *text = read_file(log, NULL);
  if (!text || !*text) {
    free(text);
    return;
  }
  size_t len = strlen(text);
  while (len && text[len - 1] == '\n')
    text[--len] = 0;
  const char *p = text + len;
  for (int lines = 0; p > text && lines < 12; p--)
    lines += p[-1] == '\n';
  for (const char *line = p; *line;) {
    const char *nl = strchr(line, '\n');
    size_t n = nl ? (size_t)(nl - line) : strlen(line);
    strbuf_append(why, "  ");
    strbuf_appendn(why, line, n);
    strbuf_appendc(why, '\n');
    line += n + (nl != NULL);
  }
  free(text);
}

static int time_clang(char *const *argv, const char *log, double *ms,
                      strbuf *why) {
  int rc = run_process(argv, log, cpu_time, ms);
  if (rc == 0)
    return 0;
  if (rc < 0)
    strbuf_printf(why, "cannot run %s: %s\n", argv[0], strerror(errno));
  else {
    strbuf_printf(why, "%s -fsyntax-only exited with status %d:\n", argv[0],
                  rc);
    log_tail(log, why);
  }
  return -1;
}

/* ---- per unit ----------------------------------------------------------- */

typedef struct bench {
  bench_args *a;
  cu2cl_options opts; /* check_cl as asked */
  cu2cl_options nocheck;
  char *clang;
  char *log;
} bench;

/* Measures one unit: a warm-up of everything, then reps rounds, the kinds
 * interleaved so that drift on a shared machine spreads over all columns. */
static int measure_unit(bench *b, const cu2cl_compile_cmd *cmd, unit_result *u,
                        strbuf *why) {
  int reps = b->a->reps;
  memset(u, 0, sizeof *u);
  strvec args = {0};
  cu2cl_flags_for_parse(&b->opts.cuda, b->opts.own_headers, b->opts.host_compat,
                        cmd->arch, &cmd->flags, &args);
  strvec argv = {0};
  strvec_push(&argv, b->clang);
  strvec_push(&argv, "-fsyntax-only");
  for (size_t i = 0; i < args.len; i++)
    strvec_push(&argv, args.items[i]);
  strvec_push(&argv, cmd->file); /* strvec keeps a NULL after the last */

  double *t = xcalloc((size_t)reps * 6, sizeof *t);
  double *tp = t, *tt = t + reps, *tn = t + 2 * reps, *tc = t + 3 * reps,
         *tk = t + 4 * reps, *te = t + 5 * reps;
  char *first = NULL, *cl_text = NULL, *cl_path = NULL;
  double ms;
  int rc = -1;
  int perr = time_parse(&args, cmd->file, &ms, &first);
  if (perr) {
    if (perr < 0)
      strbuf_append(why, "libclang could not parse it\n");
    else
      strbuf_printf(why, "%d parse error(s), the first: %s\n", perr, first);
    goto done;
  }
  if (time_translate(&b->opts, cmd, &ms, &cl_text, why) ||
      time_clang(argv.items, b->log, &ms, why))
    goto done;
  if (cl_text) {
    char *stem = cu2cl_output_stem(&b->opts, cmd->file);
    cl_path = xasprintf("%s/%s.cl", b->opts.out_root, stem);
    free(stem);
  }
  for (int r = 0; r < reps; r++) {
    /* The parse next to the translation without the check, so that their
     * difference (analysis and emission) is taken under the same load. */
    time_parse(&args, cmd->file, &tp[r], NULL);
    if (b->opts.check_cl && time_translate(&b->nocheck, cmd, &tn[r], NULL, why))
      goto done;
    if (time_translate(&b->opts, cmd, &tt[r], NULL, why))
      goto done;
    te[r] = (b->opts.check_cl ? tn[r] : tt[r]) - tp[r];
    if (cl_text)
      tc[r] = time_clcheck(cl_text, cl_path, cmd->file);
    if (time_clang(argv.items, b->log, &tk[r], why))
      goto done;
  }
  u->parse = median(tp, reps);
  u->translate = median(tt, reps);
  u->nocheck = b->opts.check_cl ? median(tn, reps) : u->translate;
  u->emit = median(te, reps);
  u->has_cl = cl_text != NULL;
  u->clcheck = cl_text ? median(tc, reps) : 0;
  u->clang = median(tk, reps);
  u->ok = 1;
  rc = 0;
done:
  free(t);
  free(first);
  free(cl_text);
  free(cl_path);
  strvec_free(&args);
  strvec_free(&argv);
  return rc;
}

/* ---- tables ------------------------------------------------------------- */

/* A Markdown table: the first column left-aligned, the others right. */
typedef struct table {
  size_t ncols;
  strvec cells; /* row-major, the header first */
} table;

static void table_add(table *t, char *cell) {
  strvec_push_own(&t->cells, cell);
}

static void table_print(table *t) {
  size_t *w = xcalloc(t->ncols, sizeof *w);
  for (size_t i = 0; i < t->cells.len; i++) {
    size_t n = strlen(t->cells.items[i]);
    if (n > w[i % t->ncols])
      w[i % t->ncols] = n;
  }
  for (size_t i = 0; i < t->cells.len; i++) {
    size_t c = i % t->ncols;
    int width = (int)w[c];
    printf(c ? " %*s |" : "| %-*s |", width, t->cells.items[i]);
    if (c + 1 < t->ncols)
      continue;
    putchar('\n');
    if (i + 1 != t->ncols)
      continue;
    for (size_t k = 0; k < t->ncols; k++) {
      printf(k ? " " : "| ");
      for (size_t d = 0; d < w[k]; d++)
        putchar(d + 1 == w[k] && k ? ':' : '-');
      printf(" |");
    }
    putchar('\n');
  }
  free(w);
  strvec_free(&t->cells);
  fflush(stdout);
}

static char *fmt_ms(double ms) {
  return xasprintf("%.1f", ms);
}
static char *fmt_ratio(double r) {
  return xasprintf("%.2fx", r);
}

static const char *unit_name(const bench *b, const cu2cl_compile_cmd *cmd) {
  size_t n = strlen(b->opts.in_root);
  if (!path_is_under(cmd->file, b->opts.in_root) || !cmd->file[n])
    return cmd->file;
  return cmd->file + n + (b->opts.in_root[n - 1] == '/' ? 0 : 1);
}

static void print_units(bench *b, const cu2cl_compile_cmds *cmds,
                        const unit_result *u) {
  table t = {5, {0}};
  table_add(&t, xstrdup("file"));
  table_add(&t, xstrdup("parse ms"));
  table_add(&t, xstrdup("translate ms"));
  table_add(&t, xstrdup("clang -fsyntax-only ms"));
  table_add(&t, xstrdup("translate / clang"));
  double sp = 0, st = 0, sk = 0;
  for (size_t i = 0; i < cmds->len; i++) {
    table_add(&t, xstrdup(unit_name(b, &cmds->items[i])));
    if (!u[i].ok) {
      for (int k = 0; k < 4; k++)
        table_add(&t, xstrdup("failed"));
      continue;
    }
    table_add(&t, fmt_ms(u[i].parse));
    table_add(&t, fmt_ms(u[i].translate));
    table_add(&t, fmt_ms(u[i].clang));
    table_add(&t, fmt_ratio(u[i].translate / u[i].clang));
    sp += u[i].parse, st += u[i].translate, sk += u[i].clang;
  }
  table_add(&t, xstrdup("total"));
  table_add(&t, fmt_ms(sp));
  table_add(&t, fmt_ms(st));
  table_add(&t, fmt_ms(sk));
  table_add(&t, fmt_ratio(sk > 0 ? st / sk : 0));
  table_print(&t);

  printf("\nWhere the translation time goes (medians, ms; analysis + "
         "emission: the translation without the check less the parse, round "
         "by round; check: cu2cl_clcheck alone):\n\n");
  t = (table){6, {0}};
  table_add(&t, xstrdup("file"));
  table_add(&t, xstrdup("parse"));
  table_add(&t, xstrdup("analysis + emission"));
  table_add(&t, xstrdup("OpenCL C check"));
  table_add(&t, xstrdup("no-check translate"));
  table_add(&t, xstrdup("no-check / clang"));
  double se = 0, sc = 0, sn = 0;
  for (size_t i = 0; i < cmds->len; i++) {
    if (!u[i].ok)
      continue;
    table_add(&t, xstrdup(unit_name(b, &cmds->items[i])));
    table_add(&t, fmt_ms(u[i].parse));
    table_add(&t, fmt_ms(u[i].emit));
    table_add(&t, !b->opts.check_cl ? xstrdup("off")
                  : u[i].has_cl     ? fmt_ms(u[i].clcheck)
                                    : xstrdup("-"));
    table_add(&t, fmt_ms(u[i].nocheck));
    table_add(&t, fmt_ratio(u[i].nocheck / u[i].clang));
    se += u[i].emit;
    sc += b->opts.check_cl && u[i].has_cl ? u[i].clcheck : 0;
    sn += u[i].nocheck;
  }
  table_add(&t, xstrdup("total"));
  table_add(&t, fmt_ms(sp));
  table_add(&t, fmt_ms(se));
  table_add(&t, b->opts.check_cl ? fmt_ms(sc) : xstrdup("off"));
  table_add(&t, fmt_ms(sn));
  table_add(&t, fmt_ratio(sk > 0 ? sn / sk : 0));
  table_print(&t);
}

/* ---- -j scaling --------------------------------------------------------- */

/* cu2cl over every unit with -j jobs into a fresh out-root; its wall time
 * in *ms. cu2cl's exit status 1 (warnings to review) counts as success. */
static int run_cu2cl(bench *b, const char *cu2cl, int jobs, double *ms,
                     strbuf *why) {
  bench_args *a = b->a;
  char *out = xasprintf("%s/j%d", tmp_root, jobs);
  rm_tree(out);
  strvec argv = {0};
  strvec_push(&argv, cu2cl);
  if (a->db) {
    strvec_push(&argv, "-p");
    strvec_push(&argv, a->db);
  }
  for (size_t i = 0; i < a->sources.len; i++)
    strvec_push(&argv, a->sources.items[i]);
  strvec_push(&argv, "--out-root");
  strvec_push(&argv, out);
  strvec_push_own(&argv, xasprintf("-j%d", jobs));
  strvec_push(&argv, "-q");
  if (a->cuda_path) {
    strvec_push(&argv, "--cuda-path");
    strvec_push(&argv, a->cuda_path);
  }
  if (!a->check_cl)
    strvec_push(&argv, "--no-cl-check");
  if (a->has_dashdash) {
    strvec_push(&argv, "--");
    for (size_t i = 0; i < a->flags.len; i++)
      strvec_push(&argv, a->flags.items[i]);
  }
  int rc = run_process(argv.items, b->log, 0, ms);
  if (rc < 0)
    strbuf_printf(why, "cannot run %s: %s\n", cu2cl, strerror(errno));
  else if (rc > 1) {
    strbuf_printf(why, "%s -j%d exited with status %d:\n", cu2cl, jobs, rc);
    log_tail(b->log, why);
  }
  rm_tree(out);
  free(out);
  strvec_free(&argv);
  return rc == 0 || rc == 1 ? 0 : -1;
}

static int scaling(bench *b, size_t nunits) {
  bench_args *a = b->a;
  char *cu2cl = a->cu2cl ? xstrdup(a->cu2cl) : find_cu2cl();
  if (!cu2cl || access(cu2cl, X_OK)) {
    fprintf(stderr,
            "bench_translate: no cu2cl binary %s%s; build the cu2cl target or "
            "pass --cu2cl PATH (the -j runs are skipped)\n",
            cu2cl ? "at " : "beside this program", cu2cl ? cu2cl : "");
    free(cu2cl);
    return -1;
  }
  if (path_is_under(tmp_root, b->opts.in_root)) {
    fprintf(stderr,
            "bench_translate: the temporary out-roots (%s) lie inside the "
            "input tree %s, which cu2cl refuses; set TMPDIR outside it (the "
            "-j runs are skipped)\n",
            tmp_root, b->opts.in_root);
    free(cu2cl);
    return -1;
  }
  int ncpu = cpu_count();
  if (!a->njobs) {
    for (int j = 1; j <= ncpu && a->njobs < MAX_JOBS; j *= 2)
      a->jobs[a->njobs++] = j;
    if (a->jobs[a->njobs - 1] != ncpu && a->njobs < MAX_JOBS)
      a->jobs[a->njobs++] = ncpu;
  }
  printf("\ncu2cl over all %zu units (%s, wall time, median of %d after a "
         "warm-up; %d CPUs):\n\n",
         nunits, cu2cl, a->reps, ncpu);
  fflush(stdout);
  int reps = a->reps, rc = 0;
  double *t = xcalloc(a->njobs * (size_t)reps, sizeof *t), ms;
  strbuf why = {0};
  if (run_cu2cl(b, cu2cl, a->jobs[0], &ms, &why))
    rc = -1;
  for (int r = 0; r < reps && !rc; r++)
    for (size_t j = 0; j < a->njobs && !rc; j++)
      rc = run_cu2cl(b, cu2cl, a->jobs[j], &t[j * (size_t)reps + r], &why);
  if (rc) {
    fprintf(stderr, "bench_translate: %s", strbuf_cstr(&why));
  } else {
    table tb = {4, {0}};
    table_add(&tb, xstrdup("-j"));
    table_add(&tb, xstrdup("wall s"));
    table_add(&tb, xasprintf("speed-up over -j %d", a->jobs[0]));
    table_add(&tb, xstrdup("units / s"));
    double base = 0;
    for (size_t j = 0; j < a->njobs; j++) {
      double m = median(&t[j * (size_t)reps], reps);
      if (j == 0)
        base = m;
      table_add(&tb, xasprintf("%d", a->jobs[j]));
      table_add(&tb, xasprintf("%.2f", m / 1e3));
      table_add(&tb, fmt_ratio(base / m));
      table_add(&tb, xasprintf("%.1f", (double)nunits / (m / 1e3)));
    }
    table_print(&tb);
  }
  strbuf_free(&why);
  free(t);
  free(cu2cl);
  return rc;
}

/* ---- main --------------------------------------------------------------- */

static int make_tmp_root(void) {
  const char *dir = getenv("TMPDIR");
  char *abs = path_absolute(dir && *dir ? dir : "/tmp", NULL);
  char *templ = xasprintf("%s/bench_translate.XXXXXX", abs);
  free(abs);
  if (!mkdtemp(templ)) {
    fprintf(stderr, "bench_translate: cannot create a directory in %s: %s\n",
            dir && *dir ? dir : "/tmp", strerror(errno));
    free(templ);
    return -1;
  }
  tmp_root = templ;
  atexit(cleanup);
  return 0;
}

static void print_setup(const bench *b, const cu2cl_compile_cmds *cmds) {
  const bench_args *a = b->a;
  CXString v = clang_getClangVersion();
  printf("bench_translate: %zu units, median of %d runs after a warm-up\n",
         cmds->len, a->reps);
  printf("  libclang:  %s\n", clang_getCString(v));
  printf("  clang:     %s -fsyntax-only\n", b->clang);
  printf("  CUDA:      %s\n",
         b->opts.cuda.path ? b->opts.cuda.path : "cu2cl's own headers");
  printf("  OpenCL C check: %s\n", a->check_cl ? "on" : "off (--no-cl-check)");
  printf("  per unit:  %s\n",
         cpu_time ? "CPU time, user + system (--cpu-time)" : "wall time");
  if (a->db)
    printf("  flags:     from %s\n", a->db);
  else {
    printf("  flags:    ");
    for (size_t i = 0; i < a->flags.len; i++)
      printf(" %s", a->flags.items[i]);
    printf("%s\n", a->flags.len ? "" : " (none)");
  }
  printf("  input root: %s\n\n", b->opts.in_root);
  clang_disposeString(v);
  fflush(stdout);
}

int main(int argc, char **argv) {
  bench_args a = {0};
  int rc = parse_args(argc, argv, &a);
  if (rc >= 0)
    return rc;
  if (!a.db && !a.sources.len && default_sources(&a))
    return 2;
  bench b = {&a, {0}, {0}, NULL, NULL};
  cu2cl_compile_cmds cmds = {0};
  unit_result *u = NULL;
  int tty = isatty(2);
  rc = 2;
  if (load_commands(&a, &cmds) || setup_options(&a, &b.opts))
    goto out;
  b.opts.in_root = common_root(&cmds);
  if (make_tmp_root())
    goto out;
  b.opts.out_root = path_join(tmp_root, "units");
  b.nocheck = b.opts;
  b.nocheck.check_cl = 0;
  b.log = path_join(tmp_root, "process.log");
  b.clang = a.clang ? xstrdup(a.clang) : find_clang();
  if (!b.clang || access(b.clang, X_OK)) {
    fprintf(stderr,
            "bench_translate: no clang++ driver %s%s; pass --clang PATH\n",
            b.clang ? "at " : "found", b.clang ? b.clang : "");
    goto out;
  }
  print_setup(&b, &cmds);

  rc = 0;
  u = xcalloc(cmds.len, sizeof *u);
  for (size_t i = 0; i < cmds.len; i++) {
    if (tty)
      fprintf(stderr, "\r\033[K[%zu/%zu] %s", i + 1, cmds.len,
              unit_name(&b, &cmds.items[i]));
    strbuf why = {0};
    if (measure_unit(&b, &cmds.items[i], &u[i], &why)) {
      fprintf(stderr, "%sbench_translate: %s: %s", tty ? "\r\033[K" : "",
              cmds.items[i].file, strbuf_cstr(&why));
      rc = 1;
    }
    strbuf_free(&why);
  }
  if (tty)
    fputs("\r\033[K", stderr);
  print_units(&b, &cmds, u);
  if (a.scaling && scaling(&b, cmds.len))
    rc = 1;

out:
  free(u);
  free(b.clang);
  free(b.log);
  free((char *)b.opts.in_root);
  free((char *)b.opts.out_root);
  free((char *)b.opts.host_compat);
  cu2cl_cuda_install_free(&b.opts.cuda);
  cu2cl_compile_cmds_free(&cmds);
  strvec_free(&a.sources);
  strvec_free(&a.flags);
  cleanup();
  return rc;
}
