# Finds libclang's C API (clang-c/Index.h, libclang.so) of LLVM 22 or a
# newer/older release that has the same C API (tested: 22).
# Defines the imported target Libclang::Libclang and LIBCLANG_RESOURCE_DIR.
set(_llvm_roots)
foreach(v 22 23 21 20 19 18)
  list(APPEND _llvm_roots /usr/lib/llvm-${v})
endforeach()
find_path(LIBCLANG_INCLUDE_DIR clang-c/Index.h
  HINTS ${LIBCLANG_ROOT}/include
  PATHS ${_llvm_roots} PATH_SUFFIXES include NO_DEFAULT_PATH)
find_library(LIBCLANG_LIBRARY NAMES clang libclang
  HINTS ${LIBCLANG_ROOT}/lib
  PATHS ${_llvm_roots} PATH_SUFFIXES lib NO_DEFAULT_PATH)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Libclang
  REQUIRED_VARS LIBCLANG_LIBRARY LIBCLANG_INCLUDE_DIR)
if(Libclang_FOUND AND NOT TARGET Libclang::Libclang)
  add_library(Libclang::Libclang UNKNOWN IMPORTED)
  set_target_properties(Libclang::Libclang PROPERTIES
    IMPORTED_LOCATION ${LIBCLANG_LIBRARY}
    INTERFACE_INCLUDE_DIRECTORIES ${LIBCLANG_INCLUDE_DIR})
  get_filename_component(_libdir ${LIBCLANG_LIBRARY} DIRECTORY)
  set(LIBCLANG_LIBDIR ${_libdir})
endif()
