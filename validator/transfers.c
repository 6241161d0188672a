/*
 * transfers: compares two traces transfer by transfer and prints the
 * report; see transfers.h. A comparison walks the transfer pairs once,
 * printing divergences as it finds them (up to --max-report elements in
 * all), then prints the stdout comparison, the summary table and the
 * verdict.
 */
#include "transfers.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stdout_compare.h"
#include "util.h"

typedef enum xfer_status {
  XFER_OK,
  XFER_DIFF,
  XFER_SIZE,
  XFER_MISSING,
  XFER_EXTRA,
  XFER_SKIPPED, /* --skip: present on both sides, not compared */
  XFER_ALLOWED  /* differs, but within --allow-diff */
} xfer_status;

/* Whether a transfer's status fails the comparison. */
#define XFER_BAD(st)                                                           \
  ((st) != XFER_OK && (st) != XFER_SKIPPED && (st) != XFER_ALLOWED)

/* The comparison of the transfer pair at one index. */
typedef struct xfer {
  size_t index;
  const cu2cl_trace_copy_rec *o, *p; /* either NULL past the other's end */
  xfer_status status;
  unsigned type;  /* compared as */
  uint64_t esize; /* bytes per compared element */
  size_t lanes;   /* scalars per element of the program's type */
  uint64_t count; /* compared elements */
  uint64_t n_bad;
  double max_abs, max_rel;
  uint64_t max_ulp;
  uint64_t first_bad;
} xfer;

typedef struct cmp {
  const cu2cl_validate_options *opt;
  FILE *out;
  size_t budget; /* element lines still to print */
  size_t n_diverged;
  const xfer *first; /* the first divergence */
} cmp;

static const char *kind_name(unsigned kind) {
  static const char *const names[] = {"copy",
                                      "copy, device to host",
                                      "copy, default direction",
                                      "2D copy",
                                      "copy from symbol",
                                      "managed memory read after synchronize"};
  unsigned k = kind & CU2CL_TRACE_COPY_KIND_MASK;
  return k < sizeof names / sizeof *names ? names[k] : "copy";
}

static void print_site(FILE *out, const char *label,
                       const cu2cl_trace_copy_rec *c) {
  fprintf(out, "  %-9s ", label);
  if (c->file[0])
    fprintf(out, "%s:%u", c->file, c->line);
  else
    fprintf(out, "<no call site>");
  fprintf(out, " (%s%s), %" PRIu64 " bytes, %s", kind_name(c->kind),
          c->kind & CU2CL_TRACE_COPY_ASYNC ? ", async" : "", c->nbytes,
          cu2cl_trace_elem_type_name(c->elem_type));
  if (c->elem_size > 1 &&
      c->elem_size != cu2cl_trace_elem_type_size(c->elem_type))
    fprintf(out, " in %" PRIu64 "-byte elements", c->elem_size);
  fputc('\n', out);
}

static int is_listed(const size_t *list, size_t n, size_t index) {
  for (size_t i = 0; i < n; i++)
    if (list[i] == index)
      return 1;
  return 0;
}

/* Picks the type to compare as: the original's, else the ported's, else
 * --unknown-as, else bytes; a size that is no multiple of it gives bytes. */
static void choose_type(cmp *c, xfer *x) {
  unsigned to = x->o->elem_type, tp = x->p->elem_type;
  x->type = to ? to : tp ? tp : c->opt->unknown_as;
  const cu2cl_trace_copy_rec *from = to ? x->o : tp ? x->p : x->o;
  x->esize = cu2cl_trace_elem_type_size(x->type);
  if (x->type == CU2CL_TRACE_UNKNOWN && from->elem_size > 0 &&
      x->o->nbytes % from->elem_size == 0)
    x->esize = from->elem_size;
  if (x->o->nbytes % x->esize) {
    x->type = CU2CL_TRACE_UNKNOWN;
    x->esize = 1;
  }
  x->lanes = 1;
  if (x->type && from->elem_type == x->type && from->elem_size > x->esize &&
      from->elem_size % x->esize == 0 && from->elem_size / x->esize <= 4)
    x->lanes = (size_t)(from->elem_size / x->esize);
  x->count = x->o->nbytes / x->esize;
  if (to && tp && to != tp)
    fprintf(c->out,
            "note: transfer #%zu: the element types differ: original %s, "
            "ported %s; compared as %s (the original's)\n",
            x->index, cu2cl_trace_elem_type_name(to),
            cu2cl_trace_elem_type_name(tp), cu2cl_trace_elem_type_name(to));
  if ((x->o->kind & CU2CL_TRACE_COPY_KIND_MASK) !=
          (x->p->kind & CU2CL_TRACE_COPY_KIND_MASK) &&
      (x->p->kind & CU2CL_TRACE_COPY_KIND_MASK) != CU2CL_TRACE_COPY_OTHER)
    fprintf(c->out,
            "note: transfer #%zu: the original made it as a %s, the port as "
            "a %s\n",
            x->index, kind_name(x->o->kind), kind_name(x->p->kind));
}

static elem_err compare_elem(cmp *c, const xfer *x, uint64_t i) {
  const unsigned char *po = x->o->data + i * x->esize;
  const unsigned char *pp = x->p->data + i * x->esize;
  if (x->type == CU2CL_TRACE_UNKNOWN) {
    elem_err e = {!memcmp(po, pp, x->esize), NAN, NAN, UINT64_MAX};
    return e;
  }
  value o = value_load(x->type, po), p = value_load(x->type, pp);
  return value_is_float(x->type) ? value_compare_float(c->opt, x->type, o, p)
                                 : value_compare_int(x->type, o, p);
}

static void print_header(cmp *c, const xfer *x) {
  fprintf(c->out, "\ntransfer #%zu diverges%s: ", x->index,
          is_listed(c->opt->unordered, c->opt->n_unordered, x->index)
              ? " (compared as sorted multisets, --unordered)"
              : "");
  if (x->status == XFER_SIZE)
    fprintf(c->out,
            "the sizes differ (original %" PRIu64 " bytes, ported %" PRIu64
            " bytes)\n",
            x->o->nbytes, x->p->nbytes);
  else if (x->type)
    fprintf(c->out, "%" PRIu64 " of %" PRIu64 " %s elements differ%s\n",
            x->n_bad, x->count, cu2cl_trace_elem_type_name(x->type),
            value_is_float(x->type) ? " beyond the tolerance" : "");
  else
    fprintf(c->out,
            "%" PRIu64 " of %" PRIu64 " untyped %" PRIu64
            "-byte elements differ (compared bytewise)\n",
            x->n_bad, x->count, x->esize);
  print_site(c->out, "original:", x->o);
  print_site(c->out, "ported:", x->p);
}

static void print_tolerance(cmp *c, unsigned t) {
  const cu2cl_validate_options *o = c->opt;
  fprintf(c->out, "tolerance: rtol %g, atol %g, %" PRIu64 " ulp", o->rtol[t],
          o->atol[t], o->ulp[t]);
}

static void print_element(cmp *c, const xfer *x, uint64_t i, elem_err e) {
  char a[64], b[64];
  FILE *out = c->out;
  fprintf(out, "  element %" PRIu64, i);
  if (x->lanes > 1)
    fprintf(out, " ([%" PRIu64 "].%c)", i / x->lanes, "xyzw"[i % x->lanes]);
  else if (!x->type && x->esize > 1)
    fprintf(out, " (bytes %" PRIu64 "..%" PRIu64 ")", i * x->esize,
            (i + 1) * x->esize - 1);
  const unsigned char *po = x->o->data + i * x->esize;
  const unsigned char *pp = x->p->data + i * x->esize;
  if (!x->type) {
    fprintf(out, ": original %s, ported %s\n",
            value_format_bytes(po, x->esize, a, sizeof a),
            value_format_bytes(pp, x->esize, b, sizeof b));
    return;
  }
  fprintf(out, ": original %s, ported %s\n",
          value_format(x->type, value_load(x->type, po), a, sizeof a),
          value_format(x->type, value_load(x->type, pp), b, sizeof b));
  fprintf(out, "    error: abs %.3g, rel %.3g", e.abs, e.rel);
  if (value_is_float(x->type)) {
    if (e.ulp != UINT64_MAX)
      fprintf(out, ", %" PRIu64 " ulp", e.ulp);
    fputs("; ", out);
    print_tolerance(c, x->type);
  } else {
    fputs(" (integers must match exactly)", out);
  }
  fputc('\n', out);
}

static void note_stat(xfer *x, elem_err e) {
  if (!isnan(e.abs) && e.abs > x->max_abs)
    x->max_abs = e.abs;
  if (!isnan(e.rel) && e.rel > x->max_rel)
    x->max_rel = e.rel;
  if (e.ulp != UINT64_MAX && e.ulp > x->max_ulp)
    x->max_ulp = e.ulp;
}

/* ---- --unordered: elements sorted by value before comparing ---- */

typedef struct sort_ctx {
  unsigned type;
  size_t esize, lanes;
} sort_ctx;

static int cmp_element(const void *a, const void *b, void *arg) {
  const sort_ctx *s = arg;
  if (s->type == CU2CL_TRACE_UNKNOWN)
    return memcmp(a, b, s->esize * s->lanes);
  for (size_t l = 0; l < s->lanes; l++) {
    int r = value_order(s->type, (const unsigned char *)a + l * s->esize,
                        (const unsigned char *)b + l * s->esize);
    if (r)
      return r;
  }
  return 0;
}

static void compare_contents(cmp *c, xfer *x);

/* Compares sorted copies of both sides' elements; the report's element
 * numbers are then positions in sorted order. */
static void compare_sorted(cmp *c, xfer *x) {
  sort_ctx s = {x->type, x->esize, x->lanes};
  size_t unit = x->esize * x->lanes, n = x->o->nbytes / unit;
  cu2cl_trace_copy_rec o = *x->o, p = *x->p;
  unsigned char *od = xmalloc(o.nbytes ? o.nbytes : 1),
                *pd = xmalloc(p.nbytes ? p.nbytes : 1);
  memcpy(od, o.data, o.nbytes);
  memcpy(pd, p.data, p.nbytes);
  qsort_r(od, n, unit, cmp_element, &s);
  qsort_r(pd, n, unit, cmp_element, &s);
  o.data = od;
  p.data = pd;
  const cu2cl_trace_copy_rec *keep_o = x->o, *keep_p = x->p;
  x->o = &o;
  x->p = &p;
  compare_contents(c, x);
  x->o = keep_o;
  x->p = keep_p;
  free(od);
  free(pd);
}

static void compare_contents(cmp *c, xfer *x) {
  uint64_t listed = 0;
  for (uint64_t i = 0; i < x->count; i++) {
    elem_err e = compare_elem(c, x, i);
    note_stat(x, e);
    if (e.ok)
      continue;
    if (!x->n_bad++)
      x->first_bad = i;
  }
  if (!x->n_bad)
    return;
  if ((double)x->n_bad <= c->opt->allow_diff * (double)x->count) {
    x->status = XFER_ALLOWED;
    return;
  }
  x->status = XFER_DIFF;
  if (!c->budget)
    return;
  print_header(c, x);
  for (uint64_t i = x->first_bad; i < x->count && c->budget; i++) {
    elem_err e = compare_elem(c, x, i);
    if (e.ok)
      continue;
    print_element(c, x, i, e);
    c->budget--;
    listed++;
  }
  if (listed < x->n_bad)
    fprintf(c->out, "  ... %" PRIu64 " more (--max-report N lists more)\n",
            x->n_bad - listed);
}

static void compare_pair(cmp *c, xfer *x) {
  x->max_ulp = 0;
  if (!x->o || !x->p) {
    x->status = x->o ? XFER_MISSING : XFER_EXTRA;
    return;
  }
  choose_type(c, x);
  if (x->o->nbytes != x->p->nbytes) {
    x->status = XFER_SIZE;
    if (c->budget) {
      print_header(c, x);
      c->budget--;
    }
    return;
  }
  if (is_listed(c->opt->skip, c->opt->n_skip, x->index)) {
    x->status = XFER_SKIPPED;
    return;
  }
  if (is_listed(c->opt->unordered, c->opt->n_unordered, x->index) &&
      x->o->nbytes % (x->esize * x->lanes) == 0)
    compare_sorted(c, x);
  else
    compare_contents(c, x);
}

/* "the ported program made 2 more transfers than the original; the first
 * extra one is #5 ..." */
static void print_count_mismatch(cmp *c, const cu2cl_tracefile *o,
                                 const cu2cl_tracefile *p) {
  int more = p->n_copies > o->n_copies;
  size_t n = more ? p->n_copies - o->n_copies : o->n_copies - p->n_copies;
  size_t first = more ? o->n_copies : p->n_copies;
  const cu2cl_trace_copy_rec *r = more ? &p->copies[first] : &o->copies[first];
  fprintf(c->out,
          "\nthe ported program made %zu %s transfer%s than the original; "
          "the first %s is #%zu:\n",
          n, more ? "more" : "fewer", n == 1 ? "" : "s",
          more ? "extra one" : "missing one", first);
  print_site(c->out, more ? "ported:" : "original:", r);
}

/* ---- the summary table ---- */

static const char *short_site(const cu2cl_trace_copy_rec *r, char *buf,
                              size_t size) {
  if (!r)
    return "-";
  if (!r->file[0])
    return "?";
  snprintf(buf, size, "%s:%u", path_basename(r->file), r->line);
  return buf;
}

static const char *status_text(const xfer *x, char *buf, size_t size) {
  switch (x->status) {
  case XFER_OK:
    return "ok";
  case XFER_DIFF:
    snprintf(buf, size, "DIFF %" PRIu64, x->n_bad);
    return buf;
  case XFER_SIZE:
    return "SIZE";
  case XFER_MISSING:
    return "MISSING";
  case XFER_EXTRA:
    return "EXTRA";
  case XFER_SKIPPED:
    return "skipped";
  case XFER_ALLOWED:
    snprintf(buf, size, "ok, %" PRIu64 " differ", x->n_bad);
    return buf;
  }
  return "?";
}

static void print_row(cmp *c, const xfer *x) {
  char so[64], sp[64], ty[32], st[32], ea[16] = "-", er[16] = "-", eu[24] = "-";
  const cu2cl_trace_copy_rec *r = x->o ? x->o : x->p;
  int compared = x->status == XFER_OK || x->status == XFER_DIFF ||
                 x->status == XFER_ALLOWED;
  if (x->lanes > 1)
    snprintf(ty, sizeof ty, "%sx%zu", cu2cl_trace_elem_type_name(x->type),
             x->lanes);
  else
    snprintf(ty, sizeof ty, "%s",
             cu2cl_trace_elem_type_name(compared ? x->type : r->elem_type));
  if (compared && x->type) {
    snprintf(ea, sizeof ea, "%.3g", x->max_abs);
    snprintf(er, sizeof er, "%.3g", x->max_rel);
    if (value_is_float(x->type))
      snprintf(eu, sizeof eu, "%" PRIu64, x->max_ulp);
  }
  fprintf(c->out,
          "%5zu  %-22.22s %-22.22s %-7s %10" PRIu64 " %11" PRIu64
          " %11s %11s %8s  %s\n",
          x->index, short_site(x->o, so, sizeof so),
          short_site(x->p, sp, sizeof sp), ty, compared ? x->count : 0,
          r->nbytes, ea, er, eu, status_text(x, st, sizeof st));
}

/* Shows every diverging row and the first matching ones up to
 * opt->table_rows rows. */
static void print_table(cmp *c, const xfer *xs, size_t n) {
  fprintf(c->out, "\n%5s  %-22s %-22s %-7s %10s %11s %11s %11s %8s  %s\n", "#",
          "original site", "ported site", "type", "elements", "bytes",
          "max abs err", "max rel err", "max ulp", "result");
  size_t shown = 0, hidden = 0;
  for (size_t i = 0; i < n; i++) {
    int bad = xs[i].status != XFER_OK; /* skipped and allowed rows too */
    if (bad || shown < c->opt->table_rows) {
      print_row(c, &xs[i]);
      shown++;
    } else {
      hidden++;
    }
  }
  if (hidden)
    fprintf(c->out,
            "  ... %zu more matching transfers (--table-rows N "
            "shows more)\n",
            hidden);
}

/* ---- the verdict and the comparison as a whole ---- */

static const char *producer_name(unsigned p) {
  return p == CU2CL_TRACE_PRODUCER_CUDA      ? "CUDA"
         : p == CU2CL_TRACE_PRODUCER_CU2CLRT ? "cu2clrt"
                                             : "other";
}

static void print_trace_line(FILE *out, const char *label,
                             const cu2cl_tracefile *t) {
  fprintf(out, "%-9s %s [%s trace %s: %zu transfers, %" PRIu64 " bytes%s]\n",
          label, t->program[0] ? t->program : "(unnamed program)",
          producer_name(t->producer), t->path, t->n_copies, t->copied_bytes,
          t->complete ? "" : ", TRUNCATED");
}

static void print_verdict(cmp *c, const cu2cl_tracefile *o,
                          const cu2cl_tracefile *p, const xfer *xs, size_t n,
                          int stdout_fail) {
  uint64_t bytes = 0;
  for (size_t i = 0; i < n; i++)
    if (xs[i].o && xs[i].p && xs[i].o->nbytes == xs[i].p->nbytes)
      bytes += xs[i].o->nbytes;
  fprintf(c->out,
          "\ntransfers compared: %zu (original %zu, ported %zu), %" PRIu64
          " bytes\n",
          o->n_copies < p->n_copies ? o->n_copies : p->n_copies, o->n_copies,
          p->n_copies, bytes);
  size_t skipped = 0, allowed = 0;
  for (size_t i = 0; i < n; i++) {
    skipped += xs[i].status == XFER_SKIPPED;
    allowed += xs[i].status == XFER_ALLOWED;
  }
  if (!c->n_diverged && !stdout_fail) {
    if (!skipped && !allowed) {
      fprintf(c->out, "PASS: every transfer matches\n");
      return;
    }
    fprintf(c->out, "PASS: every compared transfer matches");
    if (allowed)
      fprintf(c->out, "; %zu within --allow-diff %g", allowed,
              c->opt->allow_diff);
    if (skipped)
      fprintf(c->out, "; %zu skipped (--skip)", skipped);
    fputc('\n', c->out);
    return;
  }
  fprintf(c->out, "FAIL:");
  if (c->n_diverged)
    fprintf(c->out, " %zu of %zu transfers diverge", c->n_diverged, n);
  if (c->first && c->first->status == XFER_DIFF)
    fprintf(c->out, "; first: transfer #%zu, element %" PRIu64, c->first->index,
            c->first->first_bad);
  else if (c->first)
    fprintf(c->out, "; first: transfer #%zu (%s)", c->first->index,
            c->first->status == XFER_SIZE ? "size" : "count");
  if (stdout_fail)
    fprintf(c->out, "%s stdout differs", c->n_diverged ? ";" : "");
  fputc('\n', c->out);
}

int cu2cl_validate_compare(const cu2cl_tracefile *original,
                           const cu2cl_tracefile *ported,
                           const cu2cl_validate_options *opt, FILE *out) {
  cmp c = {opt, out, opt->max_report ? opt->max_report : 1, 0, NULL};
  size_t n = original->n_copies > ported->n_copies ? original->n_copies
                                                   : ported->n_copies;
  xfer *xs = xcalloc(n ? n : 1, sizeof *xs);
  print_trace_line(out, "original:", original);
  print_trace_line(out, "ported:", ported);
  for (size_t i = 0; i < n; i++) {
    xfer *x = &xs[i];
    x->index = i;
    x->o = i < original->n_copies ? &original->copies[i] : NULL;
    x->p = i < ported->n_copies ? &ported->copies[i] : NULL;
    compare_pair(&c, x);
    if (XFER_BAD(x->status) && !c.n_diverged++)
      c.first = x;
  }
  if (original->n_copies != ported->n_copies)
    print_count_mismatch(&c, original, ported);
  int stdout_fail = 0;
  if (original->has_stdout && ported->has_stdout)
    stdout_fail =
        stdout_compare(opt, out, original, ported) && opt->strict_stdout;
  else if (original->has_stdout || ported->has_stdout)
    fprintf(out, "\nnote: stdout not compared: only the %s trace holds it\n",
            original->has_stdout ? "original" : "ported");
  if (n)
    print_table(&c, xs, n);
  else
    fprintf(out, "\nnote: neither trace holds a transfer: nothing was "
                 "compared\n");
  print_verdict(&c, original, ported, xs, n, stdout_fail);
  free(xs);
  return c.n_diverged || stdout_fail ? 1 : 0;
}
