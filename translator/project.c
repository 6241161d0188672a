/*
 * project: writes the out-root's CMake build; see project.h.
 */
#include "project.h"

#include <stdlib.h>
#include <string.h>

#include "install.h"

static const char embed_script[] =
    "# cmake -DIN=file.cl -DOUT=file.cl.h -DVAR=name -P cu2cl_embed.cmake\n"
    "# Embeds an OpenCL C file as a C string (written by cu2cl).\n"
    "file(READ \"${IN}\" content HEX)\n"
    "string(REGEX REPLACE \"([0-9a-f][0-9a-f])\" \"0x\\\\1,\" bytes "
    "\"${content}\")\n"
    "string(REGEX REPLACE \"((0x[0-9a-f][0-9a-f],){16})\" \"\\\\1\\n\" "
    "bytes \"${bytes}\")\n"
    "# unsigned: bytes past 0x7f (UTF-8 in a comment) are no narrowing\n"
    "file(WRITE \"${OUT}.tmp\" \"/* generated from ${IN} */\\nstatic const "
    "unsigned char ${VAR}_bytes[] = {\\n${bytes}0x00};\\nstatic const char "
    "*const ${VAR} = (const char *)${VAR}_bytes;\\n\")\n"
    "file(RENAME \"${OUT}.tmp\" \"${OUT}\")\n";

static char *target_name(const char *host_rel) {
  char *stem = path_stem(host_rel);
  for (char *p = stem; *p; p++)
    if (!(*p == '_' || *p == '-' || (*p >= '0' && *p <= '9') ||
          (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
      *p = '_';
  return stem;
}

/* A directory of the out-root relative to the project, so that the
 * out-root can move; others (outside the input tree) as they are. */
static void write_include_dir(strbuf *b, const cu2cl_project *p,
                              const char *dir) {
  if (!path_is_under(dir, p->out_root))
    strbuf_printf(b, "\n    \"%s\"", dir);
  else if (!dir[strlen(p->out_root)])
    strbuf_append(b, "\n    ${CMAKE_CURRENT_SOURCE_DIR}");
  else
    strbuf_printf(b, "\n    \"${CMAKE_CURRENT_SOURCE_DIR}/%s\"",
                  dir + strlen(p->out_root) + 1);
}

/* Release by default, with the original's optimization level and without
 * the NDEBUG that CMake's Release adds (the original's asserts stay, unless
 * it defined NDEBUG itself: then it is among the defines). Set before
 * project(), so that a -DCMAKE_<LANG>_FLAGS_RELEASE given by the user wins. */
static void write_build_type(strbuf *b, const cu2cl_project *p) {
  int level = p->opt_level < 0 ? 2 : p->opt_level;
  strbuf_printf(
      b,
      "get_property(multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)\n"
      "if(NOT CMAKE_BUILD_TYPE AND NOT multi)\n"
      "  set(CMAKE_BUILD_TYPE Release CACHE STRING \"Build "
      "type\")\nendif()\n"
      "# %s\n"
      "set(CMAKE_C_FLAGS_RELEASE \"-O%d\" CACHE STRING \"\")\n"
      "set(CMAKE_CXX_FLAGS_RELEASE \"-O%d\" CACHE STRING \"\")\n",
      p->opt_level < 0 ? "The original gave no -O: the port "
                         "builds optimized all the same."
                       : "The original's optimization level.",
      level, level);
}

/* cu2clrt: the package of the cu2cl that wrote the project (its prefix as
 * the hint), or a library named by CU2CL_RUNTIME_LIBRARY. */
static void write_runtime(strbuf *b) {
  int hand = cu2cl_runtime_overridden();
  char *major_minor = xstrdup(CU2CL_VERSION);
  char *dot = strchr(major_minor, '.');
  if (dot && strchr(dot + 1, '.'))
    *strchr(dot + 1, '.') = 0;
  strbuf_printf(
      b,
      "# cu2clrt, the runtime: found as a CMake package, first where "
      "-Dcu2clrt_DIR=\n"
      "# or CMAKE_PREFIX_PATH say, then below CU2CLRT_HINT (the prefix of "
      "the cu2cl\n"
      "# that wrote this project). CU2CL_RUNTIME_LIBRARY (with "
      "CU2CL_RUNTIME_INCLUDE_DIR)\n"
      "# links a library built by hand instead.\n"
      "set(CU2CLRT_HINT \"%s\" CACHE PATH \"where to look for cu2clrt\")\n"
      "set(CU2CL_RUNTIME_LIBRARY \"%s\" CACHE FILEPATH \"cu2clrt library "
      "(instead of the package)\")\n"
      "set(CU2CL_RUNTIME_INCLUDE_DIR \"%s\" CACHE PATH \"its headers\")\n"
      "if(CU2CL_RUNTIME_LIBRARY)\n"
      "  add_library(cu2clrt::cu2clrt UNKNOWN IMPORTED)\n"
      "  set_target_properties(cu2clrt::cu2clrt PROPERTIES\n"
      "    IMPORTED_LOCATION \"${CU2CL_RUNTIME_LIBRARY}\"\n"
      "    INTERFACE_INCLUDE_DIRECTORIES \"${CU2CL_RUNTIME_INCLUDE_DIR}\")\n"
      "else()\n"
      "  find_package(cu2clrt %s REQUIRED HINTS \"${CU2CLRT_HINT}\")\n"
      "endif()\n"
      "set(CU2CL_GEN ${CMAKE_CURRENT_BINARY_DIR}/cu2cl_gen)\n\n",
      cu2cl_install_prefix(), hand ? cu2cl_runtime_library() : "",
      hand ? cu2cl_runtime_include_dir() : "", major_minor);
  free(major_minor);
}

/* The build ahead, opt-in: each program built for the devices present by
 * cu2cl-prebuild (docs/usage.md, "Building ahead"), with the options the
 * port's code gives it and its launch record where there is one. */
static void write_prebuild(strbuf *b, const cu2cl_project *p) {
  strbuf_append(
      b,
      "# Building ahead (-DCU2CL_PREBUILD=ON): each OpenCL program is built\n"
      "# for this machine's devices when the port builds (cu2cl-prebuild),\n"
      "# into the program caches the first run looks in; a launch record\n"
      "# CU2CL_LAUNCHES_DIR/NAME.cl.launches (a run with\n"
      "# CU2CL_RECORD_LAUNCHES=DIR writes it) adds what its launches compile.\n"
      "option(CU2CL_PREBUILD \"build the OpenCL programs ahead\" OFF)\n"
      "set(CU2CL_LAUNCHES_DIR \"${CMAKE_CURRENT_SOURCE_DIR}/launches\"\n"
      "  CACHE PATH \"launch records for the build ahead\")\n"
      "set(CU2CL_PREBUILD_TOOL \"\" CACHE FILEPATH \"cu2cl-prebuild\")\n"
      "if(CU2CL_PREBUILD AND NOT CU2CL_PREBUILD_TOOL)\n"
      "  if(NOT TARGET cu2clrt::cu2cl-prebuild)\n"
      "    message(FATAL_ERROR \"CU2CL_PREBUILD: set CU2CL_PREBUILD_TOOL\")\n"
      "  endif()\n"
      "  set(CU2CL_PREBUILD_TOOL $<TARGET_FILE:cu2clrt::cu2cl-prebuild>)\n"
      "endif()\n"
      "function(cu2cl_prebuild cl options)\n"
      "  get_filename_component(name ${cl} NAME)\n"
      "  set(record ${CU2CL_LAUNCHES_DIR}/${name}.launches)\n"
      "  set(stamp ${CU2CL_GEN}/${name}.prebuilt)\n"
      "  set(deps ${cl})\n"
      "  if(EXISTS ${record})\n"
      "    list(APPEND deps ${record})\n"
      "  endif()\n"
      "  add_custom_command(OUTPUT ${stamp}\n"
      "    COMMAND ${CU2CL_PREBUILD_TOOL} --options \"${options}\"\n"
      "            --launches ${record} ${CMAKE_CURRENT_SOURCE_DIR}/${cl}\n"
      "    COMMAND ${CMAKE_COMMAND} -E touch ${stamp}\n"
      "    DEPENDS ${deps} VERBATIM\n"
      "    COMMENT \"Building ${name} ahead for this machine's devices\")\n"
      "  set(CU2CL_PREBUILT ${CU2CL_PREBUILT} ${stamp} PARENT_SCOPE)\n"
      "endfunction()\n"
      "if(CU2CL_PREBUILD)\n");
  for (size_t i = 0; i < p->nunits; i++)
    if (p->units[i].cl_rel)
      strbuf_printf(b, "  cu2cl_prebuild(%s \"%s\")\n", p->units[i].cl_rel,
                    p->units[i].cl_fast_math ? "-cl-fast-relaxed-math" : "");
  /* cu2clrt's own programs (device algorithms) the records name */
  strbuf_append(
      b, "  file(GLOB records ${CU2CL_LAUNCHES_DIR}/cu2clrt_*.launches)\n"
         "  add_custom_command(OUTPUT ${CU2CL_GEN}/cu2clrt.prebuilt\n"
         "    COMMAND ${CU2CL_PREBUILD_TOOL} --runtime ${CU2CL_LAUNCHES_DIR}\n"
         "    COMMAND ${CMAKE_COMMAND} -E touch ${CU2CL_GEN}/cu2clrt.prebuilt\n"
         "    DEPENDS ${records} VERBATIM\n"
         "    COMMENT \"Building cu2clrt's programs ahead\")\n"
         "  list(APPEND CU2CL_PREBUILT ${CU2CL_GEN}/cu2clrt.prebuilt)\n");
  strbuf_append(b, "  add_custom_target(cu2cl_prebuild ALL DEPENDS "
                   "${CU2CL_PREBUILT})\n"
                   "endif()\n\n");
}

static void write_lists(strbuf *b, const cu2cl_project *p) {
  strbuf_printf(b,
                "# Generated by cu2cl %s.\n"
                "# Build:  cmake -S . -B build && cmake --build build\n"
                "cmake_minimum_required(VERSION 3.16)\n",
                CU2CL_VERSION);
  write_build_type(b, p);
  strbuf_append(b, "project(cu2cl_port LANGUAGES C CXX)\n"
                   "set(CMAKE_CXX_STANDARD 17)\n"
                   "set(CMAKE_CXX_STANDARD_REQUIRED ON)\n\n");
  write_runtime(b);
  if (p->openmp)
    strbuf_append(b, "# The original's host code used OpenMP (-fopenmp).\n"
                     "find_package(OpenMP REQUIRED)\n\n");
  strbuf_append(
      b, "# Embeds an emitted OpenCL C file into the program as a string.\n"
         "function(cu2cl_embed cl var)\n"
         "  get_filename_component(name ${cl} NAME)\n"
         "  set(out ${CU2CL_GEN}/${name}.h)\n"
         "  add_custom_command(OUTPUT ${out}\n"
         "    COMMAND ${CMAKE_COMMAND} -DIN=${CMAKE_CURRENT_SOURCE_DIR}/${cl}"
         " -DOUT=${out} -DVAR=${var}\n"
         "            -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/cu2cl_embed.cmake\n"
         "    DEPENDS ${cl} cmake/cu2cl_embed.cmake)\n"
         "  set(CU2CL_EMBEDDED ${CU2CL_EMBEDDED} ${out} PARENT_SCOPE)\n"
         "endfunction()\n\n");
  for (size_t i = 0; i < p->nunits; i++)
    if (p->units[i].cl_rel)
      strbuf_printf(b, "cu2cl_embed(%s %s)\n", p->units[i].cl_rel,
                    p->units[i].cl_symbol);
  strbuf_append(b, "add_custom_target(cu2cl_embedded DEPENDS "
                   "${CU2CL_EMBEDDED})\n\n");
  write_prebuild(b, p);
  int others = 0;
  for (size_t i = 0; i < p->nunits; i++)
    others |= !p->units[i].has_main;
  if (others) {
    strbuf_append(b, "add_library(cu2cl_common STATIC");
    for (size_t i = 0; i < p->nunits; i++)
      if (!p->units[i].has_main)
        strbuf_printf(b, "\n  %s", p->units[i].host_rel);
    strbuf_append(b, ")\nlist(APPEND CU2CL_TARGETS cu2cl_common)\n\n");
  }
  for (size_t i = 0; i < p->nunits; i++) {
    if (!p->units[i].has_main)
      continue;
    char *t = target_name(p->units[i].host_rel);
    strbuf_printf(b, "add_executable(%s %s)\nlist(APPEND CU2CL_TARGETS %s)\n",
                  t, p->units[i].host_rel, t);
    if (others)
      strbuf_printf(b, "target_link_libraries(%s PRIVATE cu2cl_common)\n", t);
    free(t);
  }
  strbuf_append(b, "\nforeach(t ${CU2CL_TARGETS})\n"
                   "  add_dependencies(${t} cu2cl_embedded)\n"
                   "  target_include_directories(${t} PRIVATE ${CU2CL_GEN}");
  for (size_t i = 0; i < p->include_dirs.len; i++)
    write_include_dir(b, p, p->include_dirs.items[i]);
  strbuf_append(b, ")\n");
  if (p->defines.len) {
    strbuf_append(b, "  target_compile_definitions(${t} PRIVATE");
    for (size_t i = 0; i < p->defines.len; i++)
      strbuf_printf(b, " \"%s\"", p->defines.items[i]);
    strbuf_append(b, ")\n");
  }
  strbuf_append(b, "  target_link_libraries(${t} PRIVATE cu2clrt::cu2clrt)\n");
  if (p->openmp) /* the original's host code was built with -fopenmp */
    strbuf_append(b, "  target_link_libraries(${t} PRIVATE "
                     "OpenMP::OpenMP_CXX)\n");
  strbuf_append(b, "endforeach()\n");
}

int cu2cl_project_write(const cu2cl_project *p, char **failed) {
  strbuf b = {0};
  write_lists(&b, p);
  char *lists = path_join(p->out_root, "CMakeLists.txt");
  char *script = path_join(p->out_root, "cmake/cu2cl_embed.cmake");
  int written; /* unchanged files keep their mtimes: no reconfigure */
  int rc = write_file_if_changed(lists, b.data, b.len, &written);
  if (rc) {
    *failed = lists;
    lists = NULL;
  } else {
    rc = write_file_if_changed(script, embed_script, sizeof embed_script - 1,
                               &written);
    if (rc) {
      *failed = script;
      script = NULL;
    }
  }
  free(lists);
  free(script);
  strbuf_free(&b);
  return rc;
}
