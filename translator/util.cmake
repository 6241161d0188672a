# The toolbox (util.h): libc only, so that cu2cl_validate (validator/) can
# link it without libclang. Included from translator/ and, in a
# validator-only build, from the top level.
add_library(cu2cl_util STATIC ${CMAKE_CURRENT_LIST_DIR}/util.c)
target_include_directories(cu2cl_util PUBLIC ${CMAKE_CURRENT_LIST_DIR})
target_compile_definitions(cu2cl_util PRIVATE _GNU_SOURCE)
