/*
 * report: writes the recorded diagnostics as cu2cl's JSON report
 * (docs/report.md) or as SARIF 2.1.0.
 *
 * Both writers emit JSON by hand. Every string goes through json_string,
 * which escapes quotes, backslashes and control characters and replaces bytes
 * that are not valid UTF-8 with U+FFFD, so the output is valid JSON whatever
 * the paths and messages hold. SARIF wants file locations as URIs: absolute
 * paths become "file://" URIs with the bytes outside RFC 3986's unreserved
 * set (and '/') percent-encoded.
 *
 * The writers read the engine's records without its lock: call them after the
 * translation threads have finished.
 */
#include "report.h"

#include "util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* ---- JSON helpers ------------------------------------------------------- */

/* Length of the valid UTF-8 sequence at s (1-4), or 0 when s does not start
 * one. Overlong forms and surrogates count as invalid, as RFC 3629 says. */
static size_t utf8_sequence_length(const unsigned char *s) {
  if (s[0] < 0x80)
    return 1;
  size_t n = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 ? 2 : 0;
  if (n == 0 || s[0] > 0xF4)
    return 0;
  for (size_t i = 1; i < n; i++)
    if ((s[i] & 0xC0) != 0x80)
      return 0;
  if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0) ||
      (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90))
    return 0;
  return n;
}

static void json_escape_byte(FILE *out, unsigned char c) {
  switch (c) {
  case '"':
    fputs("\\\"", out);
    break;
  case '\\':
    fputs("\\\\", out);
    break;
  case '\n':
    fputs("\\n", out);
    break;
  case '\r':
    fputs("\\r", out);
    break;
  case '\t':
    fputs("\\t", out);
    break;
  default:
    if (c < 0x20 || c == 0x7F)
      fprintf(out, "\\u%04x", c);
    else
      fputc(c, out);
  }
}

/* Writes s as a JSON string literal; NULL is written as null. */
static void json_string(FILE *out, const char *s) {
  if (!s) {
    fputs("null", out);
    return;
  }
  fputc('"', out);
  for (const unsigned char *p = (const unsigned char *)s; *p;) {
    size_t n = utf8_sequence_length(p);
    if (n == 0) {
      fputs("\\ufffd", out);
      p++;
    } else if (n == 1) {
      json_escape_byte(out, *p++);
    } else {
      fwrite(p, 1, n, out);
      p += n;
    }
  }
  fputc('"', out);
}

/* Writes `"key": ` at the given indentation, preceded by ",\n" unless first. */
static void json_key(FILE *out, int first, int indent, const char *key) {
  fprintf(out, "%s%*s", first ? "" : ",\n", indent, "");
  json_string(out, key);
  fputs(": ", out);
}

static void json_key_string(FILE *out, int first, int indent, const char *key,
                            const char *value) {
  json_key(out, first, indent, key);
  json_string(out, value);
}

static void json_key_uint(FILE *out, int first, int indent, const char *key,
                          size_t value) {
  json_key(out, first, indent, key);
  fprintf(out, "%zu", value);
}

/* Writes the notes of a record as an array of lines. */
static void json_notes(FILE *out, const char *notes) {
  fputc('[', out);
  for (const char *p = notes; p && *p;) {
    size_t n = strcspn(p, "\n");
    char *line = xstrndup(p, n);
    if (p != notes)
      fputs(", ", out);
    json_string(out, line);
    free(line);
    p += n;
    if (*p == '\n')
      p++;
  }
  fputc(']', out);
}

static const char *version_or_unknown(const char *v) {
  return v && *v ? v : "unknown";
}

/* ---- cu2cl JSON --------------------------------------------------------- */

static void json_summary(const cu2cl_diag_engine *diags, FILE *out) {
  fputs(",\n  \"summary\": {\n", out);
  json_key_uint(out, 1, 4, "errors", cu2cl_diag_count(diags, CU2CL_ERROR));
  json_key_uint(out, 0, 4, "warnings", cu2cl_diag_count(diags, CU2CL_WARNING));
  json_key_uint(out, 0, 4, "remarks", cu2cl_diag_count(diags, CU2CL_REMARK));
  json_key_uint(out, 0, 4, "notes", cu2cl_diag_count(diags, CU2CL_NOTE));
  json_key_uint(out, 0, 4, "suppressed", cu2cl_diag_count_suppressed(diags));
  json_key(out, 0, 4, "by_id");
  fputs("{\n", out);
  int first = 1;
  for (size_t i = 0; i < CU2CL_D_COUNT; i++) {
    size_t count = cu2cl_diag_count_id(diags, (cu2cl_diag_id)i);
    if (!count)
      continue;
    char key[16];
    snprintf(key, sizeof key, "CU2CL%04u",
             cu2cl_diag_info_get((cu2cl_diag_id)i)->number);
    json_key_uint(out, first, 6, key, count);
    first = 0;
  }
  fputs(first ? "}\n  }" : "\n    }\n  }", out);
}

static void json_finding(const cu2cl_diag_engine *diags, size_t index,
                         const cu2cl_diag_record *r, FILE *out) {
  const cu2cl_diag_info *info = cu2cl_diag_info_get(r->id);
  char id[16];
  snprintf(id, sizeof id, "CU2CL%04u", info->number);
  fputs(index ? ",\n    {\n" : "\n    {\n", out);
  json_key_string(out, 1, 6, "id", id);
  json_key_string(out, 0, 6, "name", info->name);
  json_key_string(out, 0, 6, "severity", cu2cl_severity_name(info->severity));
  json_key_string(out, 0, 6, "category", info->category);
  json_key_string(out, 0, 6, "file", r->file);
  json_key_uint(out, 0, 6, "line", r->line);
  json_key_uint(out, 0, 6, "column", r->column);
  json_key_string(out, 0, 6, "message", r->message);
  json_key(out, 0, 6, "suppressed");
  fputs(r->suppressed ? "true" : "false", out);
  json_key(out, 0, 6, "notes");
  json_notes(out, cu2cl_diag_record_notes(diags, index));
  fputs("\n    }", out);
}

/* "statistics": what the run converted (progress.h). */
static void json_statistics(const cu2cl_stats *st, FILE *out) {
  fputs(",\n  \"statistics\": {\n", out);
  json_key_uint(out, 1, 4, "kernels", st->kernels);
  json_key_uint(out, 0, 4, "launches", st->launches);
  json_key(out, 0, 4, "api_uses");
  fputc('{', out);
  int first = 1;
  for (size_t i = 0; i < CU2CL_STATS_MAX_CATEGORIES; i++) {
    if (!st->api[i])
      continue;
    fputs(first ? "" : ", ", out);
    json_string(out, cu2cl_stats_category_name(i));
    fprintf(out, ": %zu", st->api[i]);
    first = 0;
  }
  fputs("}\n  }", out);
}

static int write_json(const cu2cl_diag_engine *diags, FILE *out,
                      const cu2cl_report_run *run) {
  fputs("{\n", out);
  json_key_uint(out, 1, 2, "version", 1);
  fputs(",\n  \"tool\": {\n", out);
  json_key_string(out, 1, 4, "name", "cu2cl");
  json_key_string(out, 0, 4, "version", version_or_unknown(run->tool_version));
  fputs("\n  }", out);
  json_summary(diags, out);
  if (run->stats)
    json_statistics(run->stats, out);
  fputs(",\n  \"findings\": [", out);
  size_t n;
  const cu2cl_diag_record *records = cu2cl_diag_records(diags, &n);
  for (size_t i = 0; i < n; i++)
    json_finding(diags, i, &records[i], out);
  fputs(n ? "\n  ]\n}\n" : "]\n}\n", out);
  return ferror(out) ? -1 : 0;
}

int cu2cl_report_write_json(const cu2cl_diag_engine *diags, FILE *out,
                            const char *tool_version) {
  cu2cl_report_run run = {0};
  run.tool_version = tool_version;
  return write_json(diags, out, &run);
}

/* ---- SARIF 2.1.0 -------------------------------------------------------- */

/* SARIF has three levels that matter here; remarks are notes to it. */
static const char *sarif_level(cu2cl_severity s) {
  switch (s) {
  case CU2CL_ERROR:
    return "error";
  case CU2CL_WARNING:
    return "warning";
  default:
    return "note";
  }
}

/* path percent-encoded (RFC 3986) after prefix. */
static char *encode_uri(const char *prefix, const char *path) {
  static const char hex[] = "0123456789ABCDEF";
  strbuf b = {0};
  strbuf_append(&b, prefix);
  for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
        (*p >= '0' && *p <= '9') || strchr("-._~/", *p)) {
      strbuf_appendc(&b, (char)*p);
    } else {
      strbuf_appendc(&b, '%');
      strbuf_appendc(&b, hex[*p >> 4]);
      strbuf_appendc(&b, hex[*p & 15]);
    }
  }
  return strbuf_take(&b);
}

char *cu2cl_report_file_uri(const char *path) {
  return encode_uri("file://", path);
}

/* "file://" + the absolute path (RFC 8089); a directory ends in '/'. */
static char *file_uri(const char *path, int dir) {
  char *u = encode_uri("file://", path);
  if (dir && !str_ends_with(u, "/")) {
    char *d = xasprintf("%s/", u);
    free(u);
    u = d;
  }
  return u;
}

/* Writes {"uri": ...} for path: relative with uriBaseId %SRCROOT% below the
 * run's input root, else a file URI. */
static void sarif_artifact(const cu2cl_report_run *run, const char *path,
                           FILE *out) {
  const char *root = run->src_root;
  char *uri;
  int rel = root && path_is_under(path, root) && strcmp(path, root);
  if (rel)
    uri = encode_uri("", path + strlen(root) + (strcmp(root, "/") != 0));
  else
    uri = file_uri(path, 0);
  fputs("{\"uri\": ", out);
  json_string(out, uri);
  if (rel)
    fputs(", \"uriBaseId\": \"%SRCROOT%\"", out);
  fputc('}', out);
  free(uri);
}

/* The ID's section of diagnostics.md (its anchor: <a id="cu2cl1001">). */
static char *help_uri(const char *docs_url, const cu2cl_diag_info *info) {
  return xasprintf("%s/diagnostics.md#cu2cl%04u", docs_url, info->number);
}

static void sarif_rule(const cu2cl_diag_info *info, int first,
                       const cu2cl_report_run *run, FILE *out) {
  char id[16];
  snprintf(id, sizeof id, "CU2CL%04u", info->number);
  fputs(first ? "\n            {\n" : ",\n            {\n", out);
  json_key_string(out, 1, 14, "id", id);
  json_key_string(out, 0, 14, "name", info->name);
  json_key(out, 0, 14, "shortDescription");
  fputs("{\"text\": ", out);
  json_string(out, info->message);
  fputc('}', out);
  json_key(out, 0, 14, "fullDescription");
  fputs("{\"text\": ", out);
  json_string(out, info->explanation);
  fputc('}', out);
  json_key(out, 0, 14, "help");
  fputs("{\"text\": ", out);
  json_string(out, info->fix);
  fputc('}', out);
  if (run->docs_url) {
    char *u = help_uri(run->docs_url, info);
    json_key_string(out, 0, 14, "helpUri", u);
    free(u);
  }
  json_key(out, 0, 14, "defaultConfiguration");
  fprintf(out, "{\"level\": \"%s\"}", sarif_level(info->severity));
  json_key(out, 0, 14, "properties");
  fputs("{\"category\": ", out);
  json_string(out, info->category);
  fputs("}\n            }", out);
}

/* Whether any record, suppressed or not, has id. */
static int occurs(const cu2cl_diag_engine *diags, cu2cl_diag_id id) {
  return cu2cl_diag_count_id(diags, id) ||
         cu2cl_diag_count_suppressed_id(diags, id);
}

/* Writes tool.driver; rule_index[id] receives the index of each rule that
 * occurs (rules are listed in catalog order), -1 for the others. */
static void sarif_driver(const cu2cl_diag_engine *diags,
                         const cu2cl_report_run *run, int *rule_index,
                         FILE *out) {
  fputs("      \"tool\": {\n        \"driver\": {\n", out);
  json_key_string(out, 1, 10, "name", "cu2cl");
  json_key_string(out, 0, 10, "version", version_or_unknown(run->tool_version));
  if (run->docs_url) {
    char *u = xasprintf("%s/usage.md", run->docs_url);
    json_key_string(out, 0, 10, "informationUri", u);
    free(u);
  }
  json_key(out, 0, 10, "rules");
  fputc('[', out);
  int next = 0;
  for (size_t i = 0; i < CU2CL_D_COUNT; i++) {
    rule_index[i] = -1;
    if (!occurs(diags, (cu2cl_diag_id)i))
      continue;
    sarif_rule(cu2cl_diag_info_get((cu2cl_diag_id)i), next == 0, run, out);
    rule_index[i] = next++;
  }
  fputs(next ? "\n          ]\n        }\n      }" : "]\n        }\n      }",
        out);
}

/* Every result has a location: its file, else the run's fallback (the
 * compilation database or a source), else the input root. */
static void sarif_location(const cu2cl_diag_record *r,
                           const cu2cl_report_run *run, FILE *out) {
  const char *file = r->file ? r->file : run->fallback_file;
  json_key(out, 0, 10, "locations");
  fputs("[{\"physicalLocation\": {\"artifactLocation\": ", out);
  if (file)
    sarif_artifact(run, file, out);
  else if (run->src_root)
    fputs("{\"uri\": \"./\", \"uriBaseId\": \"%SRCROOT%\"}", out);
  else
    fputs("{\"uri\": \"./\"}", out);
  if (r->file && r->line) {
    fprintf(out, ", \"region\": {\"startLine\": %u", r->line);
    if (r->column)
      fprintf(out, ", \"startColumn\": %u", r->column);
    if (r->end_column)
      fprintf(out, ", \"endColumn\": %u", r->end_column);
    fputc('}', out);
  }
  fputs("}}]", out);
}

/* FNV-1a over s and a separator. */
static unsigned long long fnv(unsigned long long h, const char *s) {
  for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++)
    h = (h ^ *p) * 1099511628211ull;
  return (h ^ 0xff) * 1099511628211ull;
}

/* Line `line` of file with the blanks at both ends dropped; NULL when it
 * cannot be read. Caller frees. */
static char *source_text(const char *file, unsigned line) {
  FILE *f = file && line ? fopen(file, "rb") : NULL;
  if (!f)
    return NULL;
  char *buf = NULL;
  size_t cap = 0;
  ssize_t len = -1;
  for (unsigned i = 0; i < line && (len = getline(&buf, &cap, f)) >= 0; i++)
    ;
  fclose(f);
  if (len < 0) {
    free(buf);
    return NULL;
  }
  char *p = buf + strspn(buf, " \t");
  size_t n = strlen(p);
  while (n && strchr(" \t\r\n", p[n - 1]))
    p[--n] = 0;
  memmove(buf, p, n + 1);
  return buf;
}

/* "partialFingerprints": rule, file (relative to the root), message and
 * the text of the source line, so a finding keeps its identity when lines
 * above it move. */
static void sarif_fingerprint(const cu2cl_diag_record *r, const char *rule,
                              const cu2cl_report_run *run, FILE *out) {
  const char *file = r->file ? r->file : "";
  if (run->src_root && path_is_under(file, run->src_root))
    file += strlen(run->src_root);
  char *text = source_text(r->file, r->line);
  unsigned long long h = 1469598103934665603ull;
  h = fnv(fnv(fnv(fnv(h, rule), file), r->message), text);
  free(text);
  json_key(out, 0, 10, "partialFingerprints");
  fprintf(out, "{\"cu2cl/v1\": \"%016llx\"}", h);
}

static void sarif_result(const cu2cl_diag_engine *diags, size_t index,
                         const int *rule_index, const cu2cl_report_run *run,
                         FILE *out) {
  size_t n;
  const cu2cl_diag_record *r = &cu2cl_diag_records(diags, &n)[index];
  const cu2cl_diag_info *info = cu2cl_diag_info_get(r->id);
  char id[16];
  snprintf(id, sizeof id, "CU2CL%04u", info->number);
  fputs(index ? ",\n        {\n" : "\n        {\n", out);
  json_key_string(out, 1, 10, "ruleId", id);
  json_key_uint(out, 0, 10, "ruleIndex", (size_t)rule_index[r->id]);
  json_key_string(out, 0, 10, "level", sarif_level(info->severity));
  json_key(out, 0, 10, "message");
  fputs("{\"text\": ", out);
  json_string(out, r->message);
  fputc('}', out);
  sarif_location(r, run, out);
  sarif_fingerprint(r, id, run, out);
  json_key(out, 0, 10, "suppressions");
  if (r->suppressed == CU2CL_SUPPRESSED_INLINE)
    fputs("[{\"kind\": \"inSource\"}]", out);
  else if (r->suppressed)
    fputs("[{\"kind\": \"external\"}]", out);
  else
    fputs("[]", out);
  const char *notes = cu2cl_diag_record_notes(diags, index);
  if (notes) {
    json_key(out, 0, 10, "properties");
    fputs("{\"notes\": ", out);
    json_notes(out, notes);
    fputc('}', out);
  }
  fputs("\n        }", out);
}

/* "invocations": the command line, its exit status and where it ran. */
static void sarif_invocation(const cu2cl_report_run *run, FILE *out) {
  fputs(",\n      \"invocations\": [{", out);
  strbuf cmd = {0};
  for (int i = 0; i < run->argc; i++)
    strbuf_printf(&cmd, "%s%s", i ? " " : "", run->argv[i]);
  fputs("\"commandLine\": ", out);
  json_string(out, strbuf_cstr(&cmd));
  strbuf_free(&cmd);
  fputs(", \"arguments\": [", out);
  for (int i = 1; i < run->argc; i++) {
    fputs(i > 1 ? ", " : "", out);
    json_string(out, run->argv[i]);
  }
  fprintf(out, "], \"exitCode\": %d, \"executionSuccessful\": %s",
          run->exit_code, run->exit_code < 2 ? "true" : "false");
  if (run->cwd) {
    char *u = file_uri(run->cwd, 1);
    fputs(", \"workingDirectory\": {\"uri\": ", out);
    json_string(out, u);
    fputc('}', out);
    free(u);
  }
  fputs("}]", out);
}

static int write_sarif(const cu2cl_diag_engine *diags, FILE *out,
                       const cu2cl_report_run *run) {
  int rule_index[CU2CL_D_COUNT];
  fputs("{\n", out);
  json_key_string(out, 1, 2, "$schema",
                  "https://json.schemastore.org/sarif-2.1.0.json");
  json_key_string(out, 0, 2, "version", "2.1.0");
  fputs(",\n  \"runs\": [\n    {\n", out);
  sarif_driver(diags, run, rule_index, out);
  if (run->src_root) {
    char *u = file_uri(run->src_root, 1);
    fputs(",\n      \"originalUriBaseIds\": {\"%SRCROOT%\": {\"uri\": ", out);
    json_string(out, u);
    fputs("}}", out);
    free(u);
  }
  if (run->argc)
    sarif_invocation(run, out);
  fputs(",\n      \"results\": [", out);
  size_t n;
  cu2cl_diag_records(diags, &n);
  for (size_t i = 0; i < n; i++)
    sarif_result(diags, i, rule_index, run, out);
  fputs(n ? "\n      ]\n    }\n  ]\n}\n" : "]\n    }\n  ]\n}\n", out);
  return ferror(out) ? -1 : 0;
}

int cu2cl_report_write_sarif(const cu2cl_diag_engine *diags, FILE *out,
                             const char *tool_version) {
  cu2cl_report_run run = {0};
  run.tool_version = tool_version;
  return write_sarif(diags, out, &run);
}

/* ---- files -------------------------------------------------------------- */

int cu2cl_report_write_run(const cu2cl_diag_engine *diags, const char *path,
                           const cu2cl_report_run *run) {
  char *data = NULL;
  size_t len = 0;
  FILE *mem = open_memstream(&data, &len);
  if (!mem)
    return -1;
  int sarif =
      str_ends_with(path, ".sarif") || str_ends_with(path, ".sarif.json");
  int rc = sarif ? write_sarif(diags, mem, run) : write_json(diags, mem, run);
  if (fclose(mem) != 0)
    rc = -1;
  if (rc == 0)
    rc = write_file_atomic(path, data, len);
  else if (errno == 0)
    errno = EIO;
  int saved = errno;
  free(data);
  errno = saved;
  return rc;
}

int cu2cl_report_write(const cu2cl_diag_engine *diags, const char *path,
                       const char *tool_version) {
  cu2cl_report_run run = {0};
  run.tool_version = tool_version;
  return cu2cl_report_write_run(diags, path, &run);
}
