/*
 * flags: compiler command lines to the flags cu2cl parses with.
 *
 * A recorded command is read in two passes. The first flattens it:
 * response files (@file, nvcc's --options-file) are read in, and the
 * host-compiler wrappers (-Xcompiler a,b / --compiler-options=a,b,
 * -Xarch_host, -Xpreprocessor, -Wp,a,b) are unwrapped in place, so that
 * "-Xcompiler -isystem -Xcompiler /p" becomes "-isystem /p". The second maps
 * each option through fl_options, a table that says how the option takes
 * its value and what becomes of it (rules/flags.def).
 *
 * The mapping keeps only what changes how a file parses (include paths,
 * macros, forced includes, the language standard, a short list of -f and -m
 * flags) and drops everything else, unknown options included: a flag cu2cl
 * does not know can never make it fail. Options that take a separate value
 * are in the table so their value is consumed with them; a stray value that
 * is left over is a positional argument, and positional arguments are
 * dropped too: the source, objects, and the compiler itself together with
 * any launcher in front of it ("ccache nvcc ..."; libclang already strips
 * ccache, sccache and distcc from database commands, but not every launcher
 * and not the flags of "cu2cl FILE -- FLAGS").
 * docs/flags.md is generated from rules/flags.def and documents every row.
 */
#include "flags.h"

#include <ctype.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* How an option takes its value. */
typedef enum fl_form {
  FL_FLAG,   /* exactly the name, no value */
  FL_PREFIX, /* any argument starting with the name, no separate value */
  FL_JOINED, /* -Ivalue or -I value (gcc style) */
  FL_SEP     /* -opt value or -opt=value (nvcc style) */
} fl_form;

/* What becomes of it. */
typedef enum fl_action {
  FL_DROP,    /* dropped (with its value) */
  FL_INCLUDE, /* -I: kept as -I<absolute dir> */
  FL_DIROPT,  /* -isystem/-iquote/-idirafter/-isysroot: "<opt>" "<abs dir>" */
  FL_SYSROOT, /* --sysroot: --sysroot=<abs dir> */
  FL_DEFINE,  /* -D: kept as -D<value> */
  FL_UNDEF,   /* -U: kept as -U<value> */
  FL_FILEOPT, /* -include/-imacros: "<opt>" "<file>" */
  FL_STD,     /* -std/--std: the last one is kept as -std=<value> */
  FL_ARCH,    /* -arch/-gencode/...: the highest sm/compute is recorded */
  FL_LANG,    /* -x: dropped, the language is recorded */
  FL_KEEP,    /* kept as written */
  FL_FOPT,    /* -f...: kept when parsing depends on it (fl_keep_f) */
  FL_MOPT,    /* -m...: kept when it selects host ISA macros (fl_keep_m) */
  FL_OPTIMIZE, /* -O...: dropped, the level is recorded (build intent) */
  FL_FAST_MATH, /* --use_fast_math: dropped, recorded (build intent) */
  FL_RDC      /* -rdc=true, -dc: kept as -fgpu-rdc, recorded */
} fl_action;

typedef struct fl_option {
  const char *name;
  fl_form form;
  fl_action action;
  const char *spelling; /* output spelling for FL_DIROPT/FL_FILEOPT */
} fl_option;

/* rules/flags.def, in matching order: the first row that matches wins.
 * The documentation rows are for docs/flags.md only. */
static const fl_option fl_options[] = {
#define CU2CL_FLAG_DOC(id, section, spellings, effect)
#define CU2CL_FLAG(name, form, action, spelling, doc)                          \
  {name, FL_##form, FL_##action, spelling},
#include "../rules/flags.def"
#undef CU2CL_FLAG
#undef CU2CL_FLAG_DOC
};
#define FL_NOPTIONS (sizeof fl_options / sizeof fl_options[0])

const char *cu2cl_flags_option_name(size_t i) {
  return i < FL_NOPTIONS ? fl_options[i].name : NULL;
}

/* -f flags that change what clang parses or which macros it defines; every
 * other -f flag (-fPIC, -fvisibility=..., -fno-strict-aliasing, nvcc's
 * -ftz=/-fmad=) only affects code generation and is dropped. */
static const char *const fl_keep_f[] = {"-fopenmp",
                                        "-fopenmp=*",
                                        "-fno-openmp",
                                        "-fopenmp-simd",
                                        "-fno-openmp-simd",
                                        "-fsigned-char",
                                        "-fno-signed-char",
                                        "-funsigned-char",
                                        "-fno-unsigned-char",
                                        "-fexceptions",
                                        "-fno-exceptions",
                                        "-fcxx-exceptions",
                                        "-fno-cxx-exceptions",
                                        "-frtti",
                                        "-fno-rtti",
                                        "-fchar8_t",
                                        "-fno-char8_t",
                                        "-fms-extensions",
                                        "-fno-ms-extensions",
                                        "-fgnu-keywords",
                                        "-fno-gnu-keywords",
                                        "-foperator-names",
                                        "-fno-operator-names",
                                        "-fshort-wchar",
                                        "-fno-short-wchar",
                                        "-fshort-enums",
                                        "-fno-short-enums",
                                        "-ffast-math",
                                        "-fno-fast-math",
                                        "-ffinite-math-only",
                                        "-fno-finite-math-only",
                                        "-fsized-deallocation",
                                        "-fno-sized-deallocation",
                                        "-faligned-new",
                                        "-fno-aligned-new",
                                        "-ftemplate-depth=*",
                                        "-fconstexpr-depth=*",
                                        "-fconstexpr-steps=*",
                                        "-fbracket-depth=*"};

/* -m flags that select the host ISA, which host code tests through macros
 * such as __AVX2__; -m64 and the like are dropped. */
static const char *const fl_keep_m[] = {
    "-march=*",  "-mcpu=*",  "-msse*", "-mno-sse*", "-mavx*",   "-mno-avx*",
    "-mfma",     "-mno-fma", "-mf16c", "-mno-f16c", "-mpopcnt", "-mbmi*",
    "-mno-bmi*", "-mlzcnt",  "-maes",  "-mpclmul",  "-mneon",   "-mfpu=*"};

/* Matches "name" exactly, or "name*" as a prefix. */
static int fl_in_list(const char *arg, const char *const *list, size_t n) {
  for (size_t i = 0; i < n; i++) {
    size_t len = strlen(list[i]);
    if (list[i][len - 1] == '*' ? strncmp(arg, list[i], len - 1) == 0
                                : strcmp(arg, list[i]) == 0)
      return 1;
  }
  return 0;
}

/* One argument list being walked; the value of the option at i, if any,
 * is returned by fl_match and the walk resumes after it. */
typedef struct fl_args {
  char **v;
  size_t n;
  size_t i;
} fl_args;

/* Finds the option for a->v[a->i]; *value receives its value (possibly the
 * next argument, which is then consumed) or NULL. NULL for a positional
 * argument or an option not in the table. */
static const fl_option *fl_match(fl_args *a, const char **value) {
  const char *arg = a->v[a->i];
  *value = NULL;
  if (arg[0] != '-' || arg[1] == 0)
    return NULL;
  for (size_t k = 0; k < FL_NOPTIONS; k++) {
    const fl_option *o = &fl_options[k];
    size_t len = strlen(o->name);
    if (strncmp(arg, o->name, len) != 0)
      continue;
    const char *rest = arg + len;
    if (o->form == FL_PREFIX)
      return o;
    if (*rest == 0) {
      if (o->form != FL_FLAG && a->i + 1 < a->n)
        *value = a->v[++a->i];
      return o;
    }
    if (o->form == FL_JOINED) {
      *value = rest;
      return o;
    }
    if (o->form == FL_SEP && *rest == '=') {
      *value = rest + 1;
      return o;
    }
  }
  return NULL;
}

/* ---- First pass: response files and host-compiler wrappers. ---- */

#define FL_MAX_DEPTH 8

/* Splits a response file's text into arguments the way a POSIX shell
 * splits words: blanks separate, '...' is literal, "..." and \ escape. */
static void fl_split_words(const char *s, strvec *out) {
  strbuf w = {0};
  int in_word = 0;
  for (; *s; s++) {
    if (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') {
      if (in_word)
        strvec_push_own(out, strbuf_take(&w));
      in_word = 0;
      continue;
    }
    in_word = 1;
    if (*s == '\'') {
      while (*++s && *s != '\'')
        strbuf_appendc(&w, *s);
    } else if (*s == '"') {
      while (*++s && *s != '"') {
        if (*s == '\\' && (s[1] == '"' || s[1] == '\\'))
          s++;
        strbuf_appendc(&w, *s);
      }
    } else if (*s == '\\' && s[1]) {
      strbuf_appendc(&w, *++s);
    } else {
      strbuf_appendc(&w, *s);
    }
    if (!*s)
      break;
  }
  if (in_word)
    strvec_push_own(out, strbuf_take(&w));
  strbuf_free(&w);
}

static void fl_flatten(char **v, size_t n, const char *directory, int depth,
                       strvec *out);

/* Reads the response file at path (relative to directory) into out; an
 * unreadable file is dropped, as the compiler would have failed on it. */
static void fl_expand_file(const char *path, const char *directory, int depth,
                           strvec *out) {
  if (depth >= FL_MAX_DEPTH)
    return;
  char *abs = path_absolute(path, directory);
  char *text = read_file(abs, NULL);
  free(abs);
  if (!text)
    return;
  strvec words = {0};
  fl_split_words(text, &words);
  free(text);
  fl_flatten(words.items, words.len, directory, depth + 1, out);
  strvec_free(&words);
}

/* Splits a comma list (nvcc's -Xcompiler a,b and --options-file a,b). */
static void fl_split_commas(const char *s, strvec *out) {
  for (;;) {
    const char *comma = strchr(s, ',');
    size_t len = comma ? (size_t)(comma - s) : strlen(s);
    if (len > 0)
      strvec_push_own(out, xstrndup(s, len));
    if (!comma)
      return;
    s = comma + 1;
  }
}

/* The value of a wrapper option spelled "name value" or "name=value" (or
 * "namevalue" when joined is set); NULL when arg is not that option. */
static const char *fl_wrapped(fl_args *a, const char *name, int joined) {
  const char *arg = a->v[a->i];
  size_t len = strlen(name);
  if (strncmp(arg, name, len) != 0)
    return NULL;
  if (arg[len] == 0)
    return a->i + 1 < a->n ? a->v[++a->i] : "";
  if (arg[len] == '=' || joined)
    return arg + len + (arg[len] == '=' && !joined);
  return NULL;
}

/* Handles one wrapper or response-file argument; 0 when a->v[a->i] is
 * neither. */
static int fl_unwrap(fl_args *a, const char *directory, int depth,
                     strvec *out) {
  const char *arg = a->v[a->i], *val;
  strvec items = {0};
  if (arg[0] == '@') {
    fl_expand_file(arg + 1, directory, depth, out);
    return 1;
  }
  if ((val = fl_wrapped(a, "--options-file", 0)) ||
      (val = fl_wrapped(a, "-optf", 0))) {
    fl_split_commas(val, &items);
    for (size_t k = 0; k < items.len; k++)
      fl_expand_file(items.items[k], directory, depth, out);
  } else if ((val = fl_wrapped(a, "-Xcompiler", 0)) ||
             (val = fl_wrapped(a, "--compiler-options", 0)) ||
             (val = fl_wrapped(a, "-Wp,", 1))) {
    fl_split_commas(val, &items);
  } else if ((val = fl_wrapped(a, "-Xarch_host", 0)) ||
             (val = fl_wrapped(a, "-Xpreprocessor", 0))) {
    strvec_push(&items, val);
  } else {
    return 0;
  }
  if (depth < FL_MAX_DEPTH)
    fl_flatten(items.items, items.len, directory, depth + 1, out);
  strvec_free(&items);
  return 1;
}

/* Copies v to out with wrappers unwrapped and response files read in. An
 * option of the table is copied together with its separate value, so that
 * "-Xlinker @x" or "-o -" are never taken apart. */
static void fl_flatten(char **v, size_t n, const char *directory, int depth,
                       strvec *out) {
  fl_args a = {v, n, 0};
  for (; a.i < n; a.i++) {
    size_t start = a.i;
    if (fl_unwrap(&a, directory, depth, out))
      continue;
    const char *value;
    fl_match(&a, &value);
    for (size_t k = start; k <= a.i; k++)
      strvec_push(out, v[k]);
  }
}

/* ---- Second pass: the mapping. ---- */

typedef struct fl_state {
  const char *directory;
  strvec *out;
  int arch;   /* highest sm/compute number seen, 0 when none */
  char *std;  /* the last -std value */
  int x_lang; /* the last -x value as a language, -1 when none */
  cu2cl_build_intent intent;
} fl_state;

/* The highest NN of every "sm_NN", "compute_NN" or "lto_NN" in value
 * ("arch=compute_80,code=[compute_80,sm_80]", "sm_70,sm_80", "sm_90a"). */
static int fl_arch_number(const char *value) {
  static const char *const prefixes[] = {"sm_", "compute_", "lto_"};
  int best = 0;
  for (const char *p = value; *p; p++) {
    for (size_t k = 0; k < 3; k++) {
      size_t len = strlen(prefixes[k]);
      if (strncmp(p, prefixes[k], len) != 0 || p[len] < '0' || p[len] > '9')
        continue;
      int n = atoi(p + len);
      if (n > best)
        best = n;
    }
  }
  return best;
}

static int fl_lang_of_x(const char *value) {
  if (strcmp(value, "cu") == 0 || strcmp(value, "cuda") == 0)
    return CU2CL_LANG_CUDA;
  if (strcmp(value, "c++") == 0)
    return CU2CL_LANG_CXX;
  if (strcmp(value, "c") == 0)
    return CU2CL_LANG_C;
  return -1; /* "none", headers, assembler: decided by the extension */
}

/* -include names a file relative to the working directory when one is there,
 * else one found on the include path: keep the name for the latter. */
static char *fl_forced_include(const char *value, const char *directory) {
  char *abs = path_absolute(value, directory);
  if (value[0] == '/' || path_exists(abs))
    return abs;
  free(abs);
  return xstrdup(value);
}

/* A directory made absolute; gcc's "=dir" (relative to the sysroot) is
 * left as it is. */
static char *fl_dir(const char *value, const char *directory) {
  return value[0] == '=' ? xstrdup(value) : path_absolute(value, directory);
}

/* The level of -O, -O0..-O3, -Os, -Ofast or --optimize N: 0-3 (-Os counts
 * as 2, -Ofast as 3, a bare -O as 1, as gcc reads them). */
static int fl_opt_level(const char *arg, const char *value) {
  const char *v = value && *value ? value : arg + 2;
  if (!strncmp(arg, "--optimize", 10))
    v = value ? value : "";
  if (!*v)
    return 1;
  if (!strcmp(v, "s") || !strcmp(v, "z"))
    return 2;
  if (!strcmp(v, "fast"))
    return 3;
  return isdigit((unsigned char)*v) ? (*v - '0' > 3 ? 3 : *v - '0') : 1;
}

/* Applies the action of option o with value (NULL when it has none). */
static void fl_apply(fl_state *st, const fl_option *o, const char *arg,
                     const char *value) {
  if (o->form != FL_FLAG && o->form != FL_PREFIX && o->action != FL_DROP &&
      (!value || !*value))
    return; /* an option missing its value at the end of the line */
  switch (o->action) {
  case FL_DROP:
    break;
  case FL_INCLUDE: {
    char *dir = fl_dir(value, st->directory);
    strvec_push_own(st->out, xasprintf("-I%s", dir));
    free(dir);
    break;
  }
  case FL_DIROPT:
    strvec_push(st->out, o->spelling);
    strvec_push_own(st->out, fl_dir(value, st->directory));
    break;
  case FL_SYSROOT: {
    char *dir = path_absolute(value, st->directory);
    strvec_push_own(st->out, xasprintf("--sysroot=%s", dir));
    free(dir);
    break;
  }
  case FL_DEFINE:
    strvec_push_own(st->out, xasprintf("-D%s", value));
    break;
  case FL_UNDEF:
    strvec_push_own(st->out, xasprintf("-U%s", value));
    break;
  case FL_FILEOPT:
    strvec_push(st->out, o->spelling);
    strvec_push_own(st->out, fl_forced_include(value, st->directory));
    break;
  case FL_STD:
    free(st->std);
    st->std = xstrdup(value);
    break;
  case FL_ARCH: {
    int n = fl_arch_number(value);
    if (n > st->arch)
      st->arch = n;
    break;
  }
  case FL_LANG:
    st->x_lang = fl_lang_of_x(value);
    break;
  case FL_KEEP:
    strvec_push(st->out, arg);
    break;
  case FL_FOPT:
    if (fl_in_list(arg, fl_keep_f, sizeof fl_keep_f / sizeof fl_keep_f[0]))
      strvec_push(st->out, arg);
    if (!strcmp(arg, "-fgpu-rdc") && !st->intent.rdc) { /* clang's -rdc */
      strvec_push(st->out, arg);
      st->intent.rdc = 1;
    }
    if (!strcmp(arg, "-fopenmp") || str_starts_with(arg, "-fopenmp="))
      st->intent.openmp = 1;
    else if (!strcmp(arg, "-fno-openmp"))
      st->intent.openmp = 0;
    break;
  case FL_MOPT:
    if (fl_in_list(arg, fl_keep_m, sizeof fl_keep_m / sizeof fl_keep_m[0]))
      strvec_push(st->out, arg);
    break;
  case FL_OPTIMIZE:
    st->intent.opt_level = fl_opt_level(arg, value);
    break;
  case FL_FAST_MATH:
    st->intent.fast_math = 1;
    break;
  case FL_RDC: {
    int on = !strstr(arg, "false") && !(value && strstr(value, "false"));
    if (on && !st->intent.rdc)
      strvec_push(st->out, "-fgpu-rdc");
    st->intent.rdc |= on;
    break;
  }
  }
}

static void fl_run(const char *const *argv, size_t argc, const char *directory,
                   fl_state *st) {
  strvec flat = {0};
  if (argc > 1) /* argv[0] is the compiler */
    fl_flatten((char **)argv + 1, argc - 1, directory, 0, &flat);
  fl_args a = {flat.items, flat.len, 0};
  for (; a.i < a.n; a.i++) {
    const char *arg = a.v[a.i], *value;
    const fl_option *o = fl_match(&a, &value);
    if (o)
      fl_apply(st, o, arg, value);
    /* else: a positional argument or an unknown option, dropped */
  }
  if (st->std && st->out)
    strvec_push_own(st->out, xasprintf("-std=%s", st->std));
  strvec_free(&flat);
}

void cu2cl_flags_translate(const char *const *argv, size_t argc,
                           const char *source, const char *directory,
                           strvec *out, char **arch_out) {
  (void)source; /* positional arguments, the source among them, are dropped */
  fl_state st = {directory, out, 0, NULL, -1, {-1, 0, 0, 0, 0}};
  fl_run(argv, argc, directory, &st);
  free(st.std);
  if (st.arch > 0 && arch_out) {
    free(*arch_out);
    *arch_out = xasprintf("sm_%d", st.arch);
  }
}

cu2cl_build_intent cu2cl_flags_intent(const char *const *argv, size_t argc,
                                      const char *directory) {
  strvec scratch = {0};
  fl_state st = {directory, &scratch, 0, NULL, -1, {-1, 0, 0, 0, 0}};
  fl_run(argv, argc, directory, &st);
  free(st.std);
  strvec_free(&scratch);
  /* the compiler (behind a ccache-style wrapper), or "cu2cl" standing in
   * for it in "cu2cl SOURCES -- FLAGS" */
  for (size_t i = 0; i < argc && i < 2; i++) {
    const char *base = path_basename(argv[i]);
    if (strstr(base, "nvcc") || !strcmp(base, "cu2cl")) {
      st.intent.nvcc = 1;
      break;
    }
    if (!strstr(base, "ccache") && strcmp(base, "distcc"))
      break;
  }
  return st.intent;
}

cu2cl_lang cu2cl_flags_language(const char *const *argv, size_t argc,
                                const char *source, const char *directory) {
  strvec scratch = {0};
  fl_state st = {directory, &scratch, 0, NULL, -1, {-1, 0, 0, 0, 0}};
  fl_run(argv, argc, directory, &st);
  free(st.std);
  strvec_free(&scratch);
  if (st.x_lang >= 0)
    return (cu2cl_lang)st.x_lang;
  if (source && (str_ends_with(source, ".cu") || str_ends_with(source, ".cuh")))
    return CU2CL_LANG_CUDA;
  if (source && str_ends_with(source, ".c"))
    return CU2CL_LANG_C;
  return CU2CL_LANG_CXX;
}

/* ---- The CUDA toolkit. ---- */

/* CUDART_VERSION (13000 for 13.0) from include/cuda_runtime_api.h, else
 * "version" of the "cuda" object in version.json (CUDA 11.1 on). */
static int fl_cuda_version(const char *root, int *major, int *minor) {
  char *path = xasprintf("%s/include/cuda_runtime_api.h", root);
  char *text = read_file(path, NULL);
  free(path);
  const char *p = text ? strstr(text, "#define CUDART_VERSION") : NULL;
  if (p) {
    long v = strtol(p + strlen("#define CUDART_VERSION"), NULL, 10);
    free(text);
    if (v <= 0)
      return -1;
    *major = (int)(v / 1000);
    *minor = (int)(v % 1000 / 10);
    return 0;
  }
  free(text);
  path = xasprintf("%s/version.json", root);
  text = read_file(path, NULL);
  free(path);
  p = text ? strstr(text, "\"cuda\"") : NULL;
  p = p ? strstr(p, "\"version\"") : NULL;
  p = p ? strchr(p + strlen("\"version\""), '"') : NULL;
  int ok = p && sscanf(p + 1, "%d.%d", major, minor) == 2;
  free(text);
  return ok ? 0 : -1;
}

/* 0 when root is a toolkit with a known version; else -1 and err says why. */
static int fl_cuda_probe(const char *root, cu2cl_cuda_install *out, char *err,
                         size_t errlen) {
  char *header = xasprintf("%s/include/cuda_runtime.h", root);
  int found = path_exists(header);
  free(header);
  if (!path_is_dir(root)) {
    snprintf(err, errlen, "'%s' is not a CUDA toolkit: %s", root,
             strerror(path_exists(root) ? ENOTDIR : ENOENT));
    return -1;
  }
  if (!found) {
    snprintf(err, errlen,
             "'%s' is not a CUDA toolkit: it has no include/cuda_runtime.h",
             root);
    return -1;
  }
  if (fl_cuda_version(root, &out->version_major, &out->version_minor)) {
    snprintf(err, errlen,
             "cannot tell the CUDA version of '%s': no CUDART_VERSION in "
             "include/cuda_runtime_api.h and no version.json",
             root);
    return -1;
  }
  out->path = path_absolute(root, NULL);
  return 0;
}

int cu2cl_cuda_find(const char *requested, cu2cl_cuda_install *out, char *err,
                    size_t errlen) {
  memset(out, 0, sizeof *out);
  if (requested && strcmp(requested, "none") == 0)
    return 0;
  if (requested)
    return fl_cuda_probe(requested, out, err, errlen);
  /* Searched, not requested: a place that is not a toolkit is skipped, and
   * with none found cu2cl's own headers are used. */
  const char *candidates[] = {getenv("CUDA_PATH"), getenv("CUDA_HOME"),
                              "/usr/local/cuda", "/opt/cuda"};
  char ignored[256];
  for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
    if (candidates[i] && *candidates[i] &&
        fl_cuda_probe(candidates[i], out, ignored, sizeof ignored) == 0)
      return 0;
  }
  memset(out, 0, sizeof *out);
  return 0;
}

void cu2cl_cuda_install_free(cu2cl_cuda_install *c) {
  if (!c)
    return;
  free(c->path);
  c->path = NULL;
}

/* ---- The argument list for libclang. ---- */

/* The GPU architectures clang 22 accepts in --cuda-gpu-arch. */
static const int fl_clang_archs[] = {35, 37,  50,  52,  53,  60,  61, 62,
                                     70, 72,  75,  80,  86,  87,  88, 89,
                                     90, 100, 101, 103, 110, 120, 121};

/* clang rejects an architecture it does not know even when only parsing the
 * host side, so an unknown one (newer than clang, or misspelt) becomes the
 * highest known one below it, or the default. */
static char *fl_clang_arch(const char *arch) {
  int n = 0, best = 0;
  if (!arch || sscanf(arch, "sm_%d", &n) != 1)
    return xstrdup(CU2CL_DEFAULT_ARCH);
  for (size_t i = 0; i < sizeof fl_clang_archs / sizeof fl_clang_archs[0]; i++)
    if (fl_clang_archs[i] <= n)
      best = fl_clang_archs[i];
  return best ? xasprintf("sm_%d", best) : xstrdup(CU2CL_DEFAULT_ARCH);
}

static int fl_has_std(const strvec *flags) {
  for (size_t i = 0; flags && i < flags->len; i++)
    if (str_starts_with(flags->items[i], "-std=") ||
        str_starts_with(flags->items[i], "--std="))
      return 1;
  return 0;
}

static void fl_push_cuda(const cu2cl_cuda_install *cuda,
                         const char *own_headers, strvec *out) {
  /* cu2cl's CUB (cub/cub.cuh and the block- and warp-level primitives it
   * defines in CUDA C++) comes first with either header set, and not as a
   * system header: the device emitter translates its code like the
   * user's (the toolkit's CUB cannot be translated). */
  if (own_headers)
    strvec_push_own(out, xasprintf("-I%s/translated", own_headers));
  if (cuda && cuda->path) {
    strvec_push_own(out, xasprintf("--cuda-path=%s", cuda->path));
    char *cccl = xasprintf("%s/include/cccl", cuda->path);
    if (path_is_dir(cccl)) { /* CUDA 13: Thrust, CUB, libcu++; nvcc adds it */
      strvec_push(out, "-isystem");
      strvec_push(out, cccl);
    }
    free(cccl);
    strvec_push_own(
        out, xasprintf("-D__CUDACC_VER_MAJOR__=%d", cuda->version_major));
    strvec_push_own(
        out, xasprintf("-D__CUDACC_VER_MINOR__=%d", cuda->version_minor));
    return;
  }
  strvec_push(out, "-nocudainc");
  strvec_push(out, "-nocudalib");
  /* Parse the same whether or not a toolkit happens to be installed: no
   * installation is looked for, and the CUDA version clang assumes (which
   * picks the launch lowering, __cudaPushCallConfiguration) is fixed. */
  strvec_push(out, "--cuda-path=/nonexistent-cu2cl-no-cuda");
  strvec_push(out, "-Xclang");
  strvec_push(out, "-target-sdk-version=13.0");
  if (own_headers) {
    strvec_push(out, "-isystem");
    strvec_push(out, own_headers);
  }
  strvec_push(out, "-D__CUDACC_VER_MAJOR__=13");
  strvec_push(out, "-D__CUDACC_VER_MINOR__=0");
  /* nvcc includes cuda_runtime.h into every .cu file; with -nocudainc
   * clang does not, so it is included here. */
  strvec_push(out, "-include");
  strvec_push(out, "cuda_runtime.h");
}

void cu2cl_flags_for_parse(const cu2cl_cuda_install *cuda,
                           const char *own_headers, const char *host_compat,
                           const char *arch, const strvec *user_flags,
                           strvec *out) {
  strvec_push(out, "-x");
  strvec_push(out, "cuda");
  strvec_push(out, "--cuda-host-only");
  char *clang_arch = fl_clang_arch(arch);
  strvec_push_own(out, xasprintf("--cuda-gpu-arch=%s", clang_arch));
  free(clang_arch);
  if (!fl_has_std(user_flags))
    strvec_push(out, "-std=c++17");
  strvec_push(out, "-Wno-unknown-cuda-version");
  /* nvcc's host compilers (g++) warn of `register` in C++17, clang stops */
  strvec_push(out, "-Wno-register");
  fl_push_cuda(cuda, own_headers, out);
  if (host_compat) {
    strvec_push(out, "-include");
    strvec_push(out, host_compat);
  }
  for (size_t i = 0; user_flags && i < user_flags->len; i++) {
    const char *f = user_flags->items[i];
    /* -I/-isystem into a CUDA toolkit's include directory: cu2cl provides
     * the CUDA headers itself (the toolkit's, wrapped as clang needs them,
     * or its own), so the directory must not shadow them. */
    const char *dir = NULL;
    int separate = 0;
    if (str_starts_with(f, "-I") || str_starts_with(f, "-isystem")) {
      size_t skip = f[1] == 'I' ? 2 : 8;
      separate = f[skip] == 0;
      dir = separate ? (i + 1 < user_flags->len ? user_flags->items[i + 1]
                                                : NULL)
                     : f + skip;
    }
    if (dir) {
      char *probe = path_join(dir, "cuda_runtime.h");
      int toolkit = path_exists(probe);
      free(probe);
      if (toolkit) {
        i += separate;
        continue;
      }
    }
    strvec_push(out, f);
  }
}
