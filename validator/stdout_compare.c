/*
 * stdout_compare: line-by-line comparison of two programs' stdout; see
 * stdout_compare.h.
 */
#include "stdout_compare.h"

#include <math.h>
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

/* Next line of s[*pos..n): start and length (without '\n'); 0 at the end. */
static int next_line(const char *s, size_t n, size_t *pos, const char **line,
                     size_t *len) {
  if (*pos >= n)
    return 0;
  const char *nl = memchr(s + *pos, '\n', n - *pos);
  *line = s + *pos;
  *len = nl ? (size_t)(nl - *line) : n - *pos;
  *pos += *len + 1;
  return 1;
}

size_t stdout_compare(const cu2cl_validate_options *opt, FILE *out,
                      const cu2cl_tracefile *o, const cu2cl_tracefile *p) {
  size_t io = 0, ip = 0, lo, lp, lineno = 0, ndiff = 0, shown = 0;
  const char *so, *sp;
  for (;;) {
    int ho = next_line(o->out, o->out_len, &io, &so, &lo);
    int hp = next_line(p->out, p->out_len, &ip, &sp, &lp);
    if (!ho && !hp)
      break;
    lineno++;
    if (ho && hp && lines_match(opt, so, lo, sp, lp))
      continue;
    if (ndiff++ == 0)
      fputc('\n', out);
    if (shown++ >= opt->max_report)
      continue;
    fprintf(out, "note: stdout line %zu differs:\n", lineno);
    fprintf(out, "  original: %s%.*s%s\n", ho ? "\"" : "", ho ? (int)lo : 12,
            ho ? so : "(no line)", ho ? "\"" : "");
    fprintf(out, "  ported:   %s%.*s%s\n", hp ? "\"" : "", hp ? (int)lp : 12,
            hp ? sp : "(no line)", hp ? "\"" : "");
  }
  if (ndiff)
    fprintf(out, "stdout: %zu of %zu lines differ%s\n", ndiff, lineno,
            opt->strict_stdout
                ? ""
                : " (notes only; --strict-stdout makes them failures)");
  else
    fprintf(out, "\nstdout: %zu line%s, %s\n", lineno, lineno == 1 ? "" : "s",
            o->out_len == p->out_len && !memcmp(o->out, p->out, o->out_len)
                ? "identical"
                : "equal up to numbers within the f32 tolerance");
  return ndiff;
}
