/*
 * scan_report: the scan's text, CSV, JSON and SARIF output (see
 * scan_report.h). SARIF and the "diagnostics" part of the JSON go through
 * a diagnostics engine and translator/report.c's writers, so that they
 * are the translator's formats exactly.
 */
#include "scan_report.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "report.h"

int scan_finding_is_construct(cu2cl_diag_id id) {
  switch (id) {
  case CU2CL_D_UNSUPPORTED_API:
  case CU2CL_D_UNKNOWN_CUDA_API:
  case CU2CL_D_UNMAPPED_LIBRARY:
  case CU2CL_D_UNSUPPORTED_DEVICE_FUNCTION:
  case CU2CL_D_UNKNOWN_DEVICE_FUNCTION:
  case CU2CL_D_WARP_PRIMITIVE_UNSUPPORTED:
  case CU2CL_D_MASK_NOT_FULL:
  case CU2CL_D_MASK_RUNTIME:
  case CU2CL_D_ACTIVEMASK:
  case CU2CL_D_BALLOT_64BIT:
  case CU2CL_D_WARP_EMULATION:
    return 0; /* about a use (or a kernel), counted there */
  default:
    return 1;
  }
}

static scan_class class_of_severity(cu2cl_severity s) {
  return s == CU2CL_ERROR     ? SCAN_UNSUPPORTED
         : s == CU2CL_WARNING ? SCAN_DIAGNOSED
                              : SCAN_REMARK;
}

static void add_file(const scan_file *f, scan_totals *t) {
  t->files++;
  t->lines += f->lines;
  t->unreadable += f->unreadable;
  t->parse_error_files += f->parse_errors > 0;
  if (str_ends_with(f->path, ".cu") || str_ends_with(f->path, ".cuh"))
    t->cu_files++;
  else
    t->cxx_files++;
  for (size_t i = 0; i < f->nfuncs; i++) {
    t->kernels += f->funcs[i].kernel;
    t->device_functions += !f->funcs[i].kernel;
  }
  t->launches += f->launches;
  t->by_class[SCAN_TRANSLATED] += f->launches;
  t->macro_uses += f->macro_uses;
  t->uses += f->nuses;
  for (size_t i = 0; i < f->nuses; i++)
    t->by_class[f->uses[i].cls]++;
  for (size_t i = 0; i < f->nfinds; i++) {
    cu2cl_diag_id id = f->finds[i].id;
    t->by_id[id]++;
    if (scan_finding_is_construct(id))
      t->by_class[class_of_severity(cu2cl_diag_info_get(id)->severity)]++;
  }
}

void scan_totals_compute(const scan_file *files, size_t n, scan_totals *t) {
  memset(t, 0, sizeof *t);
  for (size_t i = 0; i < n; i++)
    add_file(&files[i], t);
}

/* ---- text ---- */

typedef struct cat_row {
  scan_side side;
  const char *category;
  size_t by_class[SCAN_NCLASS], total;
} cat_row;

static size_t category_rows(const scan_file *files, size_t n, cat_row **rows) {
  size_t nrows = 0;
  *rows = NULL;
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < files[i].nuses; j++) {
      const scan_use *u = &files[i].uses[j];
      size_t k = 0;
      while (k < nrows && ((*rows)[k].side != u->side ||
                           strcmp((*rows)[k].category, u->category)))
        k++;
      if (k == nrows) {
        *rows = xrealloc(*rows, (nrows + 1) * sizeof **rows);
        memset(&(*rows)[nrows++], 0, sizeof **rows);
        (*rows)[k].side = u->side;
        (*rows)[k].category = u->category;
      }
      (*rows)[k].by_class[u->cls]++;
      (*rows)[k].total++;
    }
  return nrows;
}

static int cmp_rows(const void *a, const void *b) {
  const cat_row *x = a, *y = b;
  if (x->side != y->side)
    return x->side < y->side ? -1 : 1;
  return x->total != y->total ? (x->total > y->total ? -1 : 1)
                              : strcmp(x->category, y->category);
}

static void print_categories(const scan_file *files, size_t n, FILE *out) {
  cat_row *rows;
  size_t nrows = category_rows(files, n, &rows);
  if (nrows) /* qsort's array may not be NULL */
    qsort(rows, nrows, sizeof *rows, cmp_rows);
  fprintf(out, "\nCUDA uses by category               total translated   "
               "remark diagnosed unsupported\n");
  for (size_t i = 0; i < nrows; i++)
    fprintf(out, "  %-6s %-28s %6zu %10zu %8zu %9zu %11zu\n",
            rows[i].side == SCAN_HOST ? "host" : "device", rows[i].category,
            rows[i].total, rows[i].by_class[SCAN_TRANSLATED],
            rows[i].by_class[SCAN_REMARK], rows[i].by_class[SCAN_DIAGNOSED],
            rows[i].by_class[SCAN_UNSUPPORTED]);
  free(rows);
}

static void print_findings(const scan_totals *t, FILE *out) {
  fprintf(out, "\nFindings by ID (the IDs cu2cl raises; cu2cl --explain ID)\n");
  int any = 0;
  for (int id = 0; id < CU2CL_D_COUNT; id++) {
    if (!t->by_id[id])
      continue;
    const cu2cl_diag_info *info = cu2cl_diag_info_get((cu2cl_diag_id)id);
    fprintf(out, "  CU2CL%04u  %-8s %-30s %6zu\n", info->number,
            cu2cl_severity_name(info->severity), info->name, t->by_id[id]);
    any = 1;
  }
  if (!any)
    fprintf(out, "  none\n");
}

static double share(size_t part, size_t total) {
  return total ? 100.0 * (double)part / (double)total : 0.0;
}

static void print_effort(const scan_totals *t, FILE *out) {
  size_t total = 0;
  for (int c = 0; c < SCAN_NCLASS; c++)
    total += t->by_class[c];
  size_t automatic = t->by_class[SCAN_TRANSLATED] + t->by_class[SCAN_REMARK];
  if (!total) {
    fprintf(out, "\nEffort estimate: no CUDA constructs found.\n");
    return;
  }
  fprintf(out,
          "\nEffort estimate: %.0f%% of %zu constructs translated "
          "automatically (%.0f%% with a remark), %.0f%% translated with a "
          "warning to review, %.0f%% to port by hand.\n",
          share(automatic, total), total,
          share(t->by_class[SCAN_REMARK], total),
          share(t->by_class[SCAN_DIAGNOSED], total),
          share(t->by_class[SCAN_UNSUPPORTED], total));
}

static void print_parse_errors(const scan_file *files, size_t n, FILE *out) {
  for (size_t i = 0; i < n; i++) {
    if (files[i].unreadable)
      fprintf(out, "  %s: cannot be read\n", files[i].path);
    else if (files[i].parse_errors)
      fprintf(out, "  %s:%u: %u syntax error%s (the rest was scanned)\n",
              files[i].path, files[i].error_line, files[i].parse_errors,
              files[i].parse_errors == 1 ? "" : "s");
  }
}

static void print_functions(const scan_file *files, size_t n, FILE *out) {
  fprintf(out, "\nKernels and device functions\n");
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < files[i].nfuncs; j++) {
      const scan_func *fn = &files[i].funcs[j];
      fprintf(out, "  %s:%u: %s %s%s%s\n", files[i].path, fn->line,
              fn->kernel ? "kernel" : "device function", fn->name,
              fn->template ? " (template)" : "",
              fn->warp ? " (warp operations)" : "");
    }
}

static size_t count_class(const scan_file *f, scan_class c) {
  size_t k = 0;
  for (size_t i = 0; i < f->nuses; i++)
    k += f->uses[i].cls == c;
  return k;
}

static void count_funcs(const scan_file *f, size_t *kernels, size_t *devfns) {
  *kernels = *devfns = 0;
  for (size_t i = 0; i < f->nfuncs; i++) {
    *kernels += f->funcs[i].kernel;
    *devfns += !f->funcs[i].kernel;
  }
}

static void print_table(const scan_file *files, size_t n, FILE *out) {
  fprintf(out, "\n%7s %7s %6s %8s %6s %11s %8s  %s\n", "lines", "kernels",
          "devfns", "launches", "uses", "unsupported", "findings", "file");
  for (size_t i = 0; i < n; i++) {
    const scan_file *f = &files[i];
    size_t k, d;
    count_funcs(f, &k, &d);
    fprintf(out, "%7u %7zu %6zu %8u %6zu %11zu %8zu  %s%s\n", f->lines, k, d,
            f->launches, f->nuses, count_class(f, SCAN_UNSUPPORTED), f->nfinds,
            f->path, f->parse_errors ? " (parse errors)" : "");
  }
}

void scan_report_text(const scan_file *files, size_t n, const scan_totals *t,
                      int table, int verbose, FILE *out) {
  fprintf(out,
          "cu2cl scan: %zu files using CUDA (%zu .cu/.cuh, %zu C/C++), %zu "
          "lines\n",
          t->files, t->cu_files, t->cxx_files, t->lines);
  fprintf(out,
          "  %zu kernels, %zu device functions, %zu launches, %zu CUDA "
          "uses\n",
          t->kernels, t->device_functions, t->launches, t->uses);
  fprintf(out,
          "  macros are not expanded: %zu CUDA uses inside #define bodies "
          "are counted as written; uses through macros are not seen\n",
          t->macro_uses);
  if (t->parse_error_files || t->unreadable) {
    fprintf(out, "  %zu files with parse errors%s:\n", t->parse_error_files,
            t->unreadable ? " or unreadable" : "");
    print_parse_errors(files, n, out);
  }
  print_categories(files, n, out);
  print_findings(t, out);
  if (verbose)
    print_functions(files, n, out);
  if (table)
    print_table(files, n, out);
  print_effort(t, out);
}

/* ---- CSV ---- */

static void csv_field(FILE *out, const char *s) {
  if (!strpbrk(s, ",\"\n\r")) {
    fputs(s, out);
    return;
  }
  fputc('"', out);
  for (; *s; s++) {
    if (*s == '"')
      fputc('"', out);
    fputc(*s, out);
  }
  fputc('"', out);
}

static void csv_ids(const scan_file *f, FILE *out) {
  size_t count[CU2CL_D_COUNT] = {0};
  for (size_t i = 0; i < f->nfinds; i++)
    count[f->finds[i].id]++;
  int first = 1;
  fputc('"', out);
  for (int id = 0; id < CU2CL_D_COUNT; id++)
    if (count[id]) {
      fprintf(out, "%sCU2CL%04u*%zu", first ? "" : " ",
              cu2cl_diag_info_get((cu2cl_diag_id)id)->number, count[id]);
      first = 0;
    }
  fputc('"', out);
}

void scan_report_csv(const scan_file *files, size_t n, FILE *out) {
  fprintf(out, "file,lines,parse_errors,kernels,device_functions,launches,"
               "uses,translated,remark,diagnosed,unsupported,macro_uses,"
               "findings,ids\n");
  for (size_t i = 0; i < n; i++) {
    const scan_file *f = &files[i];
    size_t k, d;
    count_funcs(f, &k, &d);
    csv_field(out, f->path);
    fprintf(out, ",%u,%u,%zu,%zu,%u,%zu,%zu,%zu,%zu,%zu,%u,%zu,", f->lines,
            f->parse_errors, k, d, f->launches, f->nuses,
            count_class(f, SCAN_TRANSLATED), count_class(f, SCAN_REMARK),
            count_class(f, SCAN_DIAGNOSED), count_class(f, SCAN_UNSUPPORTED),
            f->macro_uses, f->nfinds);
    csv_ids(f, out);
    fputc('\n', out);
  }
}
