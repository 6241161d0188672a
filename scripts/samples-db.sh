#!/bin/sh
# scripts/samples-db.sh SAMPLE_DIR OUT_DIR
# Writes OUT_DIR/compile_commands.json for the sources of one sample as a
# build of the original would record it (nvcc for .cu, the host compiler
# for .cpp, as bear over a Makefile writes them). Used where no nvcc is
# installed, so that `cu2cl -p OUT_DIR` translates the sample as it would
# from a real build directory.
set -eu
dir=$(cd "$1" && pwd)
out=$2
mkdir -p "$out"
{
  echo "["
  sep=
  for src in "$dir"/*.cu "$dir"/*.cpp; do
    [ -e "$src" ] || continue
    obj=$(basename "$src").o
    case "$src" in
      *.cu) cc='"nvcc", "-std=c++17", "-arch=sm_80", "-O2", "-Xcompiler", "-Wall"' ;;
      *) cc='"c++", "-std=c++17", "-O2", "-Wall", "-I/usr/local/cuda/include"' ;;
    esac
    printf '%s  {"directory": "%s", "file": "%s",\n   "arguments": [%s, "-I%s", "-c", "%s", "-o", "%s"]}' \
      "$sep" "$dir" "$src" "$cc" "$dir" "$src" "$obj"
    sep=",
"
  done
  echo
  echo "]"
} > "$out/compile_commands.json"
