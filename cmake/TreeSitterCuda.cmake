# What `cu2cl scan` is built on: the tree-sitter runtime (Debian's
# libtree-sitter-dev, found through pkg-config) and the CUDA grammar, which
# the npm registry carries as the package tree-sitter-cuda with its
# generated parser (src/parser.c, src/scanner.c). Nothing of the grammar is
# committed: the package is fetched with `npm pack` into the build tree (or
# taken from CU2CL_TS_CUDA_DIR, an unpacked package), checked against the
# pinned SHA-512 and built as the static library cu2cl_ts_cuda.
#
# The pin: tree-sitter-cuda 0.20.4 is generated for language ABI 14, which
# Debian 12's runtime (0.20.7: ABI 13 to 14) loads; 0.21.1 is generated for
# ABI 15 and is refused by that runtime.
#
# Sets CU2CL_SCAN_AVAILABLE (ON/OFF) and, when OFF, CU2CL_SCAN_WHY: the
# sentence `cu2cl scan` prints instead of scanning.

set(CU2CL_TS_CUDA_VERSION 0.20.4)
set(CU2CL_TS_CUDA_SHA512 9998b018912c3c32c0e9cc1e218b46ae8490a0bbb9fb22c597423ad7b3a838350bffe5fad92aea391eb46f12435243c19ec4541a2fc411c5df5487ce20980d43)
set(CU2CL_TS_CUDA_DIR "" CACHE PATH
  "an unpacked tree-sitter-cuda ${CU2CL_TS_CUDA_VERSION} package (empty: fetch it with npm)")
option(CU2CL_SCAN "build `cu2cl scan` (needs tree-sitter and the CUDA grammar)" ON)

set(CU2CL_SCAN_AVAILABLE OFF)
set(CU2CL_SCAN_WHY "")

# Fetches the package into dir with npm; sets why on failure.
function(cu2cl_ts_cuda_fetch dir why)
  find_program(CU2CL_NPM npm)
  if(NOT CU2CL_NPM)
    set(${why} "npm was not found when cu2cl was configured, so the CUDA grammar (tree-sitter-cuda ${CU2CL_TS_CUDA_VERSION}) could not be fetched; install npm (scripts/setup-debian.sh) and configure again" PARENT_SCOPE)
    return()
  endif()
  set(tgz ${dir}/tree-sitter-cuda-${CU2CL_TS_CUDA_VERSION}.tgz)
  file(MAKE_DIRECTORY ${dir})
  if(NOT EXISTS ${tgz})
    message(STATUS "Fetching tree-sitter-cuda ${CU2CL_TS_CUDA_VERSION} with npm")
    execute_process(COMMAND ${CU2CL_NPM} pack --silent
        tree-sitter-cuda@${CU2CL_TS_CUDA_VERSION}
      WORKING_DIRECTORY ${dir} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
    if(NOT rc EQUAL 0 OR NOT EXISTS ${tgz})
      set(${why} "`npm pack tree-sitter-cuda@${CU2CL_TS_CUDA_VERSION}` failed when cu2cl was configured (no network?); configure again, or set CU2CL_TS_CUDA_DIR to an unpacked copy" PARENT_SCOPE)
      return()
    endif()
  endif()
  file(SHA512 ${tgz} sum)
  if(NOT sum STREQUAL CU2CL_TS_CUDA_SHA512)
    file(REMOVE ${tgz})
    set(${why} "the fetched tree-sitter-cuda package does not have the pinned SHA-512" PARENT_SCOPE)
    return()
  endif()
  file(ARCHIVE_EXTRACT INPUT ${tgz} DESTINATION ${dir})
endfunction()

# The ABI the grammar was generated for must be one the runtime loads.
function(cu2cl_ts_cuda_check_abi parser header why)
  file(STRINGS ${parser} line REGEX "^#define LANGUAGE_VERSION [0-9]+")
  string(REGEX REPLACE ".* " "" abi "${line}")
  file(STRINGS ${header} max REGEX "define TREE_SITTER_LANGUAGE_VERSION [0-9]+")
  string(REGEX REPLACE ".* " "" max "${max}")
  file(STRINGS ${header} min
    REGEX "define TREE_SITTER_MIN_COMPATIBLE_LANGUAGE_VERSION [0-9]+")
  string(REGEX REPLACE ".* " "" min "${min}")
  if(abi STREQUAL "" OR max STREQUAL "" OR abi GREATER max OR
     (NOT min STREQUAL "" AND abi LESS min))
    set(${why} "the CUDA grammar is generated for tree-sitter ABI ${abi}, but the installed runtime loads ABI ${min} to ${max}" PARENT_SCOPE)
  endif()
endfunction()

if(NOT CU2CL_SCAN)
  set(CU2CL_SCAN_WHY "cu2cl was configured with -DCU2CL_SCAN=OFF")
  return()
endif()

pkg_check_modules(TREE_SITTER IMPORTED_TARGET tree-sitter)
find_path(CU2CL_TS_API_H tree_sitter/api.h HINTS ${TREE_SITTER_INCLUDE_DIRS})
if(NOT TREE_SITTER_FOUND OR NOT CU2CL_TS_API_H)
  set(CU2CL_SCAN_WHY "the tree-sitter runtime (Debian: libtree-sitter-dev) was not found when cu2cl was configured; install it (scripts/setup-debian.sh) and configure again")
  message(STATUS "cu2cl scan: not built: tree-sitter not found")
  return()
endif()

if(CU2CL_TS_CUDA_DIR)
  set(ts_pkg ${CU2CL_TS_CUDA_DIR})
else()
  set(ts_deps ${CMAKE_BINARY_DIR}/_deps/tree-sitter-cuda)
  set(ts_pkg ${ts_deps}/package)
  if(NOT EXISTS ${ts_pkg}/src/parser.c)
    set(why "")
    cu2cl_ts_cuda_fetch(${ts_deps} why)
    if(why)
      set(CU2CL_SCAN_WHY "${why}")
      message(STATUS "cu2cl scan: not built: ${why}")
      return()
    endif()
  endif()
endif()
if(NOT EXISTS ${ts_pkg}/src/parser.c OR NOT EXISTS ${ts_pkg}/src/scanner.c)
  set(CU2CL_SCAN_WHY "${ts_pkg} holds no src/parser.c and src/scanner.c")
  return()
endif()

set(why "")
cu2cl_ts_cuda_check_abi(${ts_pkg}/src/parser.c
  ${CU2CL_TS_API_H}/tree_sitter/api.h why)
if(why)
  set(CU2CL_SCAN_WHY "${why}")
  message(STATUS "cu2cl scan: not built: ${why}")
  return()
endif()

# The generated parser is 24 MB of tables: no warnings, and -O2 whatever
# the build type (it is the scan's hot loop).
add_library(cu2cl_ts_cuda STATIC ${ts_pkg}/src/parser.c ${ts_pkg}/src/scanner.c)
target_include_directories(cu2cl_ts_cuda PRIVATE ${ts_pkg}/src)
target_compile_options(cu2cl_ts_cuda PRIVATE -w -O2 -g0)
# Not our code: under -DCU2CL_SANITIZE its external scanner's
# memcpy(dst, NULL, 0) on an empty state would stop every scan.
if(CU2CL_SANITIZE OR CU2CL_FUZZ)
  target_compile_options(cu2cl_ts_cuda PRIVATE -fno-sanitize=undefined)
endif()
set_target_properties(cu2cl_ts_cuda PROPERTIES POSITION_INDEPENDENT_CODE ON)
target_link_libraries(cu2cl_ts_cuda PUBLIC PkgConfig::TREE_SITTER)
set(CU2CL_SCAN_AVAILABLE ON)
message(STATUS "cu2cl scan: tree-sitter-cuda ${CU2CL_TS_CUDA_VERSION} from ${ts_pkg}")
