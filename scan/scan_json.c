/*
 * scan_json: --report for `cu2cl scan` (scan_report.h). The findings are
 * reported into a diagnostics engine (absolute paths, catalog messages);
 * SARIF is then translator/report.c's writer as it is, and the JSON report
 * embeds the translator's JSON report of them under "diagnostics", beside
 * what only a scan knows (functions, uses, classes, the estimate).
 * docs/scan.md describes the shape.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "report.h"
#include "scan_report.h"

static void json_str(FILE *out, const char *s) {
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '"' || *p == '\\')
      fprintf(out, "\\%c", *p);
    else if (*p < 0x20)
      fprintf(out, "\\u%04x", *p);
    else
      fputc(*p, out);
  }
  fputc('"', out);
}

static cu2cl_diag_engine *findings_engine(const scan_file *files, size_t n) {
  cu2cl_diag_engine *d = cu2cl_diag_engine_new(NULL, 0);
  char *cwd = getcwd(NULL, 0);
  for (size_t i = 0; i < n; i++) {
    char *abs = path_absolute(files[i].path, cwd ? cwd : "/");
    for (size_t j = 0; j < files[i].nfinds; j++)
      scan_finding_report(d, abs, &files[i].finds[j]);
    free(abs);
  }
  free(cwd);
  return d;
}

static void json_functions(const scan_file *f, FILE *out) {
  fprintf(out, "      \"functions\": [");
  for (size_t i = 0; i < f->nfuncs; i++) {
    const scan_func *fn = &f->funcs[i];
    fprintf(out, "%s\n        {\"name\": ", i ? "," : "");
    json_str(out, fn->name);
    fprintf(out,
            ", \"line\": %u, \"kind\": \"%s\", \"template\": %s, "
            "\"warp\": %s}",
            fn->line, fn->kernel ? "kernel" : "device",
            fn->template ? "true" : "false", fn->warp ? "true" : "false");
  }
  fprintf(out, "%s],\n", f->nfuncs ? "\n      " : "");
}

static void json_uses(const scan_file *f, FILE *out) {
  fprintf(out, "      \"uses\": [");
  for (size_t i = 0; i < f->nuses; i++) {
    const scan_use *u = &f->uses[i];
    fprintf(out, "%s\n        {\"name\": ", i ? "," : "");
    json_str(out, u->name);
    fprintf(out, ", \"side\": \"%s\", \"category\": ",
            u->side == SCAN_HOST ? "host" : "device");
    json_str(out, u->category);
    fprintf(out,
            ", \"class\": \"%s\", \"call\": %s, \"in_macro\": %s, "
            "\"line\": %u, \"column\": %u}",
            scan_class_name(u->cls), u->call ? "true" : "false",
            u->in_macro ? "true" : "false", u->line, u->col);
  }
  fprintf(out, "%s]\n", f->nuses ? "\n      " : "");
}

static void json_file(const scan_file *f, int first, FILE *out) {
  fprintf(out, "%s\n    {\n      \"file\": ", first ? "" : ",");
  json_str(out, f->path);
  fprintf(out,
          ",\n      \"lines\": %u,\n      \"unreadable\": %s,\n"
          "      \"parse_errors\": %u,\n      \"first_error_line\": %u,\n"
          "      \"launches\": %u,\n      \"macro_uses\": %u,\n",
          f->lines, f->unreadable ? "true" : "false", f->parse_errors,
          f->error_line, f->launches, f->macro_uses);
  json_functions(f, out);
  json_uses(f, out);
  fprintf(out, "    }");
}

static void json_summary(const scan_totals *t, FILE *out) {
  fprintf(out,
          "  \"summary\": {\n    \"files\": %zu,\n    \"lines\": %zu,\n"
          "    \"parse_error_files\": %zu,\n    \"kernels\": %zu,\n"
          "    \"device_functions\": %zu,\n    \"launches\": %zu,\n"
          "    \"uses\": %zu,\n    \"macro_uses\": %zu,\n"
          "    \"constructs\": {",
          t->files, t->lines, t->parse_error_files, t->kernels,
          t->device_functions, t->launches, t->uses, t->macro_uses);
  for (int c = 0; c < SCAN_NCLASS; c++)
    fprintf(out, "%s\"%s\": %zu", c ? ", " : "", scan_class_name(c),
            t->by_class[c]);
  fprintf(out, "}\n  },\n");
}

static int write_json(const scan_file *files, size_t n, const scan_totals *t,
                      cu2cl_diag_engine *d, FILE *out) {
  fprintf(out,
          "{\n  \"version\": 1,\n  \"tool\": {\"name\": \"cu2cl scan\", "
          "\"version\": \"%s\"},\n  \"macros_expanded\": false,\n",
          CU2CL_VERSION);
  json_summary(t, out);
  fprintf(out, "  \"files\": [");
  for (size_t i = 0; i < n; i++)
    json_file(&files[i], i == 0, out);
  fprintf(out, "%s],\n  \"diagnostics\": ", n ? "\n  " : "");
  int rc = cu2cl_report_write_json(d, out, CU2CL_VERSION);
  fprintf(out, "}\n");
  return rc;
}

int scan_report_write(const scan_file *files, size_t n, const scan_totals *t,
                      const char *path) {
  cu2cl_diag_engine *d = findings_engine(files, n);
  int rc;
  if (str_ends_with(path, ".sarif")) {
    rc = cu2cl_report_write(d, path, CU2CL_VERSION);
  } else {
    char *tmp = xasprintf("%s.tmp%d", path, (int)getpid());
    FILE *out = fopen(tmp, "w");
    rc = out ? write_json(files, n, t, d, out) : -1;
    if (out && fclose(out) != 0)
      rc = -1;
    if (rc == 0 && rename(tmp, path) != 0)
      rc = -1;
    if (rc != 0) {
      int e = errno;
      unlink(tmp);
      errno = e;
    }
    free(tmp);
  }
  cu2cl_diag_engine_delete(d);
  return rc;
}
