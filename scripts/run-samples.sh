#!/bin/sh
# scripts/run-samples.sh [BUILD_DIR] [OUT_DIR]
# The main job: translate the bundled CUDA samples (samples/basics and the
# seed workloads) with cu2cl from a compilation database (as a build with
# nvcc would record it), build the
# translation against cu2clrt, run every program on the OpenCL device that
# CU2CL_DEVICE selects (PoCL's CPU device when nothing else is present), and
# print one line per program. Exit status 0 when every program passed.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$top/build}" && pwd) || exit 2
out=${2:-$build/samples-out}
cu2cl=$build/bin/cu2cl
[ -x "$cu2cl" ] || { echo "run-samples: build cu2cl first ($cu2cl)" >&2; exit 2; }

# A compilation database like bear records over `nvcc` Makefile rules.
db=$build/samples-db
mkdir -p "$db"
{
  echo "["
  sep=
  for src in "$top"/samples/basics/*.cu; do
    obj=$(basename "$src" .cu).o
    printf '%s  {"directory": "%s", "file": "%s",\n   "arguments": ["nvcc", "-std=c++17", "-arch=sm_80", "-O2", "-Xcompiler", "-Wall", "-c", "%s", "-o", "%s"]}' \
      "$sep" "$top/samples/basics" "$src" "$src" "$obj"
    sep=",
"
  done
  echo
  echo "]"
} > "$db/compile_commands.json"

echo "== translating samples/basics with cu2cl -p $db"
rm -rf "$out"
"$cu2cl" -p "$db" --out-root "$out" -j2 --report "$out.sarif"
status=$?
[ "$status" -ge 2 ] && { echo "run-samples: translation failed" >&2; exit 1; }
echo "== building the translation ($out)"
cmake -S "$out" -B "$out/build" -DCMAKE_BUILD_TYPE=Release >/dev/null &&
  cmake --build "$out/build" -j2 >"$out/build.log" 2>&1 ||
  { tail -40 "$out/build.log"; echo "run-samples: build failed" >&2; exit 1; }

echo "== running on OpenCL (CU2CL_DEVICE=${CU2CL_DEVICE:-<default>})"
pass=0 fail=0
for src in "$top"/samples/basics/*.cu; do
  name=$(basename "$src" .cu)
  start=$(date +%s%N)
  log=$("$out/build/$name" 2>&1)
  rc=$?
  ms=$((($(date +%s%N) - start) / 1000000))
  if [ $rc -eq 0 ] && printf '%s\n' "$log" | tail -n 1 | grep -qx PASS; then
    result=PASS pass=$((pass + 1))
  else
    result=FAIL fail=$((fail + 1))
  fi
  printf '%-24s %s  (%d ms)\n' "$name" "$result" "$ms"
done

# The seed workloads, each from its own compilation database.
for entry in histogram:histogram reduction:reduction fv-euler:fv_euler \
    compaction:compaction; do
  sample=${entry%%:*} program=${entry#*:}
  sout=$out-$sample
  sh "$top/scripts/samples-db.sh" "$top/samples/$sample" "$sout.db"
  rm -rf "$sout"
  "$cu2cl" -p "$sout.db" --out-root "$sout" -q 2>"$sout.log"
  if [ $? -ge 2 ] || ! { cmake -S "$sout" -B "$sout/build" \
        -DCMAKE_BUILD_TYPE=Release >/dev/null &&
      cmake --build "$sout/build" -j2 >>"$sout.log" 2>&1; }; then
    printf '%-24s FAIL  (translation or build: %s)\n' "$sample" "$sout.log"
    fail=$((fail + 1))
    continue
  fi
  start=$(date +%s%N)
  log=$("$sout/build/$program" 2>&1)
  rc=$?
  ms=$((($(date +%s%N) - start) / 1000000))
  if [ $rc -eq 0 ] && printf '%s\n' "$log" | tail -n 1 | grep -qx PASS; then
    result=PASS pass=$((pass + 1))
  else
    result=FAIL fail=$((fail + 1))
  fi
  printf '%-24s %s  (%d ms, samples/%s)\n' "$sample" "$result" "$ms" "$sample"
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
