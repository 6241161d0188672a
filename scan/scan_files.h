/*
 * scan_files: which files a scan reads.
 *
 * A path named on the command line that is a file is read whatever its
 * name. A directory is walked: .cu and .cuh files are CUDA; C and C++
 * sources and headers (.c .cc .cpp .cxx .h .hh .hpp .hxx .inl .tpp) are
 * read when their text mentions CUDA (cuda, __global__, __device__,
 * __shared__, <<<, thrust::, cub::) and kept in the report when the scan
 * finds a CUDA use. The walk skips what git ignores (.gitignore files at
 * every level, scan_ignore.h), .git and other VCS directories, and build
 * directories: any holding CMakeCache.txt, CMakeFiles, node_modules, and
 * those named build, build-*, cmake-build-*. all (--all) reads ignored
 * and build directories too. Symbolic links to directories are not
 * followed.
 */
#ifndef CU2CL_SCAN_FILES_H
#define CU2CL_SCAN_FILES_H

#include "util.h"

typedef struct scan_found {
  strvec path;           /* to open */
  strvec display;        /* as reported: the path named, joined with the rest */
  strvec cuda;           /* "1" for .cu/.cuh and named files, "0" for C/C++ */
  unsigned skipped_dirs; /* ignored or build directories not entered */
  unsigned ignored_files; /* CUDA or C/C++ files .gitignore excludes */
} scan_found;

/* Adds the files of path (a file or a directory) to out. Returns 0, or -1
 * when path does not exist (errno set). */
int scan_files_find(const char *path, int all, scan_found *out);
void scan_found_free(scan_found *f);

/* Whether text mentions CUDA (the test for C/C++ files). */
int scan_text_mentions_cuda(const char *text, size_t len);

#endif
