/*
 * stdout_compare: line-by-line comparison of two programs' stdout; see
 * stdout_compare.h.
 */
#include "stdout_compare.h"

#include <math.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static int number_start(const char *s) {
  return (s[0] >= '0' && s[0] <= '9') ||
         ((s[0] == '-' || s[0] == '+' || s[0] == '.') &&
          ((s[1] >= '0' && s[1] <= '9') ||
           (s[1] == '.' && s[2] >= '0' && s[2] <= '9')));
}

/* Whether two lines are equal, numbers compared within the f32
 * tolerance (printed numbers rarely carry more precision). */
static int lines_match(const cu2cl_validate_options *opt, const char *a,
                       size_t na, const char *b, size_t nb) {
  char *sa = xstrndup(a, na), *sb = xstrndup(b, nb), *pa = sa, *pb = sb;
  int ok = 1;
  while (ok && (*pa || *pb)) {
    if (number_start(pa) && number_start(pb)) {
      char *ea, *eb;
      double x = strtod(pa, &ea), y = strtod(pb, &eb);
      double tol =
          opt->atol[CU2CL_TRACE_F32] + opt->rtol[CU2CL_TRACE_F32] * fabs(x);
      ok = ea > pa && eb > pb &&
           (x == y || fabs(x - y) <= tol || (isnan(x) && isnan(y)));
      pa = ea;
      pb = eb;
    } else {
      ok = *pa++ == *pb++;
    }
  }
  free(sa);
  free(sb);
  return ok;
}

/* One side's stdout as lines (without '\n'), those matching
 * opt->stdout_lines only, sorted when opt->stdout_unordered. */
typedef struct {
  const char *text;
  size_t len;
} line;

static int line_order(const void *a, const void *b) {
  const line *x = a, *y = b;
  size_t n = x->len < y->len ? x->len : y->len;
  int c = memcmp(x->text, y->text, n);
  return c ? c : (x->len > y->len) - (x->len < y->len);
}

static line *lines_of(const cu2cl_validate_options *opt, const regex_t *re,
                      const char *s, size_t n, size_t *count) {
  line *v = NULL;
  size_t k = 0, cap = 0, pos = 0;
  while (pos < n) {
    const char *nl = memchr(s + pos, '\n', n - pos);
    line l = {s + pos, nl ? (size_t)(nl - (s + pos)) : n - pos};
    pos += l.len + 1;
    if (re) {
      char *z = xstrndup(l.text, l.len);
      int hit = regexec(re, z, 0, NULL, 0) == 0;
      free(z);
      if (!hit)
        continue;
    }
    if (k == cap)
      v = xrealloc(v, (cap = cap ? 2 * cap : 64) * sizeof *v);
    v[k++] = l;
  }
  if (opt->stdout_unordered && k)
    qsort(v, k, sizeof *v, line_order);
  *count = k;
  return v;
}

static void print_summary(const cu2cl_validate_options *opt, FILE *out,
                          const cu2cl_tracefile *o, const cu2cl_tracefile *p,
                          size_t ndiff, size_t lineno) {
  const char *how = opt->stdout_unordered ? " (as multisets)" : "";
  if (ndiff)
    fprintf(out, "stdout: %zu of %zu %slines differ%s%s\n", ndiff, lineno,
            opt->stdout_lines ? "selected " : "", how,
            opt->strict_stdout
                ? ""
                : " (notes only; --strict-stdout makes them failures)");
  else
    fprintf(out, "\nstdout: %zu %sline%s%s, %s\n", lineno,
            opt->stdout_lines ? "selected " : "", lineno == 1 ? "" : "s", how,
            o->out_len == p->out_len && !memcmp(o->out, p->out, o->out_len)
                ? "identical"
                : "equal up to numbers within the f32 tolerance");
}

size_t stdout_compare(const cu2cl_validate_options *opt, FILE *out,
                      const cu2cl_tracefile *o, const cu2cl_tracefile *p) {
  regex_t re;
  int filter = opt->stdout_lines &&
               !regcomp(&re, opt->stdout_lines, REG_EXTENDED | REG_NOSUB);
  size_t no, np, lineno = 0, ndiff = 0, shown = 0;
  line *lo = lines_of(opt, filter ? &re : NULL, o->out, o->out_len, &no);
  line *lp = lines_of(opt, filter ? &re : NULL, p->out, p->out_len, &np);
  if (filter)
    regfree(&re);
  for (size_t i = 0; i < no || i < np; i++) {
    int ho = i < no, hp = i < np;
    lineno++;
    if (ho && hp &&
        lines_match(opt, lo[i].text, lo[i].len, lp[i].text, lp[i].len))
      continue;
    if (ndiff++ == 0)
      fputc('\n', out);
    if (shown++ >= opt->max_report)
      continue;
    fprintf(out, "note: stdout line %zu differs:\n", lineno);
    fprintf(out, "  original: %s%.*s%s\n", ho ? "\"" : "",
            ho ? (int)lo[i].len : 12, ho ? lo[i].text : "(no line)",
            ho ? "\"" : "");
    fprintf(out, "  ported:   %s%.*s%s\n", hp ? "\"" : "",
            hp ? (int)lp[i].len : 12, hp ? lp[i].text : "(no line)",
            hp ? "\"" : "");
  }
  print_summary(opt, out, o, p, ndiff, lineno);
  free(lo);
  free(lp);
  return ndiff;
}
