/*
 * scan_main: the `cu2cl scan` command line (scan.h). Files are scanned on
 * -j threads, each with its own parser, taking the next file from a shared
 * counter; the cross-file decisions (scan_xref) come after the last one.
 * Progress goes to stderr when it is a terminal and the tree is large.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include <unistd.h>

#include "scan.h"
#include "scan_files.h"
#include "scan_parse.h"
#include "scan_report.h"

typedef struct scan_opts {
  strvec paths;
  strvec reports;
  const char *format; /* "text" or "csv" */
  int all, jobs, summary_only, verbose;
} scan_opts;

static void usage(FILE *out) {
  fputs(
      "usage: cu2cl scan [options] [PATH...]\n"
      "\n"
      "Looks at a CUDA code base without building it: finds the files that\n"
      "use CUDA below each PATH (default: .), skipping .gitignored paths and\n"
      "build directories, and reports kernels, launches, CUDA API calls and\n"
      "device built-ins (each classified by cu2cl's rules tables), the\n"
      "diagnostics cu2cl would raise that show in the syntax, and an effort\n"
      "estimate. Macros are not expanded. docs/scan.md has the details.\n"
      "\n"
      "  --report FILE    also write FILE: .sarif is SARIF 2.1.0, anything\n"
      "                   else cu2cl scan's JSON (may be repeated)\n"
      "  --format=FORMAT  text (default: summary and per-file table) or csv\n"
      "                   (the per-file table, for spreadsheets)\n"
      "  --summary        text without the per-file table\n"
      "  -v, --verbose    also list every kernel and device function\n"
      "  --all            also read .gitignored paths and build directories\n"
      "  -j N             scan on N threads (default: the number of CPUs)\n"
      "  -h, --help       this text\n",
      out);
}

static int bad_option(const char *what) {
  fprintf(stderr, "cu2cl scan: %s (see cu2cl scan --help)\n", what);
  return 2;
}

/* 0, 1 for --help, or 2 for a bad command line. */
static int parse_args(int argc, char **argv, scan_opts *o) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help"))
      return 1;
    if (!strcmp(a, "--report") && i + 1 < argc)
      strvec_push(&o->reports, argv[++i]);
    else if (str_starts_with(a, "--report="))
      strvec_push(&o->reports, a + 9);
    else if (!strcmp(a, "--format=text") || !strcmp(a, "--format=csv"))
      o->format = a + 9;
    else if (!strcmp(a, "--summary"))
      o->summary_only = 1;
    else if (!strcmp(a, "-v") || !strcmp(a, "--verbose"))
      o->verbose = 1;
    else if (!strcmp(a, "--all"))
      o->all = 1;
    else if (!strcmp(a, "-j") && i + 1 < argc && atoi(argv[i + 1]) > 0)
      o->jobs = atoi(argv[++i]);
    else if (a[0] == '-' && a[1])
      return bad_option(a);
    else
      strvec_push(&o->paths, a);
  }
  if (!o->paths.len)
    strvec_push(&o->paths, ".");
  return 0;
}

typedef struct scan_run {
  const scan_found *found;
  scan_file *files;
  scan_xref *x;
  atomic_size_t next, done;
  int progress;
} scan_run;

static void *worker(void *arg) {
  scan_run *r = arg;
  scan_parser *p = scan_parser_new();
  size_t n = r->found->path.len;
  for (size_t i; (i = atomic_fetch_add(&r->next, 1)) < n;) {
    scan_parse_file(p, r->found->path.items[i], r->found->display.items[i], i,
                    r->x, &r->files[i]);
    size_t d = atomic_fetch_add(&r->done, 1) + 1;
    if (r->progress && (d % 64 == 0 || d == n))
      fprintf(stderr, "\rcu2cl scan: %zu/%zu files", d, n);
  }
  scan_parser_delete(p);
  return NULL;
}

static void scan_all(scan_run *r, int jobs) {
  pthread_t *t = xcalloc((size_t)jobs, sizeof *t);
  int started = 0;
  for (int i = 1; i < jobs; i++)
    started += pthread_create(&t[i], NULL, worker, r) == 0;
  worker(r);
  for (int i = 1; i <= started; i++)
    pthread_join(t[i], NULL);
  free(t);
  if (r->progress)
    fputs("\r\033[K", stderr);
}

/* C and C++ files are kept only where the scan saw CUDA in them. */
static int keep(const scan_file *f, const char *cuda) {
  return cuda[0] == '1' || f->nuses || f->nfuncs || f->launches || f->nfinds ||
         f->macro_uses || f->unreadable;
}

static size_t keep_cuda_files(scan_file *files, const scan_found *found) {
  size_t k = 0;
  for (size_t i = 0; i < found->path.len; i++) {
    if (keep(&files[i], found->cuda.items[i]))
      files[k++] = files[i];
    else
      scan_file_free(&files[i]);
  }
  return k;
}

static int cmp_finding(const void *a, const void *b) {
  const scan_finding *x = a, *y = b;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return x->col < y->col ? -1 : x->col > y->col;
}

int cu2cl_scan_paths(const char *const *paths, size_t npaths, int all, int jobs,
                     scan_file **files, size_t *n) {
  scan_found found = {0};
  int rc = 0;
  for (size_t i = 0; i < npaths; i++)
    if (scan_files_find(paths[i], all, &found) != 0) {
      fprintf(stderr, "cu2cl scan: cannot read '%s'\n", paths[i]);
      rc = 2;
    }
  size_t count = found.path.len;
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  scan_run r = {&found,
                xcalloc(count ? count : 1, sizeof(scan_file)),
                scan_xref_new(),
                0,
                0,
                count > 200 && isatty(2)};
  scan_all(&r, jobs > 0 ? jobs : cpus > 0 ? (int)cpus : 1);
  scan_xref_finish(r.x, r.files, count);
  *n = keep_cuda_files(r.files, &found);
  for (size_t i = 0; i < *n; i++)
    if (r.files[i].nfinds) /* qsort's array may not be NULL */
      qsort(r.files[i].finds, r.files[i].nfinds, sizeof *r.files[i].finds,
            cmp_finding);
  *files = r.files;
  scan_xref_delete(r.x);
  scan_found_free(&found);
  return rc;
}

void scan_files_free(scan_file *files, size_t n) {
  for (size_t i = 0; i < n; i++)
    scan_file_free(&files[i]);
  free(files);
}

static int output(scan_file *files, size_t n, const scan_opts *o) {
  scan_totals t;
  scan_totals_compute(files, n, &t);
  if (!strcmp(o->format, "csv"))
    scan_report_csv(files, n, stdout);
  else
    scan_report_text(files, n, &t, !o->summary_only, o->verbose, stdout);
  int rc = 0;
  for (size_t i = 0; i < o->reports.len; i++)
    if (scan_report_write(files, n, &t, o->reports.items[i]) != 0) {
      fprintf(stderr, "cu2cl scan: cannot write '%s'\n", o->reports.items[i]);
      rc = 2;
    }
  return rc;
}

int cu2cl_scan_main(int argc, char **argv) {
  scan_opts o = {{0}, {0}, "text", 0, 0, 0, 0};
  int rc = parse_args(argc, argv, &o);
  if (rc == 1)
    usage(stdout);
  if (rc == 0) {
    scan_file *files;
    size_t n;
    rc = cu2cl_scan_paths((const char *const *)o.paths.items, o.paths.len,
                          o.all, o.jobs, &files, &n);
    int orc = rc && !n ? 0 : output(files, n, &o);
    rc = rc ? rc : orc;
    scan_files_free(files, n);
  }
  strvec_free(&o.paths);
  strvec_free(&o.reports);
  return rc == 1 ? 0 : rc;
}
