# Fuzz targets (tests/fuzz/fuzz_NAME.c). Here, with the normal compiler,
# each is linked with replay.c into fuzz_replay_NAME, and ctest runs it on
# its committed regression corpus (tests/fuzz/corpus/NAME): fuzz.NAME.
# With -DCU2CL_FUZZ=ON (clang; scripts/fuzz.sh) each is also linked with
# libFuzzer into fuzz_NAME, for fuzzing runs.
set(CU2CL_FUZZ_DIR ${CMAKE_CURRENT_SOURCE_DIR}/fuzz)
set(CU2CL_FUZZ_TARGETS tu compdb trace report cache launches)

function(cu2cl_fuzz_target name)
  set(src ${CU2CL_FUZZ_DIR}/fuzz_${name}.c ${CU2CL_FUZZ_DIR}/fuzz_util.c)
  if(name STREQUAL "cache")
    list(APPEND src ${PROJECT_SOURCE_DIR}/runtime/src/rt_cache.c
      ${PROJECT_SOURCE_DIR}/runtime/src/rt_sha256.c
      ${PROJECT_SOURCE_DIR}/runtime/src/rt_error.c)
  elseif(name STREQUAL "launches")
    list(APPEND src ${PROJECT_SOURCE_DIR}/runtime/src/rt_record.c
      ${PROJECT_SOURCE_DIR}/runtime/src/rt_error.c)
  endif()
  set(exes fuzz_replay_${name})
  if(CU2CL_FUZZ)
    list(APPEND exes fuzz_${name})
  endif()
  foreach(exe ${exes})
    if(exe MATCHES "^fuzz_replay_")
      add_executable(${exe} ${CU2CL_FUZZ_DIR}/replay.c ${src})
    else()
      add_executable(${exe} ${src})
      target_link_options(${exe} PRIVATE -fsanitize=fuzzer)
    endif()
    target_include_directories(${exe} PRIVATE ${CU2CL_FUZZ_DIR})
    target_compile_definitions(${exe} PRIVATE _GNU_SOURCE
      CU2CL_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
    if(name STREQUAL "trace")
      target_link_libraries(${exe} PRIVATE cu2cl_validate)
    elseif(name STREQUAL "cache" OR name STREQUAL "launches")
      target_include_directories(${exe} PRIVATE ${PROJECT_SOURCE_DIR}/runtime/src
        ${PROJECT_SOURCE_DIR}/runtime/include)
      target_compile_definitions(${exe} PRIVATE CU2CLRT_BUILDING)
      target_link_libraries(${exe} PRIVATE OpenCL::OpenCL Threads::Threads)
    else()
      target_link_libraries(${exe} PRIVATE cu2cl_core)
      set_target_properties(${exe} PROPERTIES BUILD_RPATH "${LIBCLANG_LIBDIR}")
    endif()
    set_target_properties(${exe} PROPERTIES
      RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/fuzz)
  endforeach()
  add_test(NAME fuzz.${name}
    COMMAND fuzz_replay_${name} ${CU2CL_FUZZ_DIR}/corpus/${name})
  set_tests_properties(fuzz.${name} PROPERTIES TIMEOUT 900)
endfunction()

foreach(t ${CU2CL_FUZZ_TARGETS})
  cu2cl_fuzz_target(${t})
endforeach()
