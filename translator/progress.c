/*
 * progress: see progress.h.
 */
#include "progress.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static const struct {
  const char *prefix, *category;
} category_rows[] = {
#define CU2CL_API_CATEGORY(prefix, category) {prefix, category},
#include "../rules/api_categories.def"
#undef CU2CL_API_CATEGORY
};

#define NROWS (sizeof category_rows / sizeof category_rows[0])

/* The index of a category: the position of its first row among the
 * categories' first rows. */
static size_t category_index(const char *category) {
  size_t n = 0;
  for (size_t i = 0; i < NROWS; i++) {
    int first = 1;
    for (size_t j = 0; j < i && first; j++)
      first = strcmp(category_rows[j].category, category_rows[i].category);
    if (!strcmp(category_rows[i].category, category))
      return n;
    n += first != 0;
  }
  return n;
}

size_t cu2cl_stats_category(const char *cuda_name) {
  size_t best = NROWS - 1, best_len = 0;
  for (size_t i = 0; i < NROWS; i++) {
    size_t len = strlen(category_rows[i].prefix);
    if (len > best_len && str_starts_with(cuda_name, category_rows[i].prefix))
      best = i, best_len = len;
  }
  size_t c = category_index(category_rows[best].category);
  return c < CU2CL_STATS_MAX_CATEGORIES ? c : CU2CL_STATS_MAX_CATEGORIES - 1;
}

const char *cu2cl_stats_category_name(size_t index) {
  for (size_t i = 0; i < NROWS; i++)
    if (category_index(category_rows[i].category) == index)
      return category_rows[i].category;
  return NULL;
}

void cu2cl_stats_add(cu2cl_stats *sum, const cu2cl_stats *unit) {
  sum->kernels += unit->kernels;
  sum->launches += unit->launches;
  for (size_t i = 0; i < CU2CL_STATS_MAX_CATEGORIES; i++)
    sum->api[i] += unit->api[i];
}

void cu2cl_stats_print(const cu2cl_stats *s, FILE *out) {
  size_t total = 0;
  for (size_t i = 0; i < CU2CL_STATS_MAX_CATEGORIES; i++)
    total += s->api[i];
  fprintf(out, "converted: %zu kernel%s, %zu launch%s, %zu CUDA API use%s",
          s->kernels, s->kernels == 1 ? "" : "s", s->launches,
          s->launches == 1 ? "" : "es", total, total == 1 ? "" : "s");
  const char *sep = " (";
  for (size_t i = 0; i < CU2CL_STATS_MAX_CATEGORIES; i++) {
    if (!s->api[i])
      continue;
    fprintf(out, "%s%s %zu", sep, cu2cl_stats_category_name(i), s->api[i]);
    sep = ", ";
  }
  fputs(total ? ")\n" : "\n", out);
}

/* ---- the progress line ----------------------------------------------- */

struct cu2cl_progress {
  FILE *out;
  int is_tty;
  size_t done, total;
  int shown; /* a line is on the terminal now */
  pthread_mutex_t lock;
};

cu2cl_progress *cu2cl_progress_new(FILE *out, int mode, int is_tty,
                                   size_t total) {
  if (!mode || !out)
    return NULL;
  cu2cl_progress *self = xcalloc(1, sizeof *self);
  self->out = out;
  self->is_tty = is_tty;
  self->total = total;
  pthread_mutex_init(&self->lock, NULL);
  return self;
}

void cu2cl_progress_delete(cu2cl_progress *self) {
  if (!self)
    return;
  cu2cl_progress_clear(self);
  pthread_mutex_destroy(&self->lock);
  free(self);
}

void cu2cl_progress_step(cu2cl_progress *self, const char *what,
                         const char *file) {
  if (!self)
    return;
  pthread_mutex_lock(&self->lock);
  self->done++;
  if (self->is_tty) {
    fprintf(self->out, "\r\033[K[%zu/%zu] %s %s", self->done, self->total, what,
            file);
    self->shown = 1;
  } else {
    fprintf(self->out, "[%zu/%zu] %s %s\n", self->done, self->total, what,
            file);
  }
  fflush(self->out);
  pthread_mutex_unlock(&self->lock);
}

void cu2cl_progress_clear(void *ctx) {
  cu2cl_progress *self = ctx;
  if (!self)
    return;
  pthread_mutex_lock(&self->lock);
  if (self->shown) {
    fputs("\r\033[K", self->out);
    fflush(self->out);
    self->shown = 0;
  }
  pthread_mutex_unlock(&self->lock);
}

/* ---- the per-file table ---------------------------------------------- */

static const char *row_name(const cu2cl_file_row *row) {
  return row->name ? row->name : row->file;
}

void cu2cl_progress_table(FILE *out, const cu2cl_file_row *rows, size_t n,
                          const cu2cl_diag_engine *diags) {
  size_t nrec;
  const cu2cl_diag_record *rec = cu2cl_diag_records(diags, &nrec);
  int width = 4;
  for (size_t i = 0; i < n; i++)
    if ((int)strlen(row_name(&rows[i])) > width)
      width = (int)strlen(row_name(&rows[i]));
  fprintf(out, "%-*s  %-10s  %7s  %6s  %8s  %7s  %10s\n", width, "file",
          "status", "kernels", "errors", "warnings", "remarks", "suppressed");
  for (size_t i = 0; i < n; i++) {
    size_t count[4] = {0}, quiet = 0;
    for (size_t j = 0; j < nrec; j++) {
      if (!rec[j].file || strcmp(rec[j].file, rows[i].file))
        continue;
      if (rec[j].suppressed)
        quiet++;
      else
        count[cu2cl_diag_info_get(rec[j].id)->severity]++;
    }
    fprintf(out, "%-*s  %-10s  %7zu  %6zu  %8zu  %7zu  %10zu\n", width,
            row_name(&rows[i]), rows[i].status, rows[i].kernels,
            count[CU2CL_ERROR], count[CU2CL_WARNING], count[CU2CL_REMARK],
            quiet);
  }
}
