# docs/ reference pages generated from rules/ by cu2cl-gendocs.
#
# Included by docs/CMakeLists.txt, it defines
#   cu2cl-gendocs     the generator (docs/gendocs.c; needs only the .def files,
#                     docs/flags.md.in and translator/diag.h, none of the
#                     translator's code)
#   docs              target: regenerates the pages into the source tree
#   docs.up_to_date   test: generates into the build tree and fails with a
#                     diff when a committed page differs from it
# Run as a script (cmake -P gendocs.cmake) it is the body of that test.

set(CU2CL_GENERATED_DOCS diagnostics.md runtime-api.md device-functions.md
  flags.md)

if(CMAKE_SCRIPT_MODE_FILE)
  # -DGENDOCS=<exe> -DDOCS=<committed docs dir> -DOUT=<scratch dir>
  file(REMOVE_RECURSE ${OUT})
  file(MAKE_DIRECTORY ${OUT})
  execute_process(COMMAND ${GENDOCS} ${OUT} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cu2cl-gendocs failed (${rc})")
  endif()
  find_program(DIFF diff)
  set(stale "")
  foreach(name ${CU2CL_GENERATED_DOCS})
    execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files
                    ${DOCS}/${name} ${OUT}/${name} RESULT_VARIABLE differs)
    if(differs)
      list(APPEND stale ${name})
      if(DIFF AND EXISTS ${DOCS}/${name})
        execute_process(COMMAND ${DIFF} -u ${DOCS}/${name} ${OUT}/${name}
                        OUTPUT_VARIABLE patch)
        message("${patch}")
      elseif(NOT EXISTS ${DOCS}/${name})
        message("docs/${name} is missing")
      endif()
    endif()
  endforeach()
  if(stale)
    message(FATAL_ERROR "out of date with rules/: ${stale}\n"
      "Regenerate with: cmake --build <build> --target docs, and commit.")
  endif()
  return()
endif()

# docs/flags.md.in, the prose of flags.md, compiled in as text.
set(CU2CL_FLAGS_MD_IN_H ${CMAKE_CURRENT_BINARY_DIR}/generated/flags_md_in.h)
add_custom_command(OUTPUT ${CU2CL_FLAGS_MD_IN_H}
  COMMAND ${CMAKE_COMMAND} -DIN=${CMAKE_CURRENT_SOURCE_DIR}/flags.md.in
          -DOUT=${CU2CL_FLAGS_MD_IN_H} -DVAR=flags_template
          -P ${CMAKE_SOURCE_DIR}/cmake/embed.cmake
  DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/flags.md.in
          ${CMAKE_SOURCE_DIR}/cmake/embed.cmake
  COMMENT "Embedding docs/flags.md.in")

add_executable(cu2cl-gendocs ${CMAKE_CURRENT_SOURCE_DIR}/gendocs.c
  ${CU2CL_FLAGS_MD_IN_H})
target_include_directories(cu2cl-gendocs PRIVATE ${CMAKE_SOURCE_DIR}/translator
  ${CMAKE_CURRENT_BINARY_DIR}/generated)

add_custom_target(docs
  COMMAND cu2cl-gendocs ${CMAKE_SOURCE_DIR}/docs
  DEPENDS cu2cl-gendocs
  COMMENT "Generating docs/ reference pages from rules/"
  VERBATIM)

add_test(NAME docs.up_to_date
  COMMAND ${CMAKE_COMMAND} -DGENDOCS=$<TARGET_FILE:cu2cl-gendocs>
          -DDOCS=${CMAKE_SOURCE_DIR}/docs -DOUT=${CMAKE_BINARY_DIR}/docs-check
          -P ${CMAKE_CURRENT_SOURCE_DIR}/gendocs.cmake)
