/*
 * manifest: the out-root's record for incremental runs; see manifest.h.
 *
 * The file reads
 *
 *   cu2cl-manifest<TAB>1
 *   in-root<TAB>/abs/input/root
 *   unit<TAB>/abs/src/a.cu        one block per unit, its fields below:
 *   key<TAB>HEX
 *   dep<TAB>HEX<TAB>/abs/src/a.cu the source, then its project headers
 *   out<TAB>src/a.cpp             every file the unit wrote
 *   host<TAB>src/a.cpp   cl<TAB>src/a.cl<TAB>SYMBOL   main<TAB>1
 *   inc<TAB>DIR   def<TAB>NAME=V   opt<TAB>3   warn<TAB>CU2CL3007
 *
 * A value is the rest of its line; unknown fields are skipped, so a newer
 * cu2cl can add some. A path holding a newline cannot be recorded: such a
 * unit is left out (and retranslated next time).
 */
#include "manifest.h"

#include <clang-c/Index.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static uint64_t fnv1a(uint64_t h, const void *data, size_t len) {
  const unsigned char *p = data;
  for (size_t i = 0; i < len; i++) {
    h ^= p[i];
    h *= 1099511628211ull;
  }
  return h;
}

#define FNV_BASIS 14695981039346656037ull

static char *hash_text(const char *data, size_t len) {
  return xasprintf("%016llx%08zx",
                   (unsigned long long)fnv1a(FNV_BASIS, data, len), len);
}

char *cu2cl_hash_file(const char *path) {
  size_t len;
  char *data = read_file(path, &len);
  if (!data)
    return NULL;
  char *h = hash_text(data, len);
  free(data);
  return h;
}

/* cu2cl's version, its executable's content (a rebuilt cu2cl of the same
 * version translates anew) and libclang's version. */
static char *tool_key;
static pthread_once_t tool_once = PTHREAD_ONCE_INIT;

static void compute_tool_key(void) {
  char *exe = cu2cl_hash_file("/proc/self/exe");
  CXString v = clang_getClangVersion();
  tool_key = xasprintf("%s|%s|%s", CU2CL_VERSION, exe ? exe : "?",
                       clang_getCString(v));
  clang_disposeString(v);
  free(exe);
}

char *cu2cl_manifest_key(const cu2cl_options *o, const cu2cl_compile_cmd *c) {
  pthread_once(&tool_once, compute_tool_key);
  strbuf b = {0};
  strbuf_printf(&b, "%s\n%s\n%s %d.%d\n%s\n%d %d %d\n%s %d %d %d %d\n",
                tool_key, o->in_root, o->cuda.path ? o->cuda.path : "-",
                o->cuda.version_major, o->cuda.version_minor,
                o->own_headers ? o->own_headers : "-", o->warp_size,
                o->check_cl, o->check_host, c->arch ? c->arch : "-", c->lang,
                c->intent.opt_level, c->intent.fast_math, c->intent.rdc);
  if (c->intent.openmp) /* keys of units without it stay as they were */
    strbuf_append(&b, "openmp\n");
  for (size_t i = 0; i < c->flags.len; i++) {
    strbuf_append(&b, c->flags.items[i]);
    strbuf_appendc(&b, '\n');
  }
  char *h = hash_text(b.data ? b.data : "", b.len);
  strbuf_free(&b);
  return h;
}

int cu2cl_manifest_up_to_date(const cu2cl_manifest_unit *u, const char *key,
                              const char *out_root) {
  if (!u->key || strcmp(u->key, key) || !u->deps.len || !u->host_rel)
    return 0;
  for (size_t i = 0; i < u->deps.len; i++) {
    char *h = cu2cl_hash_file(u->deps.items[i]);
    int same = h && !strcmp(h, u->dep_hashes.items[i]);
    free(h);
    if (!same)
      return 0;
  }
  for (size_t i = 0; i < u->outputs.len; i++) {
    char *p = path_join(out_root, u->outputs.items[i]);
    int there = path_exists(p);
    free(p);
    if (!there)
      return 0;
  }
  return 1;
}

void cu2cl_manifest_set_deps(cu2cl_manifest_unit *u, const char *source,
                             const strvec *headers) {
  strvec_free(&u->deps);
  strvec_free(&u->dep_hashes);
  for (size_t i = 0; i <= (headers ? headers->len : 0); i++) {
    const char *f = i ? headers->items[i - 1] : source;
    char *h = cu2cl_hash_file(f);
    strvec_push(&u->deps, f);
    strvec_push_own(&u->dep_hashes, h ? h : xstrdup("-"));
  }
}

static char *dup_or_null(const char *s) {
  return s ? xstrdup(s) : NULL;
}

/* ---- units and the project ----------------------------------------- */

/* The -I and -D of a command: include directories inside the input tree
 * as the same place in the out-root (relative: the out-root may move). */
static void record_flags(cu2cl_manifest_unit *u, const char *in_root,
                         const strvec *f) {
  for (size_t j = 0; j < f->len; j++) {
    const char *s = f->items[j];
    int inc = str_starts_with(s, "-I") || str_starts_with(s, "-isystem");
    if (!inc && !str_starts_with(s, "-D"))
      continue;
    size_t skip = str_starts_with(s, "-isystem") ? 8 : 2;
    const char *v = s[skip] ? s + skip : (j + 1 < f->len ? f->items[++j] : 0);
    if (!v)
      continue;
    strvec *to = inc ? &u->include_dirs : &u->defines;
    const char *rel = v;
    if (inc && path_is_under(v, in_root))
      rel = v[strlen(in_root)] ? v + strlen(in_root) + 1 : ".";
    if (!strvec_contains(to, rel))
      strvec_push(to, rel);
  }
}

static void record_warnings(cu2cl_manifest_unit *u,
                            const cu2cl_diag_engine *d) {
  size_t n;
  const cu2cl_diag_record *rec = cu2cl_diag_records(d, &n);
  for (size_t i = 0; i < n; i++)
    if (rec[i].file && strvec_contains(&u->deps, rec[i].file) &&
        cu2cl_diag_info_get(rec[i].id)->severity == CU2CL_WARNING &&
        rec[i].suppressed != CU2CL_SUPPRESSED_INLINE)
      strvec_push_own(
          &u->warnings,
          xasprintf("CU2CL%04u", cu2cl_diag_info_get(rec[i].id)->number));
}

size_t cu2cl_manifest_warnings(const cu2cl_manifest_unit *u,
                               const cu2cl_diag_engine *d) {
  size_t count = 0;
  for (size_t i = 0; i < u->warnings.len; i++) {
    const cu2cl_diag_info *info = cu2cl_diag_info_find(u->warnings.items[i]);
    int id = 0;
    while (info && id < CU2CL_D_COUNT && cu2cl_diag_info_get(id) != info)
      id++;
    count += !info || !cu2cl_diag_suppresses(d, (cu2cl_diag_id)id);
  }
  return count;
}

void cu2cl_manifest_record(cu2cl_manifest_unit *u, const cu2cl_options *o,
                           const cu2cl_compile_cmd *c, const cu2cl_tu_result *t,
                           const char *key, const cu2cl_diag_engine *d) {
  u->key = xstrdup(key);
  cu2cl_manifest_set_deps(u, c->file, &t->deps);
  strvec_push(&u->outputs, t->host_rel);
  if (t->cl_rel)
    strvec_push(&u->outputs, t->cl_rel);
  for (size_t h = 0; h < t->header_abs.len; h++)
    strvec_push(&u->outputs, t->header_abs.items[h] + strlen(o->in_root) + 1);
  u->host_rel = xstrdup(t->host_rel);
  u->cl_rel = dup_or_null(t->cl_rel);
  u->cl_symbol = dup_or_null(t->cl_rel ? t->cl_symbol : NULL);
  u->has_main = t->has_main;
  u->cl_fast_math = t->cl_rel && t->cl_fast_math;
  record_flags(u, o->in_root, &c->flags);
  u->opt_level = c->intent.opt_level;
  u->openmp = c->intent.openmp;
  record_warnings(u, d);
}

void cu2cl_manifest_project(const cu2cl_manifest *m, const char *out_root,
                            cu2cl_project *p) {
  p->units = xcalloc(m->nunits + 1, sizeof *p->units);
  p->opt_level = -1;
  for (size_t i = 0; i < m->nunits; i++) {
    const cu2cl_manifest_unit *u = &m->units[i];
    p->units[p->nunits++] = (cu2cl_project_unit){
        u->host_rel, u->cl_rel, u->cl_symbol, u->has_main, u->cl_fast_math};
    for (size_t j = 0; j < u->include_dirs.len; j++) {
      const char *dir = u->include_dirs.items[j];
      char *abs = dir[0] == '/'      ? xstrdup(dir)
                  : strcmp(dir, ".") ? path_join(out_root, dir)
                                     : xstrdup(out_root);
      if (strvec_contains(&p->include_dirs, abs))
        free(abs);
      else
        strvec_push_own(&p->include_dirs, abs);
    }
    for (size_t j = 0; j < u->defines.len; j++)
      if (!strvec_contains(&p->defines, u->defines.items[j]))
        strvec_push(&p->defines, u->defines.items[j]);
    if (u->opt_level > p->opt_level)
      p->opt_level = u->opt_level;
    p->openmp |= u->openmp;
  }
}

/* ---- the unit list --------------------------------------------------- */

cu2cl_manifest_unit *cu2cl_manifest_find(const cu2cl_manifest *m,
                                         const char *source) {
  for (size_t i = 0; i < m->nunits; i++)
    if (!strcmp(m->units[i].source, source))
      return &m->units[i];
  return NULL;
}

cu2cl_manifest_unit *cu2cl_manifest_add(cu2cl_manifest *m, const char *source) {
  if (m->nunits == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 16;
    m->units = xrealloc(m->units, m->cap * sizeof *m->units);
  }
  cu2cl_manifest_unit *u = &m->units[m->nunits++];
  memset(u, 0, sizeof *u);
  u->source = xstrdup(source);
  u->opt_level = -1;
  return u;
}

static void copy_vec(strvec *to, const strvec *from) {
  for (size_t i = 0; i < from->len; i++)
    strvec_push(to, from->items[i]);
}

void cu2cl_manifest_add_copy(cu2cl_manifest *m, const cu2cl_manifest_unit *u) {
  cu2cl_manifest_unit *c = cu2cl_manifest_add(m, u->source);
  c->key = dup_or_null(u->key);
  copy_vec(&c->deps, &u->deps);
  copy_vec(&c->dep_hashes, &u->dep_hashes);
  copy_vec(&c->outputs, &u->outputs);
  c->host_rel = dup_or_null(u->host_rel);
  c->cl_rel = dup_or_null(u->cl_rel);
  c->cl_symbol = dup_or_null(u->cl_symbol);
  c->has_main = u->has_main;
  c->cl_fast_math = u->cl_fast_math;
  copy_vec(&c->include_dirs, &u->include_dirs);
  copy_vec(&c->defines, &u->defines);
  c->opt_level = u->opt_level;
  c->openmp = u->openmp;
  copy_vec(&c->warnings, &u->warnings);
}

void cu2cl_manifest_order_like(cu2cl_manifest *m, const cu2cl_manifest *like) {
  cu2cl_manifest_unit *sorted = xcalloc(m->nunits + 1, sizeof *sorted);
  char *taken = xcalloc(m->nunits + 1, 1);
  size_t n = 0;
  for (size_t pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < (pass ? m->nunits : like->nunits); i++)
      for (size_t j = 0; j < m->nunits; j++)
        if (!taken[j] &&
            (pass ? j == i
                  : !strcmp(m->units[j].source, like->units[i].source))) {
          taken[j] = 1;
          sorted[n++] = m->units[j];
        }
  if (n) /* memcpy's pointers may not be NULL, even for no units */
    memcpy(m->units, sorted, n * sizeof *sorted);
  free(sorted);
  free(taken);
}

static void unit_free(cu2cl_manifest_unit *u) {
  free(u->source);
  free(u->key);
  strvec_free(&u->deps);
  strvec_free(&u->dep_hashes);
  strvec_free(&u->outputs);
  free(u->host_rel);
  free(u->cl_rel);
  free(u->cl_symbol);
  strvec_free(&u->include_dirs);
  strvec_free(&u->defines);
  strvec_free(&u->warnings);
}

void cu2cl_manifest_free(cu2cl_manifest *m) {
  for (size_t i = 0; i < m->nunits; i++)
    unit_free(&m->units[i]);
  free(m->units);
  free(m->in_root);
  memset(m, 0, sizeof *m);
}

/* ---- reading and writing --------------------------------------------- */

/* One "field<TAB>value" line into unit u (NULL before the first unit). */
static int parse_field(cu2cl_manifest *m, cu2cl_manifest_unit **u,
                       const char *field, char *value) {
  if (!strcmp(field, "in-root")) {
    free(m->in_root);
    m->in_root = xstrdup(value);
  } else if (!strcmp(field, "unit")) {
    *u = cu2cl_manifest_add(m, value);
  } else if (!*u) {
    return 0; /* a top-level field of a newer cu2cl */
  } else if (!strcmp(field, "key")) {
    free((*u)->key);
    (*u)->key = xstrdup(value);
  } else if (!strcmp(field, "dep")) {
    char *tab = strchr(value, '\t');
    if (!tab)
      return -1;
    *tab = 0;
    strvec_push(&(*u)->dep_hashes, value);
    strvec_push(&(*u)->deps, tab + 1);
  } else if (!strcmp(field, "cl")) {
    char *tab = strchr(value, '\t');
    if (!tab)
      return -1;
    *tab = 0;
    (*u)->cl_rel = xstrdup(value);
    (*u)->cl_symbol = xstrdup(tab + 1);
  } else if (!strcmp(field, "out")) {
    strvec_push(&(*u)->outputs, value);
  } else if (!strcmp(field, "host")) {
    (*u)->host_rel = xstrdup(value);
  } else if (!strcmp(field, "main")) {
    (*u)->has_main = atoi(value);
  } else if (!strcmp(field, "clfast")) {
    (*u)->cl_fast_math = atoi(value);
  } else if (!strcmp(field, "inc")) {
    strvec_push(&(*u)->include_dirs, value);
  } else if (!strcmp(field, "def")) {
    strvec_push(&(*u)->defines, value);
  } else if (!strcmp(field, "opt")) {
    (*u)->opt_level = atoi(value);
  } else if (!strcmp(field, "openmp")) {
    (*u)->openmp = atoi(value);
  } else if (!strcmp(field, "warn")) {
    strvec_push(&(*u)->warnings, value);
  }
  return 0;
}

int cu2cl_manifest_load(const char *out_root, cu2cl_manifest *m) {
  memset(m, 0, sizeof *m);
  char *path = path_join(out_root, CU2CL_MANIFEST_NAME);
  char *text = read_file(path, NULL);
  free(path);
  if (!text || !str_starts_with(text, "cu2cl-manifest\t1\n")) {
    free(text);
    return -1;
  }
  cu2cl_manifest_unit *u = NULL;
  int rc = 0;
  for (char *line = text, *next; line && *line && !rc; line = next) {
    next = strchr(line, '\n');
    if (next)
      *next++ = 0;
    char *tab = strchr(line, '\t');
    if (!tab)
      continue;
    *tab = 0;
    rc = parse_field(m, &u, line, tab + 1);
  }
  free(text);
  if (rc || !m->in_root) {
    cu2cl_manifest_free(m);
    return -1;
  }
  return 0;
}

static int unit_recordable(const cu2cl_manifest_unit *u) {
  const strvec *vs[] = {&u->deps, &u->outputs, &u->include_dirs, &u->defines};
  for (size_t v = 0; v < sizeof vs / sizeof *vs; v++)
    for (size_t i = 0; i < vs[v]->len; i++)
      if (strchr(vs[v]->items[i], '\n'))
        return 0;
  return !strchr(u->source, '\n') && u->host_rel &&
         !strchr(u->host_rel, '\n') && (!u->cl_rel || !strchr(u->cl_rel, '\n'));
}

static void write_unit(strbuf *b, const cu2cl_manifest_unit *u) {
  strbuf_printf(b, "unit\t%s\nkey\t%s\n", u->source, u->key ? u->key : "-");
  for (size_t i = 0; i < u->deps.len; i++)
    strbuf_printf(b, "dep\t%s\t%s\n", u->dep_hashes.items[i], u->deps.items[i]);
  for (size_t i = 0; i < u->outputs.len; i++)
    strbuf_printf(b, "out\t%s\n", u->outputs.items[i]);
  strbuf_printf(b, "host\t%s\n", u->host_rel);
  if (u->cl_rel)
    strbuf_printf(b, "cl\t%s\t%s\n", u->cl_rel, u->cl_symbol);
  strbuf_printf(b, "main\t%d\n", u->has_main);
  if (u->cl_fast_math)
    strbuf_printf(b, "clfast\t1\n");
  for (size_t i = 0; i < u->include_dirs.len; i++)
    strbuf_printf(b, "inc\t%s\n", u->include_dirs.items[i]);
  for (size_t i = 0; i < u->defines.len; i++)
    strbuf_printf(b, "def\t%s\n", u->defines.items[i]);
  strbuf_printf(b, "opt\t%d\n", u->opt_level);
  if (u->openmp)
    strbuf_printf(b, "openmp\t1\n");
  for (size_t i = 0; i < u->warnings.len; i++)
    strbuf_printf(b, "warn\t%s\n", u->warnings.items[i]);
}

int cu2cl_manifest_save(const char *out_root, const cu2cl_manifest *m) {
  strbuf b = {0};
  strbuf_printf(&b, "cu2cl-manifest\t1\nin-root\t%s\n", m->in_root);
  for (size_t i = 0; i < m->nunits; i++)
    if (unit_recordable(&m->units[i]))
      write_unit(&b, &m->units[i]);
  char *path = path_join(out_root, CU2CL_MANIFEST_NAME);
  int rc = write_file_atomic(path, b.data, b.len);
  free(path);
  strbuf_free(&b);
  return rc;
}
