/*
 * rules_user: the rows of --rules files (rules.h, cu2cl_rules_load).
 *
 * A rules file holds rows written as in rules/runtime_api.def and
 * rules/device_functions.def:
 *
 *     CU2CL_HOST_API(gpuMalloc, "cu2clMalloc", FUNCTION, "our wrapper")
 *     CU2CL_DEVICE_FN(fast_rsqrt, "float", "native_rsqrt($0)", "")
 *
 * read by a small scanner (C comments, string literals with escapes and
 * adjacent-literal concatenation, NULL, bare words) rather than the C
 * preprocessor, so a user needs no compiler and an error names its line.
 * User rows are kept in arrays searched before the built-in tables.
 */
#include "rules_user.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static cu2cl_host_rule *host_rows;
static size_t nhost;
static cu2cl_device_rule *device_rows;
static size_t ndevice;

typedef struct scanner {
  const char *p;
  unsigned line;
  char err[256];
} scanner;

static void skip_blank(scanner *s) {
  for (;;) {
    while (isspace((unsigned char)*s->p))
      s->line += *s->p++ == '\n';
    if (s->p[0] == '/' && s->p[1] == '/') {
      s->p += strcspn(s->p, "\n");
    } else if (s->p[0] == '/' && s->p[1] == '*') {
      const char *end = strstr(s->p + 2, "*/");
      for (const char *q = s->p; q < (end ? end : s->p + strlen(s->p)); q++)
        s->line += *q == '\n';
      s->p = end ? end + 2 : s->p + strlen(s->p);
    } else if (s->p[0] == '#') { /* #ifndef guards of a copied .def */
      s->p += strcspn(s->p, "\n");
    } else {
      return;
    }
  }
}

/* One string literal (the opening quote at s->p) appended to b. */
static int scan_literal(scanner *s, strbuf *b) {
  static const char esc_in[] = "nt\\\"'0", esc_out[] = "\n\t\\\"'\0";
  for (s->p++; *s->p != '"'; s->p++) {
    if (!*s->p || *s->p == '\n') {
      snprintf(s->err, sizeof s->err, "unterminated string");
      return -1;
    }
    if (*s->p == '\\') {
      const char *e = strchr(esc_in, *++s->p);
      if (!e || !*s->p) {
        snprintf(s->err, sizeof s->err, "unknown escape '\\%c'", *s->p);
        return -1;
      }
      strbuf_appendc(b, esc_out[e - esc_in]);
    } else {
      strbuf_appendc(b, *s->p);
    }
  }
  s->p++;
  return 0;
}

/* An argument: string literals (concatenated), NULL (*out NULL) or a bare
 * word such as a name or a kind. */
static int scan_arg(scanner *s, char **out) {
  skip_blank(s);
  strbuf b = {0};
  if (*s->p == '"') {
    while (*s->p == '"') {
      if (scan_literal(s, &b)) {
        strbuf_free(&b);
        return -1;
      }
      skip_blank(s);
    }
    *out = strbuf_take(&b);
    return 0;
  }
  size_t n = strcspn(s->p, ",) \t\r\n");
  if (!n) {
    snprintf(s->err, sizeof s->err, "expected a value");
    return -1;
  }
  *out = strncmp(s->p, "NULL", n) || n != 4 ? xstrndup(s->p, n) : NULL;
  s->p += n;
  skip_blank(s);
  return 0;
}

/* "NAME(a, b, c, d)" after NAME: the four arguments. */
static int scan_row(scanner *s, char *args[4]) {
  skip_blank(s);
  if (*s->p++ != '(') {
    snprintf(s->err, sizeof s->err, "expected '('");
    return -1;
  }
  for (int i = 0; i < 4; i++) {
    if (scan_arg(s, &args[i]))
      return -1;
    if (*s->p != (i < 3 ? ',' : ')')) {
      snprintf(s->err, sizeof s->err, "expected '%c' after argument %d",
               i < 3 ? ',' : ')', i + 1);
      return -1;
    }
    s->p++;
  }
  return 0;
}

static int add_host(scanner *s, char *a[4]) {
  static const char *const kinds[] = {"FUNCTION", "TYPE", "ENUMERATOR", "MACRO",
                                      NULL};
  int ok = 0;
  for (const char *const *k = kinds; *k && a[2]; k++)
    ok |= !strcmp(*k, a[2]);
  if (!a[0] || !ok) {
    snprintf(s->err, sizeof s->err,
             "a host row needs a name and a kind FUNCTION, TYPE, "
             "ENUMERATOR or MACRO");
    return -1;
  }
  host_rows = xrealloc(host_rows, (nhost + 1) * sizeof *host_rows);
  host_rows[nhost++] =
      (cu2cl_host_rule){a[0], a[1], a[2], a[3] ? a[3] : xstrdup("")};
  return 0;
}

static int add_device(scanner *s, char *a[4]) {
  if (!a[0] || !a[1]) {
    snprintf(s->err, sizeof s->err,
             "a device row needs a name and a signature (\"*\": any)");
    return -1;
  }
  device_rows = xrealloc(device_rows, (ndevice + 1) * sizeof *device_rows);
  device_rows[ndevice++] =
      (cu2cl_device_rule){a[0], a[1], a[2], a[3] ? a[3] : xstrdup("")};
  return 0;
}

/* One row at s->p; 1 at the end of the text, -1 on an error. */
static int scan_one(scanner *s) {
  skip_blank(s);
  if (!*s->p)
    return 1;
  size_t n = strspn(s->p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
  int host = n == 14 && !strncmp(s->p, "CU2CL_HOST_API", n);
  int device = n == 15 && !strncmp(s->p, "CU2CL_DEVICE_FN", n);
  if (!host && !device) {
    snprintf(s->err, sizeof s->err,
             "expected a CU2CL_HOST_API or CU2CL_DEVICE_FN row");
    return -1;
  }
  s->p += n;
  char *a[4] = {NULL, NULL, NULL, NULL};
  int rc = scan_row(s, a);
  if (!rc)
    rc = host ? add_host(s, a) : add_device(s, a);
  if (rc)
    for (int i = 0; i < 4; i++)
      free(a[i]);
  return rc;
}

int cu2cl_rules_load(const char *path, char *err, size_t n) {
  size_t len;
  char *text = read_file(path, &len);
  if (!text) {
    snprintf(err, n, "cannot read it");
    return -1;
  }
  scanner s = {text, 1, ""};
  int rc;
  while ((rc = scan_one(&s)) == 0)
    ;
  if (rc < 0)
    snprintf(err, n, "line %u: %s", s.line, s.err);
  free(text);
  return rc < 0 ? -1 : 0;
}

const cu2cl_host_rule *cu2cl_rules_user_host(const char *cuda_name) {
  for (size_t i = nhost; i-- > 0;) /* the last row for a name wins */
    if (!strcmp(host_rows[i].cuda_name, cuda_name))
      return &host_rows[i];
  return NULL;
}

int cu2cl_rules_host_is_user(const cu2cl_host_rule *r) {
  return nhost && r >= host_rows && r < host_rows + nhost;
}

const cu2cl_device_rule *cu2cl_rules_user_device(const char *cuda_name,
                                                 const char *sig) {
  for (size_t i = 0; i < ndevice; i++)
    if (!strcmp(device_rows[i].cuda_name, cuda_name) &&
        (!strcmp(device_rows[i].signature, "*") ||
         !strcmp(device_rows[i].signature, sig)))
      return &device_rows[i];
  return NULL;
}

static void free_row(char *a, char *b, char *c, char *d) {
  free(a), free(b), free(c), free(d);
}

void cu2cl_rules_unload(void) {
  for (size_t i = 0; i < nhost; i++)
    free_row((char *)host_rows[i].cuda_name, (char *)host_rows[i].replacement,
             (char *)host_rows[i].kind, (char *)host_rows[i].notes);
  for (size_t i = 0; i < ndevice; i++)
    free_row((char *)device_rows[i].cuda_name, (char *)device_rows[i].signature,
             (char *)device_rows[i].opencl, (char *)device_rows[i].notes);
  free(host_rows);
  free(device_rows);
  host_rows = NULL, device_rows = NULL;
  nhost = ndevice = 0;
}
