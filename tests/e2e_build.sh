#!/bin/sh
# tests/e2e_build.sh CU2CL OUT MODE SOURCES...
# Translates SOURCES into OUT with cu2cl (MODE "toolkit": the installed CUDA
# headers; "own": --cuda-path=none, cu2cl's own headers) and builds the
# output with its generated CMake project. Warnings (exit 1) are allowed;
# errors fail the step. Used as a ctest fixture by tests/e2e.cmake.
set -eu
cu2cl=$1 out=$2 mode=$3
shift 3
rm -rf "$out"
flag=
[ "$mode" = own ] && flag=--cuda-path=none
status=0
"$cu2cl" "$@" --out-root "$out" -j2 -q $flag -- -std=c++17 || status=$?
if [ "$status" -ge 2 ]; then
  echo "e2e_build: cu2cl failed with status $status" >&2
  exit 1
fi
cmake -S "$out" -B "$out/build" -DCMAKE_BUILD_TYPE=Release > "$out/configure.log" ||
  { cat "$out/configure.log"; exit 1; }
cmake --build "$out/build" -j2
