#!/bin/sh
# scripts/run-samples.sh [BUILD_DIR] [OUT_DIR]
# The main job: translate the bundled CUDA samples (samples/basics and the
# seed workloads) with cu2cl from a compilation database (as a build with
# nvcc would record it), build the translation against cu2clrt, run every
# program on the OpenCL device that CU2CL_DEVICE selects (PoCL's CPU device
# when nothing else is present) under `cu2cl validate`, comparing what it
# copies back with the golden trace of the CUDA original run on an NVIDIA GPU
# (samples/golden), and print one line per program. A program passes when
# it exits 0 and its transfers match the original's. Exit status 0 when
# every program passed.
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

golden=$top/samples/golden
# Field 2 (arguments) or 3 (validate options) of NAME's line in runs.txt.
runs_field() {
  awk -F'|' -v n="$1" -v f="$2" '!/^#/ && NF >= 3 {
    g = $1; gsub(/^ +| +$/, "", g)
    if (g == n) { v = $f; gsub(/^ +| +$/, "", v); print v } }' \
    "$golden/runs.txt"
}
pass=0 fail=0
# validate NAME PROGRAM [WHERE]: runs PROGRAM under cu2cl validate against
# NAME's golden trace and prints the program's line.
validate() {
  name=$1 program=$2 where=${3:-}
  log=$out-$name.validate.log
  start=$(date +%s%N)
  # shellcheck disable=SC2046  # the options are words
  "$cu2cl" validate $(runs_field "$name" 3) "$golden/$name.trace" \
    --ported "$program $(runs_field "$name" 2)" --no-echo >"$log" 2>&1
  rc=$?
  ms=$((($(date +%s%N) - start) / 1000000))
  n=$(sed -n 's/^transfers compared: \([0-9]*\).*/\1/p' "$log")
  if [ $rc -eq 0 ]; then
    pass=$((pass + 1))
    word="transfers match"
    [ "$n" = 1 ] && word="transfer matches"
    printf '%-22s PASS  %4s %-16s the CUDA original (%d ms%s)\n' \
      "$name" "$n" "$word" "$ms" "$where"
  else
    fail=$((fail + 1))
    printf '%-22s FAIL  (%s)\n' "$name" "$log"
    grep -E '^(FAIL|transfer #|  element|cu2cl validate)' "$log" | head -4 |
      sed 's/^/    /'
  fi
}

echo "== running on OpenCL (CU2CL_DEVICE=${CU2CL_DEVICE:-<default>})," \
  "validated against samples/golden"
for src in "$top"/samples/basics/*.cu; do
  name=$(basename "$src" .cu)
  validate "$name" "$out/build/$name"
done

# The seed workloads, each from its own compilation database.
for entry in histogram:histogram reduction:reduction fv-euler:fv_euler \
    compaction:compaction jacobi:main:jacobi; do
  sample=${entry%%:*} program=${entry#*:}
  gname=${program#*:} program=${program%%:*} # sample:program[:golden name]
  sout=$out-$sample
  sh "$top/scripts/samples-db.sh" "$top/samples/$sample" "$sout.db"
  rm -rf "$sout"
  "$cu2cl" -p "$sout.db" --out-root "$sout" -q 2>"$sout.log"
  if [ $? -ge 2 ] || ! { cmake -S "$sout" -B "$sout/build" \
        -DCMAKE_BUILD_TYPE=Release >/dev/null &&
      cmake --build "$sout/build" -j2 >>"$sout.log" 2>&1; }; then
    printf '%-22s FAIL  (translation or build: %s)\n' "$sample" "$sout.log"
    fail=$((fail + 1))
    continue
  fi
  validate "$gname" "$sout/build/$program" ", samples/$sample"
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
