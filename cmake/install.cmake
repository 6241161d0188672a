# Install rules and the cu2clrt package, in the build tree and installed.
#
# The build tree is laid out like an installed prefix, so that one lookup
# (translator/install.c: everything relative to the executable) serves both:
#
#   PREFIX/bin/cu2cl                           PREFIX/lib/libcu2clrt.so
#   PREFIX/share/cu2cl/cuda-include/           cu2cl's own CUDA headers
#   PREFIX/include/cu2clrt/                    cu2clrt's headers
#   PREFIX/lib/cmake/cu2clrt/                  find_package(cu2clrt)
#   PREFIX/lib/pkgconfig/cu2clrt.pc            pkg-config cu2clrt
#
#   PREFIX/share/doc/cu2cl/                    the docs (SARIF's helpUri)
#
# In the build tree the two header directories and the docs are symbolic
# links into the source tree (edits are seen at once) and the package is
# export()ed.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# ---- the build tree as a prefix ------------------------------------------
get_filename_component(docdir_parent ${CMAKE_INSTALL_DOCDIR} DIRECTORY)
file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/share/cu2cl ${CMAKE_BINARY_DIR}/include
     ${CMAKE_BINARY_DIR}/${docdir_parent})
foreach(link "share/cu2cl/cuda-include|translator/cuda-include"
             "include/cu2clrt|runtime/include" "${CMAKE_INSTALL_DOCDIR}|docs")
  string(REPLACE "|" ";" pair "${link}")
  list(GET pair 0 to)
  list(GET pair 1 from)
  file(CREATE_LINK ${CMAKE_SOURCE_DIR}/${from} ${CMAKE_BINARY_DIR}/${to}
       SYMBOLIC)
endforeach()

set(CU2CLRT_CMAKE_DIR lib/cmake/cu2clrt)
set(CU2CLRT_INSTALL_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/cu2clrt)
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/cu2clrtConfig.cmake.in
  ${CMAKE_BINARY_DIR}/${CU2CLRT_CMAKE_DIR}/cu2clrtConfig.cmake
  INSTALL_DESTINATION ${CU2CLRT_INSTALL_CMAKE_DIR})
write_basic_package_version_file(
  ${CMAKE_BINARY_DIR}/${CU2CLRT_CMAKE_DIR}/cu2clrtConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
export(TARGETS cu2clrt cu2cl-prebuild NAMESPACE cu2clrt::
  FILE ${CMAKE_BINARY_DIR}/${CU2CLRT_CMAKE_DIR}/cu2clrtTargets.cmake)

# pkg-config: paths relative to the .pc file, so the prefix can move.
foreach(where build install)
  if(where STREQUAL build)
    set(CU2CLRT_PC_LIBDIR lib)
    set(out ${CMAKE_BINARY_DIR}/lib/pkgconfig/cu2clrt.pc)
  else()
    set(CU2CLRT_PC_LIBDIR ${CMAKE_INSTALL_LIBDIR})
    set(out ${CMAKE_BINARY_DIR}/install/cu2clrt.pc)
  endif()
  # from PREFIX/LIBDIR/pkgconfig back up to PREFIX
  string(REGEX REPLACE "[^/]+" ".." CU2CLRT_PC_UP "${CU2CLRT_PC_LIBDIR}/pkgconfig")
  configure_file(${CMAKE_SOURCE_DIR}/cmake/cu2clrt.pc.in ${out} @ONLY)
endforeach()

# ---- the man page: cu2cl --help, with docs/cu2cl.1.in around it ---------
set(CU2CL_MAN ${CMAKE_BINARY_DIR}/share/man/man1/cu2cl.1)
add_custom_command(OUTPUT ${CU2CL_MAN}
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:cu2cl>
          -DIN=${CMAKE_SOURCE_DIR}/docs/cu2cl.1.in -DOUT=${CU2CL_MAN}
          -DVERSION=${PROJECT_VERSION}
          -P ${CMAKE_SOURCE_DIR}/cmake/manpage.cmake
  DEPENDS cu2cl ${CMAKE_SOURCE_DIR}/docs/cu2cl.1.in
          ${CMAKE_SOURCE_DIR}/cmake/manpage.cmake
  COMMENT "Writing the cu2cl(1) man page from cu2cl --help")
add_custom_target(cu2cl_man ALL DEPENDS ${CU2CL_MAN})

# ---- install --------------------------------------------------------------
# cu2cl finds libclang where it was built against it (a system library).
set_target_properties(cu2cl PROPERTIES INSTALL_RPATH "${LIBCLANG_LIBDIR}")
set_target_properties(cu2cl-prebuild PROPERTIES INSTALL_RPATH "$ORIGIN/../${CMAKE_INSTALL_LIBDIR}")
install(TARGETS cu2cl cu2cl-validate RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS cu2clrt cu2cl-prebuild EXPORT cu2clrtTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/cu2clrt)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/runtime/include/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/cu2clrt)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/translator/cuda-include/
  DESTINATION ${CMAKE_INSTALL_DATADIR}/cu2cl/cuda-include)
install(EXPORT cu2clrtTargets NAMESPACE cu2clrt::
  DESTINATION ${CU2CLRT_INSTALL_CMAKE_DIR})
install(FILES ${CMAKE_BINARY_DIR}/${CU2CLRT_CMAKE_DIR}/cu2clrtConfig.cmake
  ${CMAKE_BINARY_DIR}/${CU2CLRT_CMAKE_DIR}/cu2clrtConfigVersion.cmake
  DESTINATION ${CU2CLRT_INSTALL_CMAKE_DIR})
install(FILES ${CMAKE_BINARY_DIR}/install/cu2clrt.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
install(FILES ${CU2CL_MAN} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${CMAKE_SOURCE_DIR}/scripts/cu2cl-completion.bash
  DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
  RENAME cu2cl)
install(FILES ${CMAKE_SOURCE_DIR}/README.md
  DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}
  FILES_MATCHING PATTERN "*.md")

# ---- a Debian package: cpack -G DEB in the build tree --------------------
set(CPACK_PACKAGE_NAME cu2cl)
set(CPACK_PACKAGE_CONTACT "cu2cl maintainers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "CUDA to OpenCL source translator and its runtime (cu2clrt)")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS OFF)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libclang1-22, ocl-icd-libopencl1")
set(CPACK_GENERATOR DEB)
include(CPack)
