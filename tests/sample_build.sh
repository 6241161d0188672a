#!/bin/sh
# tests/sample_build.sh CU2CL OUT MODE SAMPLE_DIR
# Writes SAMPLE_DIR's compilation database as an nvcc build would
# (scripts/samples-db.sh), translates it with `cu2cl -p` (MODE "own":
# --cuda-path=none; "toolkit": the installed CUDA headers) and builds the
# output. Warnings (exit 1) are allowed; errors fail the step.
set -eu
cu2cl=$1 out=$2 mode=$3 sample=$4
top=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$out"
sh "$top/scripts/samples-db.sh" "$sample" "$out.db"
flag=
[ "$mode" = own ] && flag=--cuda-path=none
status=0
"$cu2cl" -p "$out.db" --out-root "$out" -q $flag || status=$?
if [ "$status" -ge 2 ]; then
  echo "sample_build: cu2cl failed with status $status" >&2
  exit 1
fi
cmake -S "$out" -B "$out/build" -DCMAKE_BUILD_TYPE=Release >"$out.configure.log" ||
  { cat "$out.configure.log"; exit 1; }
cmake --build "$out/build" -j2
