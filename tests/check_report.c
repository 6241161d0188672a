/*
 * check_report: the JSON and SARIF reports (translator/report.c).
 *
 * The reports are read back with a small strict JSON parser written here
 * (RFC 8259: no trailing commas, no raw control characters in strings, no
 * duplicate keys, only whitespace after the value), so a test fails on any
 * malformed output and can compare decoded strings with what was reported.
 * Core: structure and values of both formats, escaping of quotes,
 * backslashes, newlines and control characters in messages and paths, SARIF
 * rules, levels and locations. Errors: unwritable paths, invalid UTF-8.
 */
#include "report.h"

#include <check.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- a tiny strict JSON parser ------------------------------------------ */

enum { J_NULL, J_BOOL, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT };

typedef struct jv {
  int type;
  double number;
  char *string; /* J_STRING: decoded, UTF-8 */
  size_t n;     /* J_ARRAY, J_OBJECT: number of items */
  char **keys;  /* J_OBJECT */
  struct jv **items;
} jv;

typedef struct {
  const char *p;
} jparser;

static jv *parse_value(jparser *s);

static void skip_ws(jparser *s) {
  while (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r')
    s->p++;
}

static jv *jnew(int type) {
  jv *v = calloc(1, sizeof *v);
  v->type = type;
  return v;
}

static void jfree(jv *v) {
  if (!v)
    return;
  for (size_t i = 0; i < v->n; i++) {
    jfree(v->items[i]);
    if (v->keys)
      free(v->keys[i]);
  }
  free(v->items);
  free(v->keys);
  free(v->string);
  free(v);
}

static void put_utf8(char **out, unsigned cp) {
  char *o = *out;
  if (cp < 0x80) {
    *o++ = (char)cp;
  } else if (cp < 0x800) {
    *o++ = (char)(0xC0 | cp >> 6);
    *o++ = (char)(0x80 | (cp & 63));
  } else {
    *o++ = (char)(0xE0 | cp >> 12);
    *o++ = (char)(0x80 | ((cp >> 6) & 63));
    *o++ = (char)(0x80 | (cp & 63));
  }
  *out = o;
}

/* A string literal; NULL on any error. (\u escapes of the BMP only, which
 * is all the writers produce.) */
static char *parse_string(jparser *s) {
  if (*s->p != '"')
    return NULL;
  s->p++;
  char *buf = malloc(strlen(s->p) * 3 + 1), *o = buf;
  for (;;) {
    unsigned char c = (unsigned char)*s->p;
    if (c < 0x20) /* raw control character or end of text */
      goto fail;
    s->p++;
    if (c == '"')
      break;
    if (c != '\\') {
      *o++ = (char)c;
      continue;
    }
    char e = *s->p;
    if (!e)
      goto fail;
    s->p++;
    const char *plain = strchr("\"\\/bfnrt", e);
    if (e && plain) {
      *o++ = "\"\\/\b\f\n\r\t"[plain - "\"\\/bfnrt"];
    } else if (e == 'u') {
      char hex[5] = {0};
      for (int i = 0; i < 4 && s->p[i]; i++)
        hex[i] = s->p[i];
      if (strlen(hex) != 4 || strspn(hex, "0123456789abcdefABCDEF") != 4)
        goto fail;
      put_utf8(&o, (unsigned)strtoul(hex, NULL, 16));
      s->p += 4;
    } else {
      goto fail;
    }
  }
  *o = 0;
  return buf;
fail:
  free(buf);
  return NULL;
}

static jv *parse_number(jparser *s) {
  const char *start = s->p;
  if (*s->p == '-')
    s->p++;
  if (*s->p < '0' || *s->p > '9')
    return NULL;
  if (*s->p == '0' && s->p[1] >= '0' && s->p[1] <= '9')
    return NULL; /* leading zero */
  char *end;
  jv *v = jnew(J_NUMBER);
  v->number = strtod(start, &end);
  s->p = end;
  return v;
}

/* Items of an array or members of an object, after the opening bracket. */
static jv *parse_container(jparser *s, int type, char close) {
  jv *v = jnew(type);
  skip_ws(s);
  if (*s->p == close) {
    s->p++;
    return v;
  }
  for (;;) {
    v->items = realloc(v->items, (v->n + 1) * sizeof *v->items);
    if (type == J_OBJECT) {
      v->keys = realloc(v->keys, (v->n + 1) * sizeof *v->keys);
      skip_ws(s);
      char *key = parse_string(s);
      for (size_t i = 0; key && i < v->n; i++)
        if (strcmp(v->keys[i], key) == 0) { /* duplicate key */
          free(key);
          key = NULL;
        }
      skip_ws(s);
      if (!key || *s->p++ != ':') {
        free(key);
        jfree(v);
        return NULL;
      }
      v->keys[v->n] = key;
    }
    jv *item = parse_value(s);
    v->items[v->n++] = item;
    skip_ws(s);
    if (!item || (*s->p != ',' && *s->p != close)) {
      jfree(v);
      return NULL;
    }
    if (*s->p++ == close)
      return v;
  }
}

static jv *parse_value(jparser *s) {
  skip_ws(s);
  char c = *s->p;
  if (c == '{' || c == '[') {
    s->p++;
    return parse_container(s, c == '{' ? J_OBJECT : J_ARRAY,
                           c == '{' ? '}' : ']');
  }
  if (c == '"') {
    char *str = parse_string(s);
    if (!str)
      return NULL;
    jv *v = jnew(J_STRING);
    v->string = str;
    return v;
  }
  static const char *words[] = {"null", "true", "false"};
  for (int i = 0; i < 3; i++)
    if (strncmp(s->p, words[i], strlen(words[i])) == 0) {
      s->p += strlen(words[i]);
      jv *v = jnew(i == 0 ? J_NULL : J_BOOL);
      v->number = i == 1;
      return v;
    }
  return parse_number(s);
}

/* The whole document; NULL unless it is exactly one valid JSON value. */
static jv *parse_json(const char *text) {
  jparser s = {text};
  jv *v = parse_value(&s);
  skip_ws(&s);
  if (v && *s.p) {
    jfree(v);
    return NULL;
  }
  return v;
}

/* Member lookup by a dotted path; numeric components index arrays. */
static jv *jget(jv *v, const char *path) {
  char *copy = strdup(path), *save = NULL;
  for (char *part = strtok_r(copy, ".", &save); v && part;
       part = strtok_r(NULL, ".", &save)) {
    jv *next = NULL;
    if (v->type == J_ARRAY) {
      size_t i = strtoul(part, NULL, 10);
      next = i < v->n ? v->items[i] : NULL;
    } else if (v->type == J_OBJECT) {
      for (size_t i = 0; i < v->n; i++)
        if (strcmp(v->keys[i], part) == 0)
          next = v->items[i];
    }
    v = next;
  }
  free(copy);
  return v;
}

static const char *jstr(jv *root, const char *path) {
  jv *v = jget(root, path);
  ck_assert_msg(v && v->type == J_STRING, "%s is not a string", path);
  return v->string;
}

static double jnum(jv *root, const char *path) {
  jv *v = jget(root, path);
  ck_assert_msg(v && v->type == J_NUMBER, "%s is not a number", path);
  return v->number;
}

static size_t jlen(jv *root, const char *path) {
  jv *v = jget(root, path);
  ck_assert_msg(v && (v->type == J_ARRAY || v->type == J_OBJECT),
                "%s is not a container", path);
  return v->n;
}

/* ---- fixture ------------------------------------------------------------ */

static cu2cl_diag_engine *engine;
static char dir[] = "/tmp/check_report_XXXXXX";
static char *odd_path; /* a source path with a quote, a backslash, a space */

static const char *odd_message = "say \"hi\"\\ there\nsecond line\ttab \x01";

/* Four records: an error at a location in an oddly named file (with a
 * note), a remark at a line without column, a warning without a file, a
 * second error of the first ID. */
static void setup(void) {
  ck_assert_ptr_nonnull(mkdtemp(dir));
  odd_path = malloc(strlen(dir) + 32);
  sprintf(odd_path, "%s/we\"ird\\ dir/k 1.cu", dir);
  engine = cu2cl_diag_engine_new(NULL, 0);
  cu2cl_diag_report(engine, CU2CL_D_UNSUPPORTED_HOST_CONSTRUCT, odd_path, 12, 7,
                    odd_message);
  cu2cl_diag_note(engine, "first note\nsecond \"note\"");
  cu2cl_diag_report(engine, CU2CL_D_DOUBLE_PRECISION, "/src/a.cu", 3, 0, "k");
  cu2cl_diag_report(engine, CU2CL_D_SOURCE_OUTSIDE_IN_ROOT, NULL, 0, 0, "/x.cu",
                    "/src");
  cu2cl_diag_report(engine, CU2CL_D_UNSUPPORTED_HOST_CONSTRUCT, "/src/a.cu", 5,
                    2, "plain");
}

static void teardown(void) {
  cu2cl_diag_engine_delete(engine);
  free(odd_path);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  ck_assert_int_eq(system(cmd), 0);
  strcpy(dir, "/tmp/check_report_XXXXXX");
}

static const cu2cl_report_run *run_info; /* NULL: cu2cl_report_write */

/* Writes the report through cu2cl_report_write (or _run, with run_info)
 * and parses it back. */
static jv *write_and_parse(const char *name) {
  char path[256];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  ck_assert_int_eq(run_info ? cu2cl_report_write_run(engine, path, run_info)
                            : cu2cl_report_write(engine, path, "9.8.7"),
                   0);
  FILE *f = fopen(path, "rb");
  ck_assert_ptr_nonnull(f);
  static char text[1 << 16];
  size_t len = fread(text, 1, sizeof text - 1, f);
  text[len] = 0;
  fclose(f);
  jv *root = parse_json(text);
  ck_assert_msg(root != NULL, "not valid JSON:\n%s", text);
  return root;
}

/* ---- Core: JSON --------------------------------------------------------- */

START_TEST(test_json_summary) {
  jv *root = write_and_parse("r.json");
  ck_assert_int_eq(jnum(root, "version"), 1);
  ck_assert_str_eq(jstr(root, "tool.name"), "cu2cl");
  ck_assert_str_eq(jstr(root, "tool.version"), "9.8.7");
  ck_assert_int_eq(jnum(root, "summary.errors"), 2);
  ck_assert_int_eq(jnum(root, "summary.warnings"), 1);
  ck_assert_int_eq(jnum(root, "summary.remarks"), 1);
  ck_assert_int_eq(jnum(root, "summary.notes"), 0);
  ck_assert_uint_eq(jlen(root, "summary.by_id"), 3);
  ck_assert_int_eq(jnum(root, "summary.by_id.CU2CL1301"), 2);
  ck_assert_int_eq(jnum(root, "summary.by_id.CU2CL2004"), 1);
  ck_assert_int_eq(jnum(root, "summary.by_id.CU2CL0103"), 1);
  jfree(root);
}
END_TEST

START_TEST(test_json_findings) {
  jv *root = write_and_parse("r.json");
  ck_assert_uint_eq(jlen(root, "findings"), 4);
  ck_assert_str_eq(jstr(root, "findings.0.id"), "CU2CL1301");
  ck_assert_str_eq(jstr(root, "findings.0.name"), "UNSUPPORTED_HOST_CONSTRUCT");
  ck_assert_str_eq(jstr(root, "findings.0.severity"), "error");
  ck_assert_str_eq(jstr(root, "findings.0.category"), "host");
  ck_assert_str_eq(jstr(root, "findings.0.file"), odd_path);
  ck_assert_int_eq(jnum(root, "findings.0.line"), 12);
  ck_assert_int_eq(jnum(root, "findings.0.column"), 7);
  ck_assert_str_eq(jstr(root, "findings.0.message"), odd_message);
  ck_assert_uint_eq(jlen(root, "findings.0.notes"), 2);
  ck_assert_str_eq(jstr(root, "findings.0.notes.1"), "second \"note\"");
  ck_assert_str_eq(jstr(root, "findings.1.severity"), "remark");
  ck_assert_int_eq(jnum(root, "findings.1.column"), 0);
  ck_assert_uint_eq(jlen(root, "findings.1.notes"), 0);
  ck_assert_int_eq(jget(root, "findings.2.file")->type, J_NULL);
  ck_assert_int_eq(jnum(root, "findings.2.line"), 0);
  ck_assert_str_eq(jstr(root, "findings.2.message"),
                   "'/x.cu' is outside the input root '/src'; skipped");
  jfree(root);
}
END_TEST

START_TEST(test_json_empty) {
  cu2cl_diag_engine_delete(engine);
  engine = cu2cl_diag_engine_new(NULL, 0);
  jv *root = write_and_parse("empty.json");
  ck_assert_uint_eq(jlen(root, "findings"), 0);
  ck_assert_uint_eq(jlen(root, "summary.by_id"), 0);
  ck_assert_int_eq(jnum(root, "summary.errors"), 0);
  jfree(root);
}
END_TEST

/* ---- Core: SARIF -------------------------------------------------------- */

START_TEST(test_sarif_run_and_rules) {
  jv *root = write_and_parse("r.sarif");
  ck_assert_str_eq(jstr(root, "$schema"),
                   "https://json.schemastore.org/sarif-2.1.0.json");
  ck_assert_str_eq(jstr(root, "version"), "2.1.0");
  ck_assert_uint_eq(jlen(root, "runs"), 1);
  ck_assert_str_eq(jstr(root, "runs.0.tool.driver.name"), "cu2cl");
  ck_assert_str_eq(jstr(root, "runs.0.tool.driver.version"), "9.8.7");
  /* Only the rules that occur, in catalog order. */
  ck_assert_uint_eq(jlen(root, "runs.0.tool.driver.rules"), 3);
  ck_assert_str_eq(jstr(root, "runs.0.tool.driver.rules.0.id"), "CU2CL0103");
  ck_assert_str_eq(jstr(root, "runs.0.tool.driver.rules.1.id"), "CU2CL1301");
  ck_assert_str_eq(jstr(root, "runs.0.tool.driver.rules.2.id"), "CU2CL2004");
  const cu2cl_diag_info *info = cu2cl_diag_info_find("CU2CL2004");
  ck_assert_str_eq(jstr(root, "runs.0.tool.driver.rules.2.name"), info->name);
  ck_assert_str_eq(
      jstr(root, "runs.0.tool.driver.rules.2.shortDescription.text"),
      info->message);
  ck_assert_str_eq(
      jstr(root, "runs.0.tool.driver.rules.2.fullDescription.text"),
      info->explanation);
  ck_assert_str_eq(jstr(root, "runs.0.tool.driver.rules.2.help.text"),
                   info->fix);
  ck_assert_str_eq(
      jstr(root, "runs.0.tool.driver.rules.2.defaultConfiguration.level"),
      "note");
  ck_assert_str_eq(
      jstr(root, "runs.0.tool.driver.rules.0.defaultConfiguration.level"),
      "warning");
  jfree(root);
}
END_TEST

START_TEST(test_sarif_results) {
  jv *root = write_and_parse("r.sarif");
  ck_assert_uint_eq(jlen(root, "runs.0.results"), 4);
  for (int i = 0; i < 4; i++) { /* ruleIndex points at the rule of ruleId */
    char path[64];
    snprintf(path, sizeof path, "runs.0.results.%d.ruleIndex", i);
    int index = (int)jnum(root, path);
    snprintf(path, sizeof path, "runs.0.tool.driver.rules.%d.id", index);
    const char *rule = jstr(root, path);
    snprintf(path, sizeof path, "runs.0.results.%d.ruleId", i);
    ck_assert_str_eq(jstr(root, path), rule);
  }
  ck_assert_str_eq(jstr(root, "runs.0.results.0.level"), "error");
  ck_assert_str_eq(jstr(root, "runs.0.results.1.level"), "note");
  ck_assert_str_eq(jstr(root, "runs.0.results.2.level"), "warning");
  ck_assert_str_eq(jstr(root, "runs.0.results.0.message.text"), odd_message);
  ck_assert_str_eq(jstr(root, "runs.0.results.0.properties.notes.0"),
                   "first note");
  jfree(root);
}
END_TEST

START_TEST(test_sarif_locations) {
  jv *root = write_and_parse("r.sarif");
  const char *loc = "runs.0.results.0.locations.0.physicalLocation";
  char path[160], want[512];
  snprintf(path, sizeof path, "%s.artifactLocation.uri", loc);
  snprintf(want, sizeof want, "file://%s/we%%22ird%%5C%%20dir/k%%201.cu", dir);
  ck_assert_str_eq(jstr(root, path), want);
  snprintf(path, sizeof path, "%s.region.startLine", loc);
  ck_assert_int_eq(jnum(root, path), 12);
  snprintf(path, sizeof path, "%s.region.startColumn", loc);
  ck_assert_int_eq(jnum(root, path), 7);
  /* A line without a column has no startColumn. */
  ck_assert_ptr_null(
      jget(root,
           "runs.0.results.1.locations.0.physicalLocation.region.startColumn"));
  ck_assert_int_eq(jnum(root,
                        "runs.0.results.1.locations.0.physicalLocation.region."
                        "startLine"),
                   3);
  /* A result without a file still has a location (code scanning wants
   * one): with nothing else known, the current directory. */
  ck_assert_str_eq(jstr(root, "runs.0.results.2.locations.0.physicalLocation."
                              "artifactLocation.uri"),
                   "./");
  jfree(root);
}
END_TEST

/* A run's report for code scanning: URIs relative to %SRCROOT%, which
 * originalUriBaseIds resolves; helpUri per rule, informationUri; the
 * invocation; a fingerprint per result; suppressed results marked. */
static jv *write_run_report(const char *name) {
  static char *argv[] = {"cu2cl", "-p", "build", "--report", "r.sarif", NULL};
  static cu2cl_stats stats = {2, 3, {4, 0, 1}};
  static cu2cl_report_run run = {
      "9.8.7", "/src", "https://example.org/docs", "/work dir", 5,
      argv,    1,      "/src/build/cc.json",       &stats};
  cu2cl_diag_suppress(engine, CU2CL_D_DOUBLE_PRECISION);
  cu2cl_diag_report(engine, CU2CL_D_DOUBLE_PRECISION, "/src/b.cu", 9, 1, "k2");
  run_info = &run;
  jv *root = write_and_parse(name);
  run_info = NULL;
  return root;
}

START_TEST(test_sarif_code_scanning) {
  jv *root = write_run_report("run.sarif");
  ck_assert_str_eq(jstr(root, "runs.0.originalUriBaseIds.%SRCROOT%.uri"),
                   "file:///src/");
  const char *art = "runs.0.results.%d.locations.0.physicalLocation."
                    "artifactLocation.%s";
  char path[192];
  snprintf(path, sizeof path, art, 3, "uri");
  ck_assert_str_eq(jstr(root, path), "a.cu");
  snprintf(path, sizeof path, art, 3, "uriBaseId");
  ck_assert_str_eq(jstr(root, path), "%SRCROOT%");
  /* outside the root: an absolute URI, no base */
  snprintf(path, sizeof path, art, 0, "uriBaseId");
  ck_assert_ptr_null(jget(root, path));
  /* no file: the compilation database */
  snprintf(path, sizeof path, art, 2, "uri");
  ck_assert_str_eq(jstr(root, path), "build/cc.json");
  ck_assert_str_eq(jstr(root, "runs.0.tool.driver.rules.2.helpUri"),
                   "https://example.org/docs/diagnostics.md#cu2cl2004");
  ck_assert_str_eq(jstr(root, "runs.0.tool.driver.informationUri"),
                   "https://example.org/docs/usage.md");
  ck_assert_str_eq(jstr(root, "runs.0.invocations.0.commandLine"),
                   "cu2cl -p build --report r.sarif");
  ck_assert_uint_eq(jlen(root, "runs.0.invocations.0.arguments"), 4);
  ck_assert_int_eq(jnum(root, "runs.0.invocations.0.exitCode"), 1);
  ck_assert_int_eq(jget(root, "runs.0.invocations.0.executionSuccessful")->type,
                   J_BOOL);
  ck_assert_str_eq(jstr(root, "runs.0.invocations.0.workingDirectory.uri"),
                   "file:///work%20dir/");
  /* equal findings at different places differ in their fingerprint */
  ck_assert_str_ne(jstr(root, "runs.0.results.0.partialFingerprints.cu2cl/v1"),
                   jstr(root, "runs.0.results.3.partialFingerprints.cu2cl/v1"));
  ck_assert_uint_eq(jlen(root, "runs.0.results"), 5);
  ck_assert_uint_eq(jlen(root, "runs.0.results.3.suppressions"), 0);
  ck_assert_str_eq(jstr(root, "runs.0.results.4.suppressions.0.kind"),
                   "external");
  jfree(root);
}
END_TEST

START_TEST(test_json_suppressed_and_statistics) {
  jv *root = write_run_report("run.json");
  ck_assert_int_eq(jnum(root, "summary.suppressed"), 1);
  ck_assert_int_eq(jnum(root, "summary.remarks"), 1); /* not the suppressed */
  ck_assert_int_eq(jget(root, "findings.4.suppressed")->type, J_BOOL);
  ck_assert_int_eq(jget(root, "findings.4.suppressed")->number, 1);
  ck_assert_int_eq(jget(root, "findings.3.suppressed")->number, 0);
  ck_assert_int_eq(jnum(root, "statistics.kernels"), 2);
  ck_assert_int_eq(jnum(root, "statistics.launches"), 3);
  ck_assert_int_eq(jnum(root, "statistics.api_uses.device"), 4);
  ck_assert_int_eq(jnum(root, "statistics.api_uses.streams"), 1);
  jfree(root);
}
END_TEST

START_TEST(test_sarif_extension_choice) {
  jv *root = write_and_parse("r.sarif.json");
  ck_assert_str_eq(jstr(root, "version"), "2.1.0");
  jfree(root);
  root = write_and_parse("r.txt");
  ck_assert_int_eq(jnum(root, "version"), 1);
  jfree(root);
}
END_TEST

/* ---- Errors ------------------------------------------------------------- */

START_TEST(test_unwritable_path) {
  char path[256];
  snprintf(path, sizeof path, "%s/file", dir);
  FILE *f = fopen(path, "w");
  fclose(f);
  /* A regular file where a parent directory should be. */
  snprintf(path, sizeof path, "%s/file/r.json", dir);
  errno = 0;
  ck_assert_int_eq(cu2cl_report_write(engine, path, "1"), -1);
  ck_assert_int_ne(errno, 0);
  snprintf(path, sizeof path, "%s/file/r.sarif", dir);
  ck_assert_int_eq(cu2cl_report_write(engine, path, "1"), -1);
}
END_TEST

START_TEST(test_invalid_utf8_replaced) {
  cu2cl_diag_report(engine, CU2CL_D_UNSUPPORTED_HOST_CONSTRUCT, NULL, 0, 0,
                    "bad \xff byte, good \xc3\xa9, cut \xe2\x82");
  jv *root = write_and_parse("u.json");
  ck_assert_str_eq(jstr(root, "findings.4.message"),
                   "bad \xef\xbf\xbd byte, good \xc3\xa9, cut "
                   "\xef\xbf\xbd\xef\xbf\xbd");
  jfree(root);
}
END_TEST

START_TEST(test_parser_rejects_malformed) {
  /* The checker itself must fail on what a broken writer could produce. */
  const char *bad[] = {"{\"a\": 1,}",
                       "{\"a\": \"x\ny\"}",
                       "[1 2]",
                       "{\"a\": 1, \"a\": 2}",
                       "{\"a\": 01}",
                       "{} {}",
                       "{\"a\": \"\\q\"}",
                       "\"open"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    jv *v = parse_json(bad[i]);
    ck_assert_msg(v == NULL, "accepted %s", bad[i]);
  }
  jv *ok = parse_json(" {\"a\": [true, null, -1.5e3, \"\\u00e9\\\"\"]} ");
  ck_assert_ptr_nonnull(ok);
  ck_assert_str_eq(jstr(ok, "a.3"), "\xc3\xa9\"");
  jfree(ok);
}
END_TEST

static Suite *report_suite(void) {
  Suite *s = suite_create("report");
  TCase *core = tcase_create("Core");
  tcase_add_checked_fixture(core, setup, teardown);
  tcase_add_test(core, test_json_summary);
  tcase_add_test(core, test_json_findings);
  tcase_add_test(core, test_json_empty);
  tcase_add_test(core, test_sarif_run_and_rules);
  tcase_add_test(core, test_sarif_results);
  tcase_add_test(core, test_sarif_locations);
  tcase_add_test(core, test_sarif_extension_choice);
  tcase_add_test(core, test_sarif_code_scanning);
  tcase_add_test(core, test_json_suppressed_and_statistics);
  suite_add_tcase(s, core);

  TCase *errors = tcase_create("Errors");
  tcase_add_checked_fixture(errors, setup, teardown);
  tcase_add_test(errors, test_unwritable_path);
  tcase_add_test(errors, test_invalid_utf8_replaced);
  tcase_add_test(errors, test_parser_rejects_malformed);
  suite_add_tcase(s, errors);
  return s;
}

int main(void) {
  SRunner *runner = srunner_create(report_suite());
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed;
}
