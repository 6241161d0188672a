#!/bin/sh
# scripts/scan-bench.sh [-b BUILD] [CORPUS...]
#
# How fast `cu2cl scan` is (docs/performance.md, docs/scan.md keep the
# figures; a benchmark, not a test):
#
#  1. for each CORPUS (a HeCBench checkout: every src/*-cuda folder; any
#     other directory: all of it), the wall time of `cu2cl scan` on one
#     thread and on every CPU, best of 3, with the files and lines it
#     scanned;
#  2. per file, against translation: the 29 units of the bundled samples
#     (as translator/bench/bench_translate measures them) scanned and
#     translated by the cu2cl binary on one thread (`cu2cl -j 1
#     --cuda-path=none -- -std=c++17`, best of 3 for the scan, 1 run for the
#     translation), and the ratio.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=$here/build
if [ "${1:-}" = -b ]; then build=$2; shift 2; fi
cu2cl=$build/bin/cu2cl
[ -x "$cu2cl" ] || { echo "scan-bench: no $cu2cl (build first)" >&2; exit 2; }
cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

now() { date +%s.%N; }
# best_of N CMD...: the shortest wall time of N runs, in seconds.
best_of() {
  n=$1; shift; best=
  for _ in $(seq "$n"); do
    t0=$(now); "$@" >/dev/null 2>&1 || true; t1=$(now)
    best=$(echo "$t0 $t1 ${best:-1e9}" | awk '{ d = $2 - $1; print d < $3 ? d : $3 }')
  done
  echo "$best"
}

printf '%-34s %6s %8s %9s %9s %8s\n' corpus files lines "-j1 s" "-j$cpus s" "files/s"
for corpus in "$@"; do
  if ls -d "$corpus"/src/*-cuda >/dev/null 2>&1; then
    set -- "$corpus"/src/*-cuda; label="$(basename "$corpus") src/*-cuda"
  else
    set -- "$corpus"; label=$(basename "$corpus")
  fi
  "$cu2cl" scan --format=csv "$@" >"$tmp/csv"
  files=$(($(wc -l <"$tmp/csv") - 1))
  lines=$(awk -F, 'NR > 1 { n += $(NF - 12) } END { print n + 0 }' "$tmp/csv")
  t1=$(best_of 3 "$cu2cl" scan -j 1 --summary "$@")
  tn=$(best_of 3 "$cu2cl" scan -j "$cpus" --summary "$@")
  printf '%-34s %6d %8d %9.2f %9.2f %8.0f\n' "$label" "$files" "$lines" \
    "$t1" "$tn" "$(echo "$files $tn" | awk '{ print ($2 > 0 ? $1 / $2 : 0) }')"
done

s=$here/samples
set -- "$s"/basics/*.cu "$s"/histogram/histogram.cu "$s"/reduction/reduction.cu \
  "$s"/fv-euler/fv_euler.cu "$s"/compaction/compaction.cu \
  "$s"/jacobi/jacobi.cu "$s"/jacobi/main.cpp
units=$#
scan_s=$(best_of 3 "$cu2cl" scan -j 1 --summary "$@")
t0=$(now)
"$cu2cl" -j 1 --cuda-path=none --out-root "$tmp/port" --force "$@" -- \
  -std=c++17 -I"$s/jacobi" >/dev/null 2>&1 || true
t1=$(now)
echo
echo "$units $scan_s $t0 $t1" | awk '{
  scan = $2 / $1 * 1000; tr = ($4 - $3) / $1 * 1000
  printf "per file, the %d units of the bundled samples, one thread:\n", $1
  printf "  cu2cl scan      %8.1f ms\n  cu2cl (translate) %6.1f ms\n", scan, tr
  printf "  scan is %.0fx faster per file\n", tr / scan }'
