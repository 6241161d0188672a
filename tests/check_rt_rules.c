/*
 * check_rt_rules: rules/runtime_api.def against runtime/include/cu2clrt.h
 * (with cu2clrt_pitch.h and cu2clrt_graph.h, which it includes).
 * Every replacement the table names must exist in the header (and, for
 * cu2cl functions, be exported by the library); every cu2cl name the header
 * offers in CUDA's place must have a row; unsupported rows must say why.
 */
#include <check.h>
#include <ctype.h>
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu2clrt.h"

typedef struct rule {
  const char *cuda;
  const char *replacement; /* NULL: unsupported */
  const char *kind;
  const char *notes;
} rule;

static const rule rules[] = {
#define CU2CL_HOST_API(CUDA_NAME, REPLACEMENT, KIND, NOTES)                    \
  {#CUDA_NAME, REPLACEMENT, #KIND, NOTES},
#include "../rules/runtime_api.def"
#undef CU2CL_HOST_API
};
static const size_t nrules = sizeof rules / sizeof rules[0];

/* Names in the header that generated code uses, not CUDA replacements. */
static const char *const generated_only[] = {
    "cu2clLaunchKernel",
    "cu2clProgramBuild",
    "cu2clGetCacheStats",
    "cu2clProgram",
    "cu2clKernelRef",
    "cu2clSymbol",
    "cu2clArg",
    "cu2clCacheStats",
    "cu2clArgKind",
    "cu2clStream",
    "cu2clEvent",
    "cu2clMemPool",             /* opaque tags of the handle types */
    "cu2clrtTraceQuiet",        /* for library layers (cu2clrt_thrust.hpp) */
    "cu2clrtHostAccess",        /* for library layers (cu2clrt_thrust.hpp) */
    "cu2clrtTraceSite",         /* passed by the header's call-site macros */
    "cu2clHoldSizedBuilds",     /* for tests and measurements */
    "cu2clWaitSizedBuilds",     /* for tests */
    "cu2clLaunchV",             /* the type of cu2clKernelRef.launchv */
    "cu2clMemLocationOfDevice", /* CUDA 12's device number as a location */
    "cu2clKernelPtr",           /* kernels held in function pointers: */
    "cu2clKernelOf",            /* a kernel as such a value */
    "cu2clLaunchPtr",           /* a launch through one */
    "cu2clrt_graph",            /* the headers' own names */
    "cu2clrt_pitch",
    "cu2clrt_fp16",               /* half precision's own helpers */
    "cu2clrt_float_to_half_bits", /* (the CUDA names are kept) */
    "cu2clrt_half_bits_to_float",
    "cu2clrt_bf16", /* bfloat16's, likewise */
    "cu2clrt_float_to_bf16_bits",
    "cu2clrt_bf16_bits_to_float",
    "cu2clrt_int_to_bf16_bits",
    "cu2clrt_double_to_bf16_bits",
    "cu2clrt_fp8", /* fp8's (cu2clrt_fp8.h), likewise */
    "cu2clrt_fp8x2",
    "cu2clrt_fp8x4",
    "cu2clrt_fp8_round",
    "cu2clrt_bits_to_fp8",
    "cu2clrt_float_to_fp8",
    "cu2clrt_double_to_fp8",
    "cu2clrt_fp8_isnan",
    "cu2clrt_fp8_to_float_bits",
    "cu2clrt_fp8_to_float",
    "cu2clrt_fp8_to_half_bits",
    "cu2clrt_fp8_to_ll",
    "cu2clrt_fp8_to_ull",
    "cu2clrt_fp8_to_int",
    "cu2cl_closure_at", /* host lambdas passed to kernel templates: */
    "cu2cl_closure_id", /* which lambda made a closure (emit_host) */
    "cu2cl_closure_tag",
    "cu2cl_closure_tag_of",
    "cu2cl_closure_value"};

static char *header;

/* Appends the text of runtime/include/NAME, found beside this test's
 * source, to header (of capacity 1 MiB) at *len. */
static void append_header(const char *name, size_t *len) {
  char path[1024];
  snprintf(path, sizeof path, "%s", __FILE__);
  char *slash = strrchr(path, '/');
  ck_assert_ptr_nonnull(slash);
  snprintf(slash, sizeof path - (size_t)(slash - path),
           "/../runtime/include/%s", name);
  FILE *f = fopen(path, "rb");
  ck_assert_ptr_nonnull(f);
  *len += fread(header + *len, 1, (1 << 20) - 1 - *len, f);
  header[*len] = '\0';
  fclose(f);
}

/* The public header's text: cu2clrt.h and the parts it includes. */
static void load_header(void) {
  size_t len = 0;
  header = calloc(1 << 20, 1);
  append_header("cu2clrt.h", &len);
  append_header("cu2clrt_pitch.h", &len);
  append_header("cu2clrt_graph.h", &len);
  append_header("cu2clrt_fp16.h", &len);
  append_header("cu2clrt_bf16.h", &len);
  append_header("cu2clrt_fp8.h", &len);
}

static void free_header(void) {
  free(header);
}

static int is_ident(char c) {
  return isalnum((unsigned char)c) || c == '_';
}

static int header_has_word(const char *word) {
  size_t n = strlen(word);
  for (const char *p = header; (p = strstr(p, word)) != NULL; p += n)
    if ((p == header || !is_ident(p[-1])) && !is_ident(p[n]))
      return 1;
  /* make_T1 .. make_T4 come from CU2CL_MAKE_VECTORS(T, scalar) */
  if (strncmp(word, "make_", 5) == 0 && n > 6 && word[n - 1] >= '1' &&
      word[n - 1] <= '4') {
    char gen[96];
    snprintf(gen, sizeof gen, "\nCU2CL_MAKE_VECTORS(%.*s,", (int)(n - 6),
             word + 5);
    return strstr(header, gen) != NULL;
  }
  return 0;
}

static const rule *rule_replaced_by(const char *name) {
  for (size_t i = 0; i < nrules; i++)
    if (rules[i].replacement && strcmp(rules[i].replacement, name) == 0)
      return &rules[i];
  return NULL;
}

START_TEST(test_replacements_exist) {
  for (size_t i = 0; i < nrules; i++) {
    const rule *r = &rules[i];
    if (!r->replacement || strstr(r->replacement, "::") ||
        strchr(r->replacement, '('))
      continue; /* Thrust (cu2clrt_thrust.hpp) and written-out qualifiers */
    ck_assert_msg(header_has_word(r->replacement), "%s -> %s: not in cu2clrt.h",
                  r->cuda, r->replacement);
    if (strcmp(r->kind, "FUNCTION") == 0 &&
        strncmp(r->replacement, "cu2cl", 5) == 0)
      ck_assert_msg(dlsym(RTLD_DEFAULT, r->replacement) != NULL,
                    "%s is not exported by libcu2clrt", r->replacement);
  }
}
END_TEST

static int generated(const char *name) {
  for (size_t i = 0; i < sizeof generated_only / sizeof *generated_only; i++)
    if (strcmp(generated_only[i], name) == 0)
      return 1;
  /* the device algorithms serve cu2clrt_thrust.hpp, not a CUDA API; the
   * tool's own name appears in comments */
  return strncmp(name, "cu2clAlgo", 9) == 0 || strcmp(name, "cu2cl") == 0 ||
         strcmp(name, "cu2clrt_thrust") == 0;
}

/* Every cu2cl identifier the header defines has a row. */
START_TEST(test_header_names_have_rows) {
  int missing = 0;
  for (const char *p = header; (p = strstr(p, "cu2cl")) != NULL;) {
    char name[128];
    size_t n = 0;
    if (p > header && is_ident(p[-1])) {
      p++;
      continue;
    }
    while (is_ident(p[n]) && n < sizeof name - 1)
      name[n] = p[n], n++;
    name[n] = '\0';
    p += n;
    if (strcmp(name, "cu2clrt") == 0 || generated(name) ||
        rule_replaced_by(name))
      continue;
    fprintf(stderr, "no rule row for %s\n", name);
    missing++;
  }
  ck_assert_int_eq(missing, 0);
}
END_TEST

START_TEST(test_table_sanity) {
  ck_assert_uint_gt(nrules, 300);
  for (size_t i = 0; i < nrules; i++) {
    const rule *r = &rules[i];
    ck_assert_msg(
        strcmp(r->kind, "FUNCTION") == 0 || strcmp(r->kind, "TYPE") == 0 ||
            strcmp(r->kind, "ENUMERATOR") == 0 || strcmp(r->kind, "MACRO") == 0,
        "%s: bad kind %s", r->cuda, r->kind);
    ck_assert_msg(r->replacement || r->notes[0], "%s: unsupported, no reason",
                  r->cuda);
    for (size_t j = i + 1; j < nrules; j++)
      ck_assert_msg(strcmp(r->cuda, rules[j].cuda) != 0, "%s: two rows",
                    r->cuda);
  }
  const rule *m = rule_replaced_by("cu2clMalloc");
  ck_assert_ptr_nonnull(m);
  ck_assert_str_eq(m->cuda, "cudaMalloc");
  ck_assert_str_eq(rule_replaced_by("cu2clDeviceSynchronize")->kind,
                   "FUNCTION");
}
END_TEST

static Suite *rt_rules_suite(void) {
  Suite *s = suite_create("rt_rules");
  TCase *core = tcase_create("Core");
  tcase_add_checked_fixture(core, load_header, free_header);
  tcase_add_test(core, test_replacements_exist);
  tcase_add_test(core, test_header_names_have_rows);
  suite_add_tcase(s, core);
  TCase *errors = tcase_create("Errors");
  tcase_add_test(errors, test_table_sanity);
  suite_add_tcase(s, errors);
  return s;
}

int main(void) {
  /* A call keeps the library linked, so that dlsym can look into it. */
  if (!cu2clGetErrorName(cu2clSuccess))
    return 1;
  SRunner *sr = srunner_create(rt_rules_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
