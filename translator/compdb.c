/*
 * compdb: which files to translate and with which compiler flags.
 *
 * The database is read by libclang (CXCompilationDatabase), which splits
 * "command" strings the way a shell would, strips ccache-style wrappers and
 * expands response files. libclang only loads a file named
 * compile_commands.json from a directory, says nothing about why a load
 * failed (beyond a line on stderr), and silently keeps the entries before a
 * JSON syntax error. So the file is first read and checked here: a missing or
 * empty file, the first JSON syntax error (line and column) and a wrong
 * structure each get a precise message, and libclang only sees files that
 * passed. A file with another name is loaded from a private temporary copy.
 *
 * Each command then goes through flags.c. Invariants of the result: file and
 * directory are absolute and normalized (a relative "directory" is taken
 * relative to the database's own directory, a relative "file" relative to
 * "directory"); one command per file, the first one in the database; host
 * C/C++ entries are kept with their language (the driver decides).
 */
#include "compdb.h"

#include <clang-c/CXCompilationDatabase.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- JSON checking: just enough to say where and why a file is wrong. */

typedef struct cdb_json {
  const char *s;
  size_t len;
  size_t pos;
  const char *err; /* what was expected at pos; NULL while all is well */
} cdb_json;

#define CDB_MAX_DEPTH 64

static int cdb_peek(cdb_json *j) {
  return j->pos < j->len ? (unsigned char)j->s[j->pos] : -1;
}

/* 1 when c (a cdb_peek result) is one of the characters of set. */
static int cdb_in(int c, const char *set) {
  return c > 0 && strchr(set, c) != NULL;
}

static void cdb_ws(cdb_json *j) {
  while (cdb_in(cdb_peek(j), " \t\r\n"))
    j->pos++;
}

static int cdb_fail(cdb_json *j, const char *what) {
  if (!j->err)
    j->err = what;
  return -1;
}

/* string: '"' chars '"', with JSON's escapes and no raw control chars */
static int cdb_string(cdb_json *j) {
  size_t start = j->pos;
  if (cdb_peek(j) != '"')
    return cdb_fail(j, "expected a string");
  j->pos++;
  for (;;) {
    int c = cdb_peek(j);
    if (c < 0) { /* report where the string starts, not at the end */
      j->pos = start;
      return cdb_fail(j, "unterminated string");
    }
    if (c < 0x20)
      return cdb_fail(j, "control character in string");
    j->pos++;
    if (c == '"')
      return 0;
    if (c != '\\')
      continue;
    c = cdb_peek(j);
    if (!cdb_in(c, "\"\\/bfnrtu"))
      return cdb_fail(j, "invalid escape in string");
    j->pos++;
    for (int k = 0; c == 'u' && k < 4; k++, j->pos++)
      if (!cdb_in(cdb_peek(j), "0123456789abcdefABCDEF"))
        return cdb_fail(j, "invalid \\u escape in string");
  }
}

static size_t cdb_digits(cdb_json *j) {
  size_t n = 0;
  while (cdb_peek(j) >= '0' && cdb_peek(j) <= '9')
    j->pos++, n++;
  return n;
}

/* number: '-'? int frac? exp? */
static int cdb_number(cdb_json *j) {
  if (cdb_peek(j) == '-')
    j->pos++;
  if (cdb_digits(j) == 0)
    return cdb_fail(j, "expected a value");
  if (cdb_peek(j) == '.') {
    j->pos++;
    if (cdb_digits(j) == 0)
      return cdb_fail(j, "expected a digit");
  }
  if (cdb_peek(j) == 'e' || cdb_peek(j) == 'E') {
    j->pos++;
    if (cdb_peek(j) == '+' || cdb_peek(j) == '-')
      j->pos++;
    if (cdb_digits(j) == 0)
      return cdb_fail(j, "expected a digit");
  }
  return 0;
}

static int cdb_value(cdb_json *j, int depth);

/* array: '[' (value (',' value)* ','?)? ']' — the trailing comma is
 * accepted because libclang accepts it. */
static int cdb_array(cdb_json *j, int depth) {
  j->pos++;
  for (;;) {
    cdb_ws(j);
    if (cdb_peek(j) == ']')
      return j->pos++, 0;
    if (cdb_value(j, depth + 1))
      return -1;
    cdb_ws(j);
    if (cdb_peek(j) == ']')
      return j->pos++, 0;
    if (cdb_peek(j) != ',')
      return cdb_fail(j, "expected ',' or ']'");
    j->pos++;
  }
}

/* object: '{' (string ':' value (',' string ':' value)* ','?)? '}' */
static int cdb_object(cdb_json *j, int depth) {
  j->pos++;
  for (;;) {
    cdb_ws(j);
    if (cdb_peek(j) == '}')
      return j->pos++, 0;
    if (cdb_peek(j) != '"')
      return cdb_fail(j, "expected a string key or '}'");
    if (cdb_string(j))
      return -1;
    cdb_ws(j);
    if (cdb_peek(j) != ':')
      return cdb_fail(j, "expected ':'");
    j->pos++;
    if (cdb_value(j, depth + 1))
      return -1;
    cdb_ws(j);
    if (cdb_peek(j) == '}')
      return j->pos++, 0;
    if (cdb_peek(j) != ',')
      return cdb_fail(j, "expected ',' or '}'");
    j->pos++;
  }
}

static int cdb_literal(cdb_json *j, const char *word) {
  size_t n = strlen(word);
  if (j->len - j->pos < n || strncmp(j->s + j->pos, word, n) != 0)
    return cdb_fail(j, "expected a value");
  j->pos += n;
  return 0;
}

static int cdb_value(cdb_json *j, int depth) {
  cdb_ws(j);
  if (depth > CDB_MAX_DEPTH)
    return cdb_fail(j, "too deeply nested");
  switch (cdb_peek(j)) {
  case '[':
    return cdb_array(j, depth);
  case '{':
    return cdb_object(j, depth);
  case '"':
    return cdb_string(j);
  case 't':
    return cdb_literal(j, "true");
  case 'f':
    return cdb_literal(j, "false");
  case 'n':
    return cdb_literal(j, "null");
  case -1:
    return cdb_fail(j, "unexpected end of file");
  default:
    return cdb_number(j);
  }
}

/* 1-based line and column (in bytes) of offset pos. */
static void cdb_line_col(const char *s, size_t pos, int *line, int *col) {
  *line = 1, *col = 1;
  for (size_t i = 0; i < pos; i++) {
    if (s[i] == '\n')
      (*line)++, *col = 1;
    else
      (*col)++;
  }
}

/* Skips a UTF-8 byte order mark, which editors on Windows leave. */
static void cdb_json_init(cdb_json *j, const char *text, size_t len) {
  memset(j, 0, sizeof *j);
  j->s = text, j->len = len;
  if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
    j->pos = 3;
}

/* Checks that text is one JSON value; on error fills err. */
static int cdb_check_syntax(const char *name, const char *text, size_t len,
                            char *err, size_t errlen) {
  cdb_json j;
  cdb_json_init(&j, text, len);
  if (cdb_value(&j, 0) == 0) {
    cdb_ws(&j);
    if (j.pos == j.len)
      return 0;
    cdb_fail(&j, "unexpected text after the end of the JSON value");
  }
  int line, col;
  cdb_line_col(text, j.pos, &line, &col);
  snprintf(err, errlen,
           "cannot load compilation database '%s': line %d, column %d: %s",
           name, line, col, j.err);
  return -1;
}

/* ---- Structure: an array of objects with the keys libclang requires. */

static const char cdb_shape[] =
    "expected an array of objects with 'directory', 'file' and 'command' or "
    "'arguments'";

static int cdb_key_is(cdb_json *j, size_t start, const char *key) {
  size_t n = strlen(key);
  return j->pos - start == n + 2 && strncmp(j->s + start + 1, key, n) == 0;
}

/* "arguments" is an array of strings. */
static int cdb_check_arguments(cdb_json *j) {
  if (cdb_peek(j) != '[')
    return cdb_fail(j, "'arguments' is not an array");
  j->pos++;
  for (cdb_ws(j); cdb_peek(j) != ']'; cdb_ws(j)) {
    if (cdb_peek(j) == ',') {
      j->pos++;
      continue;
    }
    if (cdb_peek(j) != '"')
      return cdb_fail(j, "'arguments' holds something other than a string");
    cdb_string(j);
  }
  j->pos++;
  return 0;
}

/* One entry; the syntax is known to be valid. Every key's value is a string
 * except "arguments" (libclang rejects anything else). */
static int cdb_check_entry(cdb_json *j) {
  size_t start = j->pos;
  int dir = 0, file = 0, cmd = 0;
  if (cdb_peek(j) != '{')
    return cdb_fail(j, "an entry is not an object");
  j->pos++;
  for (cdb_ws(j); cdb_peek(j) != '}'; cdb_ws(j)) {
    if (cdb_peek(j) == ',') {
      j->pos++;
      continue;
    }
    size_t key = j->pos;
    cdb_string(j);
    int is_args = cdb_key_is(j, key, "arguments");
    dir |= cdb_key_is(j, key, "directory");
    file |= cdb_key_is(j, key, "file");
    cmd |= is_args || cdb_key_is(j, key, "command");
    cdb_ws(j);
    j->pos++; /* ':' */
    cdb_ws(j);
    if (is_args) {
      if (cdb_check_arguments(j))
        return -1;
      continue;
    }
    if (cdb_peek(j) != '"')
      return cdb_fail(j, "a value is not a string");
    cdb_string(j);
  }
  j->pos++;
  if (dir && file && cmd)
    return 0;
  j->pos = start;
  return cdb_fail(j, !dir    ? "an entry has no 'directory'"
                     : !file ? "an entry has no 'file'"
                             : "an entry has neither 'command' nor "
                               "'arguments'");
}

static int cdb_check_shape(const char *name, const char *text, size_t len,
                           char *err, size_t errlen) {
  cdb_json j;
  cdb_json_init(&j, text, len);
  cdb_ws(&j);
  if (cdb_peek(&j) != '[') {
    cdb_fail(&j, "the file does not hold an array");
  } else {
    j.pos++;
    for (cdb_ws(&j); !j.err && cdb_peek(&j) != ']'; cdb_ws(&j)) {
      if (cdb_peek(&j) == ',')
        j.pos++;
      else
        cdb_check_entry(&j);
    }
    if (!j.err)
      return 0;
  }
  int line, col;
  cdb_line_col(text, j.pos, &line, &col);
  snprintf(err, errlen,
           "cannot load compilation database '%s': %s (line %d, column %d: "
           "%s)",
           name, cdb_shape, line, col, j.err);
  return -1;
}

/* ---- Loading through libclang. ---- */

/* Reads and checks the file; returns its text or NULL with err filled. */
static char *cdb_read_checked(const char *name, char *err, size_t errlen,
                              size_t *len) {
  char *text = read_file(name, len);
  if (!text) {
    snprintf(err, errlen, "cannot load compilation database '%s': %s", name,
             strerror(errno));
    return NULL;
  }
  size_t i = 0;
  while (i < *len && text[i] && strchr(" \t\r\n", text[i]))
    i++;
  if (i == *len) {
    snprintf(err, errlen,
             "cannot load compilation database '%s': the file "
             "is empty",
             name);
  } else if (cdb_check_syntax(name, text, *len, err, errlen) == 0 &&
             cdb_check_shape(name, text, *len, err, errlen) == 0) {
    return text;
  }
  free(text);
  return NULL;
}

/* Loads the directory dir's compile_commands.json, or, when the file has
 * another name, a copy of text in a private temporary directory. */
static CXCompilationDatabase cdb_open(const char *json, const char *text,
                                      size_t len) {
  CXCompilationDatabase_Error error;
  if (strcmp(path_basename(json), "compile_commands.json") == 0) {
    char *dir = path_dirname(json);
    CXCompilationDatabase db =
        clang_CompilationDatabase_fromDirectory(dir, &error);
    free(dir);
    return db;
  }
  const char *tmp = getenv("TMPDIR");
  char *dir = xasprintf("%s/cu2cl-compdb-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  CXCompilationDatabase db = NULL;
  if (mkdtemp(dir)) {
    char *copy = path_join(dir, "compile_commands.json");
    if (write_file_atomic(copy, text, len) == 0)
      db = clang_CompilationDatabase_fromDirectory(dir, &error);
    unlink(copy); /* libclang has read it: the database lives in memory */
    rmdir(dir);
    free(copy);
  }
  free(dir);
  return db;
}

static char *cdb_string_of(CXString s) {
  const char *c = clang_getCString(s);
  char *copy = xstrdup(c ? c : "");
  clang_disposeString(s);
  return copy;
}

/* Fills cmd from one libclang command. base: the database's directory. */
static void cdb_convert(CXCompileCommand c, const char *base,
                        cu2cl_compile_cmd *cmd) {
  char *dir = cdb_string_of(clang_CompileCommand_getDirectory(c));
  char *file = cdb_string_of(clang_CompileCommand_getFilename(c));
  memset(cmd, 0, sizeof *cmd);
  cmd->directory = path_absolute(dir, base);
  cmd->file = path_absolute(file, cmd->directory);
  strvec args = {0};
  unsigned n = clang_CompileCommand_getNumArgs(c);
  for (unsigned i = 0; i < n; i++)
    strvec_push_own(&args, cdb_string_of(clang_CompileCommand_getArg(c, i)));
  const char *const *argv = (const char *const *)args.items;
  cu2cl_flags_translate(argv, args.len, cmd->file, cmd->directory, &cmd->flags,
                        &cmd->arch);
  cmd->lang = cu2cl_flags_language(argv, args.len, cmd->file, cmd->directory);
  cmd->intent = cu2cl_flags_intent(argv, args.len, cmd->directory);
  strvec_free(&args);
  free(dir);
  free(file);
}

static void cdb_cmd_free(cu2cl_compile_cmd *cmd) {
  free(cmd->file);
  free(cmd->directory);
  free(cmd->arch);
  strvec_free(&cmd->flags);
}

/* ---- One command per file: a small open-addressing set of paths. */

typedef struct cdb_seen {
  const char **slots;
  size_t cap;
} cdb_seen;

static uint64_t cdb_hash(const char *s) {
  uint64_t h = 1469598103934665603u; /* FNV-1a */
  while (*s)
    h = (h ^ (unsigned char)*s++) * 1099511628211u;
  return h;
}

/* Adds path (not copied: it must outlive the set); 0 when it was there. */
static int cdb_seen_add(cdb_seen *set, const char *path) {
  size_t i = cdb_hash(path) & (set->cap - 1);
  for (; set->slots[i]; i = (i + 1) & (set->cap - 1))
    if (strcmp(set->slots[i], path) == 0)
      return 0;
  set->slots[i] = path;
  return 1;
}

static void cdb_seen_init(cdb_seen *set, size_t n) {
  set->cap = 16;
  while (set->cap < 2 * n + 1)
    set->cap *= 2;
  set->slots = xcalloc(set->cap, sizeof *set->slots);
}

/* 1 for the compiles a build system makes to identify its compilers,
 * which a database recorded around configuring holds: anything under a
 * CMakeFiles/ directory (CMakeFiles/3.25.1/CompilerIdCUDA/...,
 * CMakeFiles/CMakeScratch/, CMakeTmp/) and CMake's CMake*CompilerABI.*
 * sources in its Modules/. */
static int cdb_is_build_probe(const char *file) {
  if (strstr(file, "/CMakeFiles/"))
    return 1;
  const char *base = path_basename(file);
  return str_starts_with(base, "CMake") && strstr(base, "CompilerABI.");
}

/* Appends cmd to out unless its file is there already (then frees it). */
static void cdb_add_unique(cu2cl_compile_cmds *out, cdb_seen *seen,
                           cu2cl_compile_cmd *cmd) {
  if (!cdb_seen_add(seen, cmd->file)) {
    cdb_cmd_free(cmd);
    return;
  }
  out->items[out->len++] = *cmd;
}

static void cdb_collect(CXCompilationDatabase db, const char *base,
                        cu2cl_compile_cmds *out) {
  CXCompileCommands all = clang_CompilationDatabase_getAllCompileCommands(db);
  unsigned n = all ? clang_CompileCommands_getSize(all) : 0;
  cdb_seen seen;
  cdb_seen_init(&seen, n);
  out->items = xcalloc(n ? n : 1, sizeof *out->items);
  out->len = 0;
  for (unsigned i = 0; i < n; i++) {
    cu2cl_compile_cmd cmd;
    cdb_convert(clang_CompileCommands_getCommand(all, i), base, &cmd);
    if (cdb_is_build_probe(cmd.file)) {
      if (!strvec_contains(&out->probes, cmd.file))
        strvec_push(&out->probes, cmd.file);
      cdb_cmd_free(&cmd);
      continue;
    }
    cdb_add_unique(out, &seen, &cmd);
  }
  free(seen.slots);
  if (all)
    clang_CompileCommands_dispose(all);
}

/* ---- Filtering by the files named on the command line. ---- */

/* 1 when the file the user named is cmd's file: same absolute path, or the
 * same file once symbolic links are resolved. */
static int cdb_same_file(const char *named_abs, const char *named_real,
                         const cu2cl_compile_cmd *cmd) {
  if (strcmp(named_abs, cmd->file) == 0)
    return 1;
  if (!named_real)
    return 0;
  char real[PATH_MAX];
  return realpath(cmd->file, real) && strcmp(real, named_real) == 0;
}

/* Keeps the commands named in only, in database order. */
static int cdb_filter(cu2cl_compile_cmds *cmds, const strvec *only,
                      const char *name, char *err, size_t errlen) {
  (void)name;
  (void)err;
  (void)errlen;
  char *keep = xcalloc(cmds->len ? cmds->len : 1, 1);
  int rc = 0;
  for (size_t k = 0; k < only->len && rc == 0; k++) {
    char *abs = path_absolute(only->items[k], NULL);
    char *real = realpath(abs, NULL);
    int found = 0;
    for (size_t i = 0; i < cmds->len; i++)
      if (cdb_same_file(abs, real, &cmds->items[i]))
        keep[i] = 1, found = 1;
    if (!found) /* reported by the caller; the other files go on */
      strvec_push(&cmds->missing, only->items[k]);
    free(abs);
    free(real);
  }
  size_t out = 0;
  for (size_t i = 0; i < cmds->len; i++) {
    if (keep[i] && rc == 0)
      cmds->items[out++] = cmds->items[i];
    else
      cdb_cmd_free(&cmds->items[i]);
  }
  cmds->len = out;
  free(keep);
  return rc;
}

int cu2cl_compdb_load(const char *path, const strvec *only,
                      cu2cl_compile_cmds *out, char *err, size_t errlen) {
  memset(out, 0, sizeof *out);
  char *json = path_is_dir(path) ? path_join(path, "compile_commands.json")
                                 : xstrdup(path);
  size_t len = 0;
  char *text = cdb_read_checked(json, err, errlen, &len);
  CXCompilationDatabase db = text ? cdb_open(json, text, len) : NULL;
  int rc = -1;
  if (text && !db) {
    snprintf(err, errlen,
             "cannot load compilation database '%s': libclang "
             "rejected it",
             json);
  } else if (db) {
    char *abs = path_absolute(json, NULL);
    char *base = path_dirname(abs);
    cdb_collect(db, base, out);
    clang_CompilationDatabase_dispose(db);
    free(abs);
    free(base);
    rc = only && only->len ? cdb_filter(out, only, json, err, errlen) : 0;
  }
  if (rc)
    cu2cl_compile_cmds_free(out);
  free(text);
  free(json);
  return rc;
}

int cu2cl_compdb_from_args(const strvec *sources, const strvec *flags,
                           cu2cl_compile_cmds *out, char *err, size_t errlen) {
  memset(out, 0, sizeof *out);
  if (!sources || sources->len == 0) {
    snprintf(err, errlen, "no source files given");
    return -1;
  }
  /* The flags have no compiler in front: "cu2cl" stands in for it. */
  strvec argv = {0};
  strvec_push(&argv, "cu2cl");
  for (size_t i = 0; flags && i < flags->len; i++)
    strvec_push(&argv, flags->items[i]);
  char *cwd = path_absolute(".", NULL);
  cdb_seen seen;
  cdb_seen_init(&seen, sources->len);
  out->items = xcalloc(sources->len, sizeof *out->items);
  int rc = 0;
  for (size_t i = 0; i < sources->len && rc == 0; i++) {
    if (access(sources->items[i], R_OK) != 0) {
      snprintf(err, errlen, "cannot read '%s': %s", sources->items[i],
               strerror(errno));
      rc = -1;
      break;
    }
    cu2cl_compile_cmd cmd = {0};
    cmd.file = path_absolute(sources->items[i], cwd);
    cmd.directory = xstrdup(cwd);
    const char *const *v = (const char *const *)argv.items;
    cu2cl_flags_translate(v, argv.len, cmd.file, cwd, &cmd.flags, &cmd.arch);
    cmd.lang = cu2cl_flags_language(v, argv.len, cmd.file, cwd);
    cmd.intent = cu2cl_flags_intent(v, argv.len, cwd);
    cdb_add_unique(out, &seen, &cmd);
  }
  free(seen.slots);
  free(cwd);
  strvec_free(&argv);
  if (rc)
    cu2cl_compile_cmds_free(out);
  return rc;
}

void cu2cl_compile_cmds_free(cu2cl_compile_cmds *cmds) {
  if (!cmds)
    return;
  for (size_t i = 0; i < cmds->len; i++)
    cdb_cmd_free(&cmds->items[i]);
  free(cmds->items);
  cmds->items = NULL;
  cmds->len = 0;
  strvec_free(&cmds->missing);
  strvec_free(&cmds->probes);
}
