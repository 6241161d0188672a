# End-to-end tests: every samples/basics/*.cu program is translated by cu2cl,
# built against cu2clrt and run on an OpenCL device (PoCL here); a program
# passes when it prints PASS (and no FAIL) and exits 0. The translation runs
# with cu2cl's own CUDA headers always, and also with the installed CUDA
# toolkit's headers when one is found at configure time.
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
    add_test(NAME e2e.${mode}.${name} COMMAND ${out}/build/${name})
    set_tests_properties(e2e.${mode}.${name} PROPERTIES
      FIXTURES_REQUIRED e2e_${mode}
      PASS_REGULAR_EXPRESSION "(^|\n)PASS"
      FAIL_REGULAR_EXPRESSION "(^|\n)FAIL"
      ENVIRONMENT "CU2CL_CACHE_DIR=${CMAKE_BINARY_DIR}/cl-cache"
      TIMEOUT 300)
  endforeach()
endforeach()

# The seed workloads (samples/<name>): translated from a compilation
# database with `cu2cl -p`, built, and run at their default (small) size.
# On a device without sub-groups (PoCL 3.1 here) warp operations run on the
# emulation path; CU2CL_WARP=emulate forces that path anywhere.
set(CU2CL_SEED_SAMPLES histogram:histogram reduction:reduction fv-euler:fv_euler
    compaction:compaction)
foreach(mode ${CU2CL_E2E_MODES})
  foreach(entry ${CU2CL_SEED_SAMPLES})
    string(REPLACE ":" ";" parts ${entry})
    list(GET parts 0 sample)
    list(GET parts 1 program)
    set(out ${CMAKE_BINARY_DIR}/sample-${mode}-${sample})
    add_test(NAME samples.${mode}.${sample}.translate_and_build
      COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/sample_build.sh
              $<TARGET_FILE:cu2cl> ${out} ${mode}
              ${CMAKE_SOURCE_DIR}/samples/${sample})
    set_tests_properties(samples.${mode}.${sample}.translate_and_build
      PROPERTIES FIXTURES_SETUP sample_${mode}_${sample} TIMEOUT 1200)
    add_test(NAME samples.${mode}.${sample}.emulate
      COMMAND ${out}/build/${program})
    set_tests_properties(samples.${mode}.${sample}.emulate PROPERTIES
      FIXTURES_REQUIRED sample_${mode}_${sample}
      PASS_REGULAR_EXPRESSION "(^|\n)PASS"
      FAIL_REGULAR_EXPRESSION "(^|\n)FAIL"
      ENVIRONMENT "CU2CL_CACHE_DIR=${CMAKE_BINARY_DIR}/cl-cache;CU2CL_WARP=emulate"
      TIMEOUT 900)
  endforeach()
endforeach()
