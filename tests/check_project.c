/* Unit tests for translator/project: the out-root's CMake project. */
#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "install.h"
#include "project.h"

static char tmp[] = "/tmp/cu2cl-check-project-XXXXXX";

START_TEST(test_lists) {
  ck_assert_ptr_nonnull(mkdtemp(tmp));
  cu2cl_project_unit units[] = {
      {"app/main.cpp", "app/main.cl", "cu2cl_source_main", 1, 0},
      {"lib/helpers.cpp", "lib/helpers.cl", "cu2cl_source_helpers", 0, 1},
      {"tool.cpp", NULL, NULL, 1, 0},
  };
  cu2cl_project p = {"/in", tmp, units, 3, {0}, {0}, 3, 0};
  char *inc = path_join(tmp, "include");
  strvec_push_own(&p.include_dirs, inc);
  strvec_push(&p.include_dirs, "/elsewhere/include");
  strvec_push(&p.defines, "USE_X=1");
  char *failed = NULL;
  ck_assert_int_eq(cu2cl_project_write(&p, &failed), 0);
  char *lists_path = path_join(tmp, "CMakeLists.txt");
  char *lists = read_file(lists_path, NULL);
  ck_assert_ptr_nonnull(lists);
  /* one executable per source defining main, named after its stem */
  ck_assert_ptr_nonnull(strstr(lists, "add_executable(main app/main.cpp)"));
  ck_assert_ptr_nonnull(strstr(lists, "add_executable(tool tool.cpp)"));
  /* the others form a library linked into each executable */
  ck_assert_ptr_nonnull(strstr(lists, "add_library(cu2cl_common STATIC\n"
                                      "  lib/helpers.cpp)"));
  ck_assert_ptr_nonnull(
      strstr(lists, "target_link_libraries(main PRIVATE cu2cl_common)"));
  /* .cl files embedded at build time */
  ck_assert_ptr_nonnull(
      strstr(lists, "cu2cl_embed(app/main.cl cu2cl_source_main)"));
  ck_assert_ptr_nonnull(
      strstr(lists, "cu2cl_embed(lib/helpers.cl cu2cl_source_helpers)"));
  /* the build ahead, opt-in, each program with the options its code gives */
  ck_assert_ptr_nonnull(
      strstr(lists, "option(CU2CL_PREBUILD \"build the OpenCL programs "
                    "ahead\" OFF)"));
  ck_assert_ptr_nonnull(strstr(lists, "  cu2cl_prebuild(app/main.cl \"\")"));
  ck_assert_ptr_nonnull(strstr(
      lists, "  cu2cl_prebuild(lib/helpers.cl \"-cl-fast-relaxed-math\")"));
  /* the runtime as a package, the hint the prefix of this cu2cl */
  ck_assert_ptr_nonnull(strstr(lists, "find_package(cu2clrt 0.1 REQUIRED"));
  char *hint = xasprintf("set(CU2CLRT_HINT \"%s\"", cu2cl_install_prefix());
  ck_assert_ptr_nonnull(strstr(lists, hint));
  free(hint);
  ck_assert_ptr_nonnull(
      strstr(lists, "target_link_libraries(${t} PRIVATE cu2clrt::cu2clrt)"));
  /* the out-root's own directories relative to the project, others kept */
  ck_assert_ptr_nonnull(
      strstr(lists, "\"${CMAKE_CURRENT_SOURCE_DIR}/include\""));
  ck_assert_ptr_nonnull(strstr(lists, "\"/elsewhere/include\""));
  ck_assert_ptr_null(strstr(lists, tmp));
  ck_assert_ptr_nonnull(strstr(lists, "\"USE_X=1\""));
  /* Release unless the user says otherwise, at the original's -O3 */
  ck_assert_ptr_nonnull(strstr(lists, "set(CMAKE_BUILD_TYPE Release"));
  ck_assert_ptr_nonnull(
      strstr(lists, "set(CMAKE_CXX_FLAGS_RELEASE \"-O3\" CACHE"));
  char *script_path = path_join(tmp, "cmake/cu2cl_embed.cmake");
  ck_assert(path_exists(script_path));
  free(lists);
  free(lists_path);
  free(script_path);
  strvec_free(&p.include_dirs);
  strvec_free(&p.defines);
  char *cmd = xasprintf("rm -rf '%s'", tmp);
  ck_assert_int_eq(system(cmd), 0);
  free(cmd);
}
END_TEST

START_TEST(test_unwritable) {
  cu2cl_project_unit units[] = {{"a.cpp", NULL, NULL, 1, 0}};
  cu2cl_project p = {"/in", "/proc/cu2cl-no", units, 1, {0}, {0}, -1, 0};
  char *failed = NULL;
  ck_assert_int_eq(cu2cl_project_write(&p, &failed), -1);
  ck_assert_ptr_nonnull(failed);
  ck_assert_ptr_nonnull(strstr(failed, "/proc/cu2cl-no"));
  free(failed);
}
END_TEST

int main(void) {
  Suite *s = suite_create("project");
  TCase *core = tcase_create("Core");
  tcase_add_test(core, test_lists);
  suite_add_tcase(s, core);
  TCase *errors = tcase_create("Errors");
  tcase_add_test(errors, test_unwritable);
  suite_add_tcase(s, errors);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed;
}
