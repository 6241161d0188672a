/*
 * rt_record: the launch record (rt_record.h). Launches note their shape
 * under one mutex, and only while CU2CL_RECORD_LAUNCHES is set; the record
 * is written once, at exit.
 */
#include "rt_record.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rt_error.h"

typedef struct rt_recorded {
  struct rt_recorded *next;
  const char *program; /* cu2clProgram.name: static in the generated code */
  rt_launch_shape shape;
} rt_recorded;

static struct {
  pthread_mutex_t lock;
  rt_recorded *list;
  int registered;
} g_rec = {PTHREAD_MUTEX_INITIALIZER, NULL, 0};

static const char *rt_record_dir(void) {
  const char *dir = getenv("CU2CL_RECORD_LAUNCHES");
  return dir && *dir ? dir : NULL;
}

int rt_record_on(void) {
  static int on = -1;
  int v = __atomic_load_n(&on, __ATOMIC_RELAXED);
  if (v < 0) {
    v = rt_record_dir() != NULL;
    __atomic_store_n(&on, v, __ATOMIC_RELAXED);
  }
  return v;
}

static int rt_shape_same(const rt_launch_shape *a, const rt_launch_shape *b) {
  return !strcmp(a->kernel, b->kernel) && a->local[0] == b->local[0] &&
         a->local[1] == b->local[1] && a->local[2] == b->local[2] &&
         a->large == b->large && a->units == b->units;
}

static void rt_shape_print(FILE *f, const rt_launch_shape *s) {
  fprintf(f, "%s %zu %zu %zu %s %zu\n", s->kernel, s->local[0], s->local[1],
          s->local[2], s->large ? "large" : "small", s->units);
}

/* "dir/<base name of program>.launches", malloc'd. */
static char *rt_record_path(const char *dir, const char *program) {
  const char *base = strrchr(program, '/');
  base = base ? base + 1 : program;
  size_t n = strlen(dir) + strlen(base) + 16;
  char *path = malloc(n);
  if (path)
    snprintf(path, n, "%s/%s.launches", dir, base);
  return path;
}

/* Merges this run's shapes of program into its record file. */
static void rt_record_write(const char *dir, const char *program) {
  char *path = rt_record_path(dir, program), *tmp = NULL;
  rt_launch_shape *old = NULL;
  size_t nold = 0;
  mkdir(dir, 0777); /* its parent must exist */
  if (!path || rt_record_read(path, &old, &nold) != 0 ||
      !(tmp = malloc(strlen(path) + 32))) {
    rt_log_error("cannot update the launch record %s", path ? path : dir);
    goto done;
  }
  sprintf(tmp, "%s.tmp.%ld", path, (long)getpid());
  FILE *f = fopen(tmp, "w");
  if (!f) {
    rt_log_error("cannot write the launch record %s", tmp);
    goto done;
  }
  for (size_t i = 0; i < nold; i++)
    rt_shape_print(f, &old[i]);
  for (rt_recorded *r = g_rec.list; r; r = r->next) {
    int known = strcmp(r->program, program) != 0;
    for (size_t i = 0; i < nold && !known; i++)
      known = rt_shape_same(&old[i], &r->shape);
    if (!known)
      rt_shape_print(f, &r->shape);
  }
  if (fclose(f) != 0 || rename(tmp, path) != 0) {
    rt_log_error("cannot write the launch record %s", path);
    unlink(tmp);
  }
done:
  free(old);
  free(tmp);
  free(path);
}

static void rt_record_save(void) {
  const char *dir = rt_record_dir();
  pthread_mutex_lock(&g_rec.lock);
  for (rt_recorded *r = g_rec.list; r && dir; r = r->next) {
    int first = 1; /* the first entry of its program writes the file */
    for (rt_recorded *o = g_rec.list; o != r && first; o = o->next)
      first = strcmp(o->program, r->program) != 0;
    if (first)
      rt_record_write(dir, r->program);
  }
  while (g_rec.list) {
    rt_recorded *r = g_rec.list;
    g_rec.list = r->next;
    free(r);
  }
  pthread_mutex_unlock(&g_rec.lock);
}

void rt_record_launch(const cu2clKernelRef *ref, const size_t global[3],
                      const size_t local[3], size_t units) {
  if (!rt_record_on() || strlen(ref->name) >= sizeof g_rec.list->shape.kernel)
    return;
  const char *program = ref->program->name ? ref->program->name : "unnamed";
  rt_launch_shape s = {{0}, {local[0], local[1], local[2]}, 0, units};
  strcpy(s.kernel, ref->name);
  for (int i = 0; i < 3; i++)
    s.large |= global[i] >= 65535;
  pthread_mutex_lock(&g_rec.lock);
  rt_recorded *r = g_rec.list;
  while (r && !(rt_shape_same(&r->shape, &s) && !strcmp(r->program, program)))
    r = r->next;
  if (!r && (r = malloc(sizeof *r)) != NULL) {
    r->program = program;
    r->shape = s;
    r->next = g_rec.list;
    g_rec.list = r;
    if (!g_rec.registered)
      g_rec.registered = atexit(rt_record_save) == 0;
  }
  pthread_mutex_unlock(&g_rec.lock);
}

/* One line of a record into *s; 0, or -1 when it is not a shape. */
static int rt_shape_parse(const char *line, rt_launch_shape *s) {
  char grid[8];
  int end = 0;
  memset(s, 0, sizeof *s);
  if (sscanf(line, "%511s %zu %zu %zu %7s %zu %n", s->kernel, &s->local[0],
             &s->local[1], &s->local[2], grid, &s->units, &end) != 6 ||
      line[end] != '\0' || (strcmp(grid, "small") && strcmp(grid, "large")))
    return -1;
  s->large = grid[0] == 'l';
  return 0;
}

int rt_record_read(const char *path, rt_launch_shape **out, size_t *n) {
  *out = NULL;
  *n = 0;
  FILE *f = fopen(path, "r");
  if (!f)
    return access(path, F_OK) == 0 ? -1 : 0;
  char line[1024];
  size_t cap = 0;
  int rc = 0;
  while (rc == 0 && fgets(line, sizeof line, f)) {
    if (*n == cap) {
      cap = cap ? 2 * cap : 16;
      rt_launch_shape *more = realloc(*out, cap * sizeof **out);
      if (!more) {
        rc = -1;
        break;
      }
      *out = more;
    }
    if (line[0] == '\n' || line[0] == '#')
      continue;
    rc = rt_shape_parse(line, &(*out)[*n]);
    *n += rc == 0;
  }
  fclose(f);
  if (rc != 0) {
    free(*out);
    *out = NULL;
    *n = 0;
  }
  return rc;
}

char *rt_record_pocl_shapes(const rt_launch_shape *s, size_t n,
                            const char *grid) {
  char one[96]; /* the longest shape: three 20-digit sizes, 79 bytes */
  size_t cap = n * (sizeof one + 1) + 1, len = 0;
  char *list = n ? malloc(cap) : NULL;
  for (size_t i = 0; list && i < n; i++) {
    if (grid && *grid && strcmp(grid, s[i].large ? "large" : "small"))
      continue;
    snprintf(one, sizeof one, "%zu-%zu-%zu-goffs0%s", s[i].local[0],
             s[i].local[1], s[i].local[2], s[i].large ? "" : "-smallgrid");
    int seen = 0;
    for (const char *p = list; len && (p = strstr(p, one)) != NULL;
         p += strlen(one))
      seen |= (p == list || p[-1] == ',') &&
              (p[strlen(one)] == ',' || p[strlen(one)] == '\0');
    if (!seen)
      len +=
          (size_t)snprintf(list + len, cap - len, "%s%s", len ? "," : "", one);
  }
  if (list && !len) {
    free(list);
    list = NULL;
  }
  return list;
}
