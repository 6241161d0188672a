/*
 * check_diag: the diagnostics catalog and engine (translator/diag.c).
 *
 * Core: the catalog's invariants, clang-style printing with and without a
 * location (caret under the right column with tabs and UTF-8), colours,
 * counters, records, notes, lookup, comment text, summary, --explain.
 * Errors: unknown IDs, unreadable or short source files, NULL handles.
 * Threads: two threads reporting at once keep counts and notes straight.
 */
#include "diag.h"

#include <check.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- fixture: an engine printing into memory ---------------------------- */

static FILE *mem;
static char *mem_data;
static size_t mem_len;
static cu2cl_diag_engine *engine;
static char source_path[] = "/tmp/check_diag_XXXXXX.cu";

static void setup(void) {
  mem = open_memstream(&mem_data, &mem_len);
  engine = cu2cl_diag_engine_new(mem, 0);
  int fd = mkstemps(source_path, 3);
  ck_assert_int_ge(fd, 0);
  const char *text = "int main() {\n"
                     "  cudaMallocPitch(&p, &pitch, w, h);\n"
                     "\tfoo(x);\n"
                     "  s = \"\xc3\xa9t\xc3\xa9\"; bar();\r\n"
                     "}\n";
  ck_assert_int_eq(write(fd, text, strlen(text)), (int)strlen(text));
  close(fd);
}

static void teardown(void) {
  cu2cl_diag_engine_delete(engine);
  fclose(mem);
  free(mem_data);
  unlink(source_path);
  strcpy(source_path, "/tmp/check_diag_XXXXXX.cu");
}

/* What the engine printed so far. */
static const char *printed(void) {
  fflush(mem);
  return mem_data ? mem_data : "";
}

/* ---- Core: catalog ------------------------------------------------------ */

static const char *category_for(unsigned number) {
  if (number < 1000)
    return "driver";
  if (number < 2000)
    return "host";
  if (number < 3000)
    return "device";
  if (number < 4000)
    return "warp";
  return "validation";
}

/* Every conversion in a message is one the callers can pass safely. */
static int message_conversions_ok(const char *fmt) {
  for (const char *p = strchr(fmt, '%'); p; p = strchr(p + 2, '%'))
    if (strncmp(p, "%s", 2) && strncmp(p, "%u", 2) && strncmp(p, "%d", 2) &&
        strncmp(p, "%%", 2) && strncmp(p, "%zu", 3))
      return 0;
  return 1;
}

START_TEST(test_catalog_invariants) {
  unsigned previous = 0;
  for (int i = 0; i < CU2CL_D_COUNT; i++) {
    const cu2cl_diag_info *info = cu2cl_diag_info_get((cu2cl_diag_id)i);
    ck_assert_ptr_nonnull(info);
    ck_assert_msg(info->number > previous, "%s: numbers must ascend",
                  info->name);
    previous = info->number;
    ck_assert_uint_lt(info->number, 5000);
    ck_assert_str_eq(info->category, category_for(info->number));
    ck_assert_int_le(info->severity, CU2CL_ERROR);
    ck_assert_msg(message_conversions_ok(info->message), "%s: bad format",
                  info->name);
    ck_assert_msg(strlen(info->explanation) > 40, "%s", info->name);
    ck_assert_msg(strlen(info->example) > 5, "%s", info->name);
    ck_assert_msg(strlen(info->fix) > 5, "%s", info->name);
    ck_assert_ptr_eq(cu2cl_diag_info_find(info->name), info);
  }
}
END_TEST

START_TEST(test_lookup_by_text) {
  const cu2cl_diag_info *want =
      cu2cl_diag_info_get(CU2CL_D_UNSUPPORTED_DEVICE_FUNCTION);
  ck_assert_uint_eq(want->number, 2001);
  ck_assert_ptr_eq(cu2cl_diag_info_find("CU2CL2001"), want);
  ck_assert_ptr_eq(cu2cl_diag_info_find("cu2cl2001"), want);
  ck_assert_ptr_eq(cu2cl_diag_info_find("2001"), want);
  ck_assert_ptr_eq(cu2cl_diag_info_find("unsupported_device_function"), want);
  const cu2cl_diag_info *one = cu2cl_diag_info_get(CU2CL_D_UNKNOWN_OPTION);
  ck_assert_ptr_eq(cu2cl_diag_info_find("CU2CL0001"), one);
  ck_assert_ptr_eq(cu2cl_diag_info_find("1"), one);
  ck_assert_str_eq(cu2cl_severity_name(CU2CL_REMARK), "remark");
  ck_assert_str_eq(cu2cl_severity_name(CU2CL_ERROR), "error");
}
END_TEST

/* ---- Core: printing ----------------------------------------------------- */

START_TEST(test_format_with_file) {
  const char *msg =
      cu2cl_diag_report(engine, CU2CL_D_UNSUPPORTED_API, source_path, 2, 3,
                        "cudaMallocPitch", "pitched allocations");
  ck_assert_str_eq(msg, "CUDA runtime API 'cudaMallocPitch' is not "
                        "supported: pitched allocations");
  char want[1024];
  snprintf(want, sizeof want,
           "%s:2:3: error: %s [CU2CL1001]\n"
           "  cudaMallocPitch(&p, &pitch, w, h);\n"
           "  ^\n",
           source_path, msg);
  ck_assert_str_eq(printed(), want);
}
END_TEST

START_TEST(test_format_without_file) {
  cu2cl_diag_report(engine, CU2CL_D_UNKNOWN_OPTION, NULL, 0, 0, "--frob");
  /* the driver adds the hint to see --help, once */
  ck_assert_str_eq(printed(),
                   "cu2cl: error: unknown option '--frob' [CU2CL0001]\n");
}
END_TEST

START_TEST(test_format_line_without_column) {
  cu2cl_diag_report(engine, CU2CL_D_KERNEL_NOT_LAUNCHED, source_path, 1, 0,
                    "k");
  char want[1024];
  snprintf(want, sizeof want,
           "%s:1: remark: kernel 'k' is never launched in this file; no "
           "OpenCL kernel emitted for its template [CU2CL1102]\n"
           "int main() {\n",
           source_path);
  ck_assert_str_eq(printed(), want);
}
END_TEST

/* Line 3 is "\tfoo(x);": column 5 is the '(' after the tab and "foo". */
START_TEST(test_caret_after_tab) {
  cu2cl_diag_report(engine, CU2CL_D_RECURSION, source_path, 3, 5, "foo");
  const char *out = strchr(printed(), '\n') + 1;
  ck_assert_str_eq(out, "        foo(x);\n"
                        "           ^\n");
}
END_TEST

/* Line 4 holds two 2-byte UTF-8 characters and ends in CRLF; column 16 is
 * the 'b' of "bar" (byte 16), display column 14 (13 spaces before it). */
START_TEST(test_caret_utf8_and_crlf) {
  cu2cl_diag_report(engine, CU2CL_D_RECURSION, source_path, 4, 16, "bar");
  const char *out = strchr(printed(), '\n') + 1;
  ck_assert_str_eq(out, "  s = \"\xc3\xa9t\xc3\xa9\"; bar();\n"
                        "             ^\n");
}
END_TEST

START_TEST(test_caret_past_end_is_clamped) {
  cu2cl_diag_report(engine, CU2CL_D_RECURSION, source_path, 5, 40, "x");
  const char *out = strchr(printed(), '\n') + 1;
  ck_assert_str_eq(out, "}\n ^\n");
}
END_TEST

START_TEST(test_color) {
  cu2cl_diag_engine *color = cu2cl_diag_engine_new(mem, 1);
  cu2cl_diag_report(color, CU2CL_D_PRINTF_FORMAT, source_path, 2, 3, "%lld",
                    "64-bit");
  cu2cl_diag_engine_delete(color);
  const char *out = printed();
  ck_assert_ptr_nonnull(strstr(out, "\033[1;35mwarning: "));
  ck_assert_ptr_nonnull(strstr(out, "\033[1;32m^"));
  ck_assert_ptr_nonnull(strstr(out, "[CU2CL2003]"));
  /* Without colour, no escape at all. */
  cu2cl_diag_report(engine, CU2CL_D_PRINTF_FORMAT, NULL, 0, 0, "a", "b");
  ck_assert_ptr_null(strchr(strstr(printed(), "cu2cl: warning"), '\033'));
}
END_TEST

/* ---- Core: records, counts, notes, summary ------------------------------ */

START_TEST(test_counts_and_records) {
  cu2cl_diag_report(engine, CU2CL_D_RECURSION, source_path, 2, 3, "f");
  cu2cl_diag_report(engine, CU2CL_D_RECURSION, source_path, 3, 1, "g");
  cu2cl_diag_report(engine, CU2CL_D_PRINTF_FORMAT, NULL, 0, 0, "%p", "x");
  cu2cl_diag_report(engine, CU2CL_D_CUDA_NOT_FOUND, "relative.cu", 0, 0);
  ck_assert_uint_eq(cu2cl_diag_count(engine, CU2CL_ERROR), 2);
  ck_assert_uint_eq(cu2cl_diag_count(engine, CU2CL_WARNING), 1);
  ck_assert_uint_eq(cu2cl_diag_count(engine, CU2CL_REMARK), 0);
  ck_assert_uint_eq(cu2cl_diag_count(engine, CU2CL_NOTE), 1);
  ck_assert_uint_eq(cu2cl_diag_count_id(engine, CU2CL_D_RECURSION), 2);
  ck_assert_uint_eq(cu2cl_diag_count_id(engine, CU2CL_D_UNSUPPORTED_API), 0);

  size_t n;
  const cu2cl_diag_record *r = cu2cl_diag_records(engine, &n);
  ck_assert_uint_eq(n, 4);
  ck_assert_int_eq(r[1].id, CU2CL_D_RECURSION);
  ck_assert_str_eq(r[1].file, source_path);
  ck_assert_uint_eq(r[1].line, 3);
  ck_assert_uint_eq(r[1].column, 1);
  ck_assert_str_eq(r[1].message, "'g' is recursive; OpenCL C forbids "
                                 "recursion");
  ck_assert_ptr_null(r[2].file);
  ck_assert_uint_eq(r[2].line, 0);
  /* Relative paths are recorded absolute, for the reports. */
  ck_assert_int_eq(r[3].file[0], '/');
  ck_assert_ptr_nonnull(strstr(r[3].file, "/relative.cu"));
}
END_TEST

START_TEST(test_notes) {
  cu2cl_diag_report(engine, CU2CL_D_OPENCL_COMPILE_ERROR, NULL, 0, 0, "k",
                    "syntax");
  cu2cl_diag_note(engine, "input.cl:3:1: error: expected ';'\n  x = 1\n");
  cu2cl_diag_note(engine, "second");
  const char *out = strstr(printed(), "\nnote: ");
  ck_assert_ptr_nonnull(out);
  ck_assert_str_eq(out, "\nnote: input.cl:3:1: error: expected ';'\n"
                        "        x = 1\n"
                        "note: second\n");
  ck_assert_str_eq(cu2cl_diag_record_notes(engine, 0),
                   "input.cl:3:1: error: expected ';'\n  x = 1\n\nsecond");
  cu2cl_diag_report(engine, CU2CL_D_RECURSION, NULL, 0, 0, "f");
  ck_assert_ptr_null(cu2cl_diag_record_notes(engine, 1));
}
END_TEST

START_TEST(test_summary) {
  cu2cl_diag_report(engine, CU2CL_D_RECURSION, NULL, 0, 0, "f");
  cu2cl_diag_report(engine, CU2CL_D_UNSUPPORTED_API, NULL, 0, 0, "a", "b");
  cu2cl_diag_report(engine, CU2CL_D_RECURSION, NULL, 0, 0, "g");
  cu2cl_diag_report(engine, CU2CL_D_DOUBLE_PRECISION, NULL, 0, 0, "k");
  char *text;
  size_t len;
  FILE *f = open_memstream(&text, &len);
  cu2cl_diag_print_summary(engine, f);
  fclose(f);
  ck_assert_str_eq(text, "3 errors, 0 warnings, 1 remark, 0 notes\n"
                         "  CU2CL1001      1  error    UNSUPPORTED_API\n"
                         "  CU2CL2004      1  remark   DOUBLE_PRECISION\n"
                         "  CU2CL2102      2  error    RECURSION\n");
  free(text);
}
END_TEST

START_TEST(test_comment_text) {
  char *c =
      cu2cl_diag_comment(CU2CL_D_UNSUPPORTED_HOST_CONSTRUCT, "a /* b */ c\nd");
  ck_assert_str_eq(c, "CU2CL1301: a /* b * / c d");
  free(c);
  c = cu2cl_diag_comment(CU2CL_D_UNKNOWN_OPTION, "x");
  ck_assert_str_eq(c, "CU2CL0001: x");
  free(c);
}
END_TEST

START_TEST(test_explain_and_list) {
  char *text;
  size_t len;
  FILE *f = open_memstream(&text, &len);
  cu2cl_diag_explain(cu2cl_diag_info_find("CU2CL2102"), f);
  fclose(f);
  ck_assert(strncmp(text, "CU2CL2102 RECURSION (error, device)\n", 36) == 0);
  ck_assert_ptr_nonnull(strstr(text, "\nExample:\n    __device__ int fib"));
  ck_assert_ptr_nonnull(strstr(text, "\nFix:\n    Rewrite"));
  free(text);

  f = open_memstream(&text, &len);
  cu2cl_diag_list(f);
  fclose(f);
  size_t lines = 0;
  for (const char *p = text; *p; p++)
    lines += *p == '\n';
  ck_assert_uint_eq(lines, CU2CL_D_COUNT);
  ck_assert_ptr_nonnull(strstr(text, "CU2CL0100  error    driver"));
  free(text);
}
END_TEST

/* ---- Errors ------------------------------------------------------------- */

START_TEST(test_unknown_ids) {
  const char *bad[] = {"CU2CL9999",  "CU2CL",      "",
                       "12x",        "CU2CL00001", "-1",
                       "CU2CL 2001", "0",          "NOT_A_NAME"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    ck_assert_msg(cu2cl_diag_info_find(bad[i]) == NULL, "'%s'", bad[i]);
  ck_assert_ptr_null(cu2cl_diag_info_find(NULL));
  ck_assert_ptr_null(cu2cl_diag_info_get(CU2CL_D_COUNT));
  ck_assert_ptr_null(cu2cl_diag_info_get((cu2cl_diag_id)-1));
}
END_TEST

START_TEST(test_unreadable_source_prints_header) {
  cu2cl_diag_report(engine, CU2CL_D_RECURSION, "/nonexistent/dir/k.cu", 7, 2,
                    "f");
  ck_assert_str_eq(printed(), "/nonexistent/dir/k.cu:7:2: error: 'f' is "
                              "recursive; OpenCL C forbids recursion "
                              "[CU2CL2102]\n");
  /* A line past the end of a readable file: header only, too. */
  cu2cl_diag_report(engine, CU2CL_D_RECURSION, source_path, 99, 1, "f");
  ck_assert_int_eq(printed()[strlen(printed()) - 2], ']');
  ck_assert_uint_eq(cu2cl_diag_count(engine, CU2CL_ERROR), 2);
}
END_TEST

START_TEST(test_null_handles) {
  cu2cl_diag_engine_delete(NULL);
  ck_assert_ptr_null(
      cu2cl_diag_report(NULL, CU2CL_D_RECURSION, NULL, 0, 0, "f"));
  ck_assert_ptr_null(cu2cl_diag_report(engine, CU2CL_D_COUNT, NULL, 0, 0));
  ck_assert_uint_eq(cu2cl_diag_count(NULL, CU2CL_ERROR), 0);
  size_t n = 7;
  ck_assert_ptr_null(cu2cl_diag_records(NULL, &n));
  ck_assert_uint_eq(n, 0);
  /* A note before any report of this engine goes nowhere. */
  cu2cl_diag_note(engine, "orphan");
  ck_assert_str_eq(printed(), "");
  /* An engine without an output stream records silently. */
  cu2cl_diag_engine *quiet = cu2cl_diag_engine_new(NULL, 1);
  cu2cl_diag_report(quiet, CU2CL_D_RECURSION, source_path, 2, 1, "f");
  cu2cl_diag_note(quiet, "n");
  ck_assert_uint_eq(cu2cl_diag_count(quiet, CU2CL_ERROR), 1);
  ck_assert_str_eq(cu2cl_diag_record_notes(quiet, 0), "n");
  cu2cl_diag_engine_delete(quiet);
}
END_TEST

/* One finding at one place is reported once (a template's body is checked
 * for each specialization); a different message or place is another. */
START_TEST(test_duplicates_once) {
  cu2cl_diag_engine *q = cu2cl_diag_engine_new(NULL, 0);
  const char *m1 = cu2cl_diag_report(q, CU2CL_D_RECURSION, source_path, 2, 1,
                                     "f");
  const char *m2 = cu2cl_diag_report(q, CU2CL_D_RECURSION, source_path, 2, 1,
                                     "f");
  ck_assert_ptr_eq(m1, m2);
  cu2cl_diag_report(q, CU2CL_D_RECURSION, source_path, 2, 1, "g");
  cu2cl_diag_report(q, CU2CL_D_RECURSION, source_path, 3, 1, "f");
  size_t n;
  cu2cl_diag_records(q, &n);
  ck_assert_uint_eq(n, 3);
  ck_assert_uint_eq(cu2cl_diag_count(q, CU2CL_ERROR), 3);
  cu2cl_diag_engine_delete(q);
}
END_TEST

/* ---- Threads ------------------------------------------------------------ */

enum { REPORTS_PER_THREAD = 400 };

static void *report_many(void *arg) {
  const char *who = arg;
  for (int i = 0; i < REPORTS_PER_THREAD; i++) {
    /* distinct messages: identical reports are kept once */
    char name[32];
    snprintf(name, sizeof name, "%s%d", who, i);
    cu2cl_diag_report(engine, CU2CL_D_RECURSION, source_path, 2, 3, name);
    cu2cl_diag_note(engine, who);
  }
  return NULL;
}

START_TEST(test_two_threads) {
  pthread_t a, b;
  pthread_create(&a, NULL, report_many, "alpha");
  pthread_create(&b, NULL, report_many, "beta");
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  ck_assert_uint_eq(cu2cl_diag_count(engine, CU2CL_ERROR),
                    2 * REPORTS_PER_THREAD);
  size_t n;
  const cu2cl_diag_record *r = cu2cl_diag_records(engine, &n);
  ck_assert_uint_eq(n, 2 * REPORTS_PER_THREAD);
  /* Each note belongs to its own thread's report. */
  for (size_t i = 0; i < n; i++) {
    const char *who = strstr(r[i].message, "alpha") ? "alpha" : "beta";
    ck_assert_str_eq(cu2cl_diag_record_notes(engine, i), who);
  }
  /* Printed output is not interleaved within a piece: every report is its
   * three lines in one block, every note a whole line. (Another thread's
   * report may come between a report and its note.) */
  const char *p = printed();
  size_t blocks = 0, notes = 0;
  while ((p = strstr(p, ": error: '")) != NULL) {
    p = strstr(p, "[CU2CL2102]\n");
    ck_assert_ptr_nonnull(p);
    ck_assert(strncmp(p,
                      "[CU2CL2102]\n  cudaMallocPitch(&p, &pitch, w, h);\n"
                      "  ^\n",
                      51) == 0);
    blocks++;
  }
  for (p = printed(); (p = strstr(p, "\nnote: ")) != NULL; p += 7, notes++)
    ck_assert(strncmp(p, "\nnote: alpha\n", 13) == 0 ||
              strncmp(p, "\nnote: beta\n", 12) == 0);
  ck_assert_uint_eq(blocks, 2 * REPORTS_PER_THREAD);
  ck_assert_uint_eq(notes, 2 * REPORTS_PER_THREAD);
}
END_TEST

static Suite *diag_suite(void) {
  Suite *s = suite_create("diag");
  TCase *core = tcase_create("Core");
  tcase_add_checked_fixture(core, setup, teardown);
  tcase_add_test(core, test_catalog_invariants);
  tcase_add_test(core, test_duplicates_once);
  tcase_add_test(core, test_lookup_by_text);
  tcase_add_test(core, test_format_with_file);
  tcase_add_test(core, test_format_without_file);
  tcase_add_test(core, test_format_line_without_column);
  tcase_add_test(core, test_caret_after_tab);
  tcase_add_test(core, test_caret_utf8_and_crlf);
  tcase_add_test(core, test_caret_past_end_is_clamped);
  tcase_add_test(core, test_color);
  tcase_add_test(core, test_counts_and_records);
  tcase_add_test(core, test_notes);
  tcase_add_test(core, test_summary);
  tcase_add_test(core, test_comment_text);
  tcase_add_test(core, test_explain_and_list);
  suite_add_tcase(s, core);

  TCase *errors = tcase_create("Errors");
  tcase_add_checked_fixture(errors, setup, teardown);
  tcase_add_test(errors, test_unknown_ids);
  tcase_add_test(errors, test_unreadable_source_prints_header);
  tcase_add_test(errors, test_null_handles);
  suite_add_tcase(s, errors);

  TCase *threads = tcase_create("Threads");
  tcase_add_checked_fixture(threads, setup, teardown);
  tcase_add_test(threads, test_two_threads);
  suite_add_tcase(s, threads);
  return s;
}

int main(void) {
  SRunner *runner = srunner_create(diag_suite());
  srunner_run_all(runner, CK_NORMAL);
  int failed = srunner_ntests_failed(runner);
  srunner_free(runner);
  return failed;
}
