# End-to-end tests: every samples/basics/*.cu program is translated by cu2cl,
# built against cu2clrt and run on an OpenCL device (PoCL here) under
# `cu2cl validate`, against the golden trace of the CUDA original recorded on
# a GPU (samples/golden): a program passes when everything it copies back
# matches the original's within the tolerances, and it exits 0 having
# printed PASS (its own check against a CPU reference). The translation runs
# with cu2cl's own CUDA headers always, and also with the installed CUDA
# toolkit's headers when one is found at configure time.
set(CU2CL_GOLDEN ${CMAKE_SOURCE_DIR}/samples/golden)
# samples/golden/runs.txt: the arguments each program's trace was recorded
# with (CU2CL_ARGS_<name>) and the validate options it needs
# (CU2CL_VALIDATE_<name>), with the reasons.
file(STRINGS ${CU2CL_GOLDEN}/runs.txt CU2CL_RUNS REGEX "^[^#].*[|]")
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  ${CU2CL_GOLDEN}/runs.txt)
foreach(line ${CU2CL_RUNS})
  string(REPLACE "|" ";" f "${line}")
  list(GET f 0 n)
  list(GET f 1 a)
  list(GET f 2 o)
  string(STRIP "${n}" n)
  string(STRIP "${a}" a)
  string(STRIP "${o}" o)
  separate_arguments(CU2CL_ARGS_${n} UNIX_COMMAND "${a}")
  separate_arguments(CU2CL_VALIDATE_${n} UNIX_COMMAND "${o}")
endforeach()
file(GLOB CU2CL_E2E_SOURCES CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/samples/basics/*.cu)
set(CU2CL_E2E_MODES own)
if(EXISTS /usr/local/cuda/include/cuda_runtime.h OR DEFINED ENV{CUDA_PATH})
  list(APPEND CU2CL_E2E_MODES toolkit)
endif()
foreach(mode ${CU2CL_E2E_MODES})
  set(out ${CMAKE_BINARY_DIR}/e2e-${mode})
  add_test(NAME e2e.${mode}.translate_and_build
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/e2e_build.sh
            $<TARGET_FILE:cu2cl> ${out} ${mode} ${CU2CL_E2E_SOURCES})
  set_tests_properties(e2e.${mode}.translate_and_build PROPERTIES
    FIXTURES_SETUP e2e_${mode} TIMEOUT 1200)
  foreach(src ${CU2CL_E2E_SOURCES})
    get_filename_component(name ${src} NAME_WE)
    add_test(NAME e2e.${mode}.${name}
      COMMAND $<TARGET_FILE:cu2cl> validate ${CU2CL_VALIDATE_${name}}
              ${CU2CL_GOLDEN}/${name}.trace --ported ${out}/build/${name})
    set_tests_properties(e2e.${mode}.${name} PROPERTIES
      FIXTURES_REQUIRED e2e_${mode}
      FAIL_REGULAR_EXPRESSION "(^|\n)(ported\\| )?FAIL"
      ENVIRONMENT "CU2CL_CACHE_DIR=${CMAKE_BINARY_DIR}/cl-cache"
      TIMEOUT 300)
  endforeach()
endforeach()

# CU2CL_KERNEL_TIMES=1: a translated program prints each kernel's device
# time at exit, kernels by total time (saxpy_streams: four saxpy launches,
# one of addConstant).
add_test(NAME e2e.own.kernel_times
  COMMAND ${CMAKE_BINARY_DIR}/e2e-own/build/saxpy_streams)
set_tests_properties(e2e.own.kernel_times PROPERTIES
  FIXTURES_REQUIRED e2e_own
  PASS_REGULAR_EXPRESSION "device time per kernel \\(CU2CL_KERNEL_TIMES\\)(.* 4 +[0-9.]+ +[0-9.]+ +[0-9.]+  saxpy.* 1 +[0-9.]+ +[0-9.]+ +[0-9.]+  addConstant|.* 1 +[0-9.]+ +[0-9.]+ +[0-9.]+  addConstant.* 4 +[0-9.]+ +[0-9.]+ +[0-9.]+  saxpy)"
  ENVIRONMENT "CU2CL_CACHE_DIR=${CMAKE_BINARY_DIR}/cl-cache;CU2CL_KERNEL_TIMES=1"
  TIMEOUT 300)

# A deliberately broken translation (one element of a kernel's result
# perturbed in the emitted OpenCL C) must fail validation with a precise
# report.
add_test(NAME e2e.validate_catches_perturbation
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/perturb.sh $<TARGET_FILE:cu2cl>
          ${CMAKE_BINARY_DIR}/perturbed)
set_tests_properties(e2e.validate_catches_perturbation PROPERTIES
  ENVIRONMENT "CU2CL_CACHE_DIR=${CMAKE_BINARY_DIR}/cl-cache" TIMEOUT 600)

# The seed workloads (samples/<name>): translated from a compilation
# database with `cu2cl -p`, built, and run under `cu2cl validate` against
# their golden traces, with the arguments these were recorded with
# (samples/golden/README.md). On a device without sub-groups (PoCL 3.1 here)
# warp operations run on the emulation path; CU2CL_WARP=emulate forces that
# path anywhere. Entries: sample directory:program[:golden trace name, when
# the translated program is named otherwise (after the source defining main)].
set(CU2CL_SEED_SAMPLES histogram:histogram reduction:reduction fv-euler:fv_euler
    compaction:compaction jacobi:main:jacobi)
foreach(mode ${CU2CL_E2E_MODES})
  foreach(entry ${CU2CL_SEED_SAMPLES})
    string(REPLACE ":" ";" parts ${entry})
    list(GET parts 0 sample)
    list(GET parts 1 program)
    set(golden ${program})
    list(LENGTH parts nparts)
    if(nparts GREATER 2)
      list(GET parts 2 golden)
    endif()
    list(JOIN CU2CL_ARGS_${golden} " " args)
    set(out ${CMAKE_BINARY_DIR}/sample-${mode}-${sample})
    add_test(NAME samples.${mode}.${sample}.translate_and_build
      COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/sample_build.sh
              $<TARGET_FILE:cu2cl> ${out} ${mode}
              ${CMAKE_SOURCE_DIR}/samples/${sample})
    set_tests_properties(samples.${mode}.${sample}.translate_and_build
      PROPERTIES FIXTURES_SETUP sample_${mode}_${sample} TIMEOUT 1200)
    add_test(NAME samples.${mode}.${sample}.emulate
      COMMAND $<TARGET_FILE:cu2cl> validate ${CU2CL_VALIDATE_${golden}}
              ${CU2CL_GOLDEN}/${golden}.trace
              --ported "${out}/build/${program} ${args}")
    set_tests_properties(samples.${mode}.${sample}.emulate PROPERTIES
      FIXTURES_REQUIRED sample_${mode}_${sample}
      FAIL_REGULAR_EXPRESSION "(^|\n)(ported\\| )?FAIL"
      ENVIRONMENT "CU2CL_CACHE_DIR=${CMAKE_BINARY_DIR}/cl-cache;CU2CL_WARP=emulate"
      TIMEOUT 900)
    # The same through sub-groups pinned to 32 where the device has them
    # (PoCL 5 and later, Intel's GPUs); skipped on PoCL 3.1.
    add_test(NAME samples.${mode}.${sample}.subgroup
      COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/warp_path.sh subgroup
              $<TARGET_FILE:cu2cl> validate ${CU2CL_VALIDATE_${golden}}
              ${CU2CL_GOLDEN}/${golden}.trace
              --ported "${out}/build/${program} ${args}")
    set_tests_properties(samples.${mode}.${sample}.subgroup PROPERTIES
      FIXTURES_REQUIRED sample_${mode}_${sample}
      FAIL_REGULAR_EXPRESSION "(^|\n)(ported\\| )?FAIL"
      SKIP_RETURN_CODE 77
      ENVIRONMENT "CU2CL_CACHE_DIR=${CMAKE_BINARY_DIR}/cl-cache"
      TIMEOUT 900)
  endforeach()
endforeach()

# Project tests: small CUDA projects in the shapes real ones take (shared
# helper headers outside the program's folder, CUDA's include guards and
# implicit includes, ...), translated from their compilation databases,
# built and run (tests/project_test.sh).
file(GLOB CU2CL_PROJECTS LIST_DIRECTORIES true CONFIGURE_DEPENDS
  ${CMAKE_CURRENT_SOURCE_DIR}/projects/*)
foreach(dir ${CU2CL_PROJECTS})
  if(NOT IS_DIRECTORY ${dir})
    continue()
  endif()
  get_filename_component(name ${dir} NAME)
  foreach(mode ${CU2CL_E2E_MODES})
    add_test(NAME projects.${mode}.${name}
      COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/project_test.sh
              $<TARGET_FILE:cu2cl> ${dir}
              ${CMAKE_BINARY_DIR}/projects-${mode}/${name} ${mode})
    set_tests_properties(projects.${mode}.${name} PROPERTIES
      ENVIRONMENT "CU2CL_CACHE_DIR=${CMAKE_BINARY_DIR}/cl-cache"
      TIMEOUT 600)
  endforeach()
endforeach()
