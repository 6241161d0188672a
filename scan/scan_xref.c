/*
 * scan_xref: decisions over all scanned files (see scan_xref.h). Names are
 * interned in a small open-addressing table; the warp flag spreads from
 * callees to callers until nothing changes, as dev_uses spreads it over a
 * translation unit.
 */
#include "scan_xref.h"

#include <pthread.h>
#include <string.h>

typedef struct xname {
  char *name;
  int warp;    /* uses warp operations (after finish: also through callees) */
  int defined; /* some scanned file defines it */
  int reached; /* a kernel, or a function a kernel calls */
} xname;

typedef struct xedge {
  size_t caller, callee;
} xedge;

typedef struct xnote {
  size_t file, name; /* name: the function (geometry), kernel, or name */
  char *text;
  unsigned long long block;
  unsigned line, col;
} xnote;

typedef struct xnotes {
  xnote *v;
  size_t n;
} xnotes;

struct scan_xref {
  pthread_mutex_t lock;
  xname *names;
  size_t nnames;
  size_t *slots; /* index + 1 into names; 0: empty */
  size_t nslots;
  xedge *edges;
  size_t nedges;
  xnotes geometry, launches, unknown;
};

scan_xref *scan_xref_new(void) {
  scan_xref *x = xcalloc(1, sizeof *x);
  pthread_mutex_init(&x->lock, NULL);
  x->nslots = 1024;
  x->slots = xcalloc(x->nslots, sizeof *x->slots);
  return x;
}

static void notes_free(xnotes *n) {
  for (size_t i = 0; i < n->n; i++)
    free(n->v[i].text);
  free(n->v);
}

void scan_xref_delete(scan_xref *self) {
  if (!self)
    return;
  for (size_t i = 0; i < self->nnames; i++)
    free(self->names[i].name);
  free(self->names);
  free(self->slots);
  free(self->edges);
  notes_free(&self->geometry);
  notes_free(&self->launches);
  notes_free(&self->unknown);
  pthread_mutex_destroy(&self->lock);
  free(self);
}

static size_t hash(const char *s) {
  size_t h = 5381;
  for (; *s; s++)
    h = h * 33 + (unsigned char)*s;
  return h;
}

static void rehash(scan_xref *x) {
  free(x->slots);
  x->nslots *= 2;
  x->slots = xcalloc(x->nslots, sizeof *x->slots);
  for (size_t i = 0; i < x->nnames; i++) {
    size_t s = hash(x->names[i].name) & (x->nslots - 1);
    while (x->slots[s])
      s = (s + 1) & (x->nslots - 1);
    x->slots[s] = i + 1;
  }
}

/* The index of name, interned. Called with the lock held. */
static size_t intern(scan_xref *x, const char *name) {
  size_t s = hash(name) & (x->nslots - 1);
  while (x->slots[s]) {
    if (!strcmp(x->names[x->slots[s] - 1].name, name))
      return x->slots[s] - 1;
    s = (s + 1) & (x->nslots - 1);
  }
  x->names = xrealloc(x->names, (x->nnames + 1) * sizeof *x->names);
  x->names[x->nnames] = (xname){xstrdup(name), 0, 0, 0};
  x->slots[s] = ++x->nnames;
  if (x->nnames * 2 > x->nslots)
    rehash(x);
  return x->nnames - 1;
}

/* -1 when the name was never interned. */
static long lookup(scan_xref *x, const char *name) {
  size_t s = hash(name) & (x->nslots - 1);
  while (x->slots[s]) {
    if (!strcmp(x->names[x->slots[s] - 1].name, name))
      return (long)x->slots[s] - 1;
    s = (s + 1) & (x->nslots - 1);
  }
  return -1;
}

void scan_xref_call(scan_xref *self, const char *caller, const char *callee) {
  pthread_mutex_lock(&self->lock);
  size_t a = intern(self, caller), b = intern(self, callee);
  self->edges = xrealloc(self->edges, (self->nedges + 1) * sizeof *self->edges);
  self->edges[self->nedges++] = (xedge){a, b};
  pthread_mutex_unlock(&self->lock);
}

void scan_xref_warp(scan_xref *self, const char *fn) {
  pthread_mutex_lock(&self->lock);
  size_t k = intern(self, fn); /* names may move */
  self->names[k].warp = 1;
  pthread_mutex_unlock(&self->lock);
}

void scan_xref_define(scan_xref *self, const char *name) {
  pthread_mutex_lock(&self->lock);
  size_t k = intern(self, name); /* names may move */
  self->names[k].defined = 1;
  pthread_mutex_unlock(&self->lock);
}

static void add_note(scan_xref *x, xnotes *list, size_t file, const char *name,
                     const char *text, unsigned long long block, unsigned line,
                     unsigned col) {
  pthread_mutex_lock(&x->lock);
  list->v = xrealloc(list->v, (list->n + 1) * sizeof *list->v);
  list->v[list->n++] = (xnote){
      file, intern(x, name), text ? xstrdup(text) : NULL, block, line, col};
  pthread_mutex_unlock(&x->lock);
}

void scan_xref_geometry(scan_xref *self, size_t file, const char *fn,
                        const char *text, unsigned line, unsigned col) {
  add_note(self, &self->geometry, file, fn, text, 0, line, col);
}

void scan_xref_launch(scan_xref *self, size_t file, const char *kernel,
                      unsigned long long block, unsigned line, unsigned col) {
  add_note(self, &self->launches, file, kernel, NULL, block, line, col);
}

void scan_xref_unknown(scan_xref *self, size_t file, const char *name, int call,
                       int in_macro, unsigned line, unsigned col) {
  add_note(self, &self->unknown, file, name, NULL,
           (call ? 1u : 0u) | (in_macro ? 2u : 0u), line, col);
}

static void spread_warp(scan_xref *x) {
  for (int changed = 1; changed;) {
    changed = 0;
    for (size_t i = 0; i < x->nedges; i++) {
      xname *a = &x->names[x->edges[i].caller];
      if (!a->warp && x->names[x->edges[i].callee].warp) {
        a->warp = 1;
        changed = 1;
      }
    }
  }
}

/* What the translator emits: the kernels and the functions they call,
 * directly or not (by name: an overload or a namesake in another file
 * counts as reached). */
static void reach(scan_xref *x, scan_file *files, size_t n) {
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < files[i].nfuncs; j++) {
      long k =
          files[i].funcs[j].kernel ? lookup(x, files[i].funcs[j].name) : -1;
      if (k >= 0)
        x->names[k].reached = 1;
    }
  for (int changed = 1; changed;) {
    changed = 0;
    for (size_t i = 0; i < x->nedges; i++) {
      xname *b = &x->names[x->edges[i].callee];
      if (!b->reached && x->names[x->edges[i].caller].reached)
        changed = b->reached = 1;
    }
  }
}

/* Drops the findings of device functions no kernel reaches: the
 * translator never emits them. */
static void drop_unreached(scan_xref *x, scan_file *f) {
  size_t k = 0;
  for (size_t i = 0; i < f->nfinds; i++) {
    scan_finding *d = &f->finds[i];
    const scan_func *fn = d->fn ? &f->funcs[d->fn - 1] : NULL;
    long idx = fn && !fn->kernel ? lookup(x, fn->name) : -1;
    if (fn && !fn->kernel && (idx < 0 || !x->names[idx].reached)) {
      free(d->s1);
      free(d->s2);
    } else {
      f->finds[k++] = *d;
    }
  }
  f->nfinds = k;
}

/* CU2CL3011 on every kernel that uses warp operations; the functions'
 * flags for the report. */
static void mark_functions(scan_xref *x, scan_file *files, size_t n) {
  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < files[i].nfuncs; j++) {
      scan_func *fn = &files[i].funcs[j];
      long k = lookup(x, fn->name);
      fn->warp = k >= 0 && x->names[k].warp;
      if (fn->warp && fn->kernel)
        scan_add_finding(&files[i], CU2CL_D_WARP_EMULATION, fn->line, 1,
                         fn->name, NULL);
    }
}

void scan_xref_finish(scan_xref *self, scan_file *files, size_t n) {
  spread_warp(self);
  reach(self, files, n);
  for (size_t i = 0; i < n; i++)
    drop_unreached(self, &files[i]);
  mark_functions(self, files, n);
  for (size_t i = 0; i < self->geometry.n; i++) {
    xnote *g = &self->geometry.v[i];
    if (self->names[g->name].warp && self->names[g->name].reached)
      scan_add_finding(&files[g->file], CU2CL_D_WARP_SIZE_LITERAL, g->line,
                       g->col, g->text, NULL);
  }
  for (size_t i = 0; i < self->launches.n; i++) {
    xnote *l = &self->launches.v[i];
    if (l->block && l->block % 32 && self->names[l->name].warp) {
      scan_finding *f =
          scan_add_finding(&files[l->file], CU2CL_D_BLOCK_NOT_WARP_MULTIPLE,
                           l->line, l->col, self->names[l->name].name, NULL);
      f->u = (unsigned)l->block;
    }
  }
  for (size_t i = 0; i < self->unknown.n; i++) {
    xnote *u = &self->unknown.v[i];
    const char *name = self->names[u->name].name;
    if (self->names[u->name].defined)
      continue;
    scan_use *use =
        scan_add_use(&files[u->file], name, SCAN_HOST, u->line, u->col);
    use->cls = SCAN_UNSUPPORTED;
    use->call = u->block & 1;
    use->in_macro = (u->block & 2) != 0;
    if (!use->in_macro && str_starts_with(name, "cuda"))
      scan_add_finding(&files[u->file], CU2CL_D_UNKNOWN_CUDA_API, u->line,
                       u->col, name, NULL);
  }
}
