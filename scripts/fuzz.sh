#!/bin/sh
# scripts/fuzz.sh [-w WORKDIR] [-j N] SECONDS [TARGET...]
#
# Builds the libFuzzer targets (tests/fuzz/fuzz_*.c) with clang, ASan and
# UBSan (-DCU2CL_FUZZ=ON, in WORKDIR/build; default WORKDIR
# /tmp/cu2cl-fuzz), then fuzzes each TARGET (default: all of tu compdb
# trace report cache launches) for SECONDS, N at a time (default 1). Each
# target's working corpus (WORKDIR/corpus/TARGET) starts from its
# regression corpus (tests/fuzz/corpus/TARGET) and seeds from the
# repository:
#   tu      tests/translate/*.cu, samples/basics/*.cu
#   compdb  tests/data/compdb/*.json
#   trace   samples/golden/*.trace
# Inputs that crash or time out go to WORKDIR/crashes/TARGET/; a found
# input worth keeping is minimized (fuzz_TARGET -minimize_crash=1) and
# committed to tests/fuzz/corpus/TARGET, where ctest's fuzz.TARGET replays
# it. Prints each target's final statistics (runs, coverage) and
# WORKDIR/summary.txt (docs/reliability.md records them).
# Needs clang with libFuzzer (Debian 12: clang-14 or later).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
work=/tmp/cu2cl-fuzz jobs=1
while [ $# -gt 0 ]; do
  case $1 in
  -w) work=$2; shift 2 ;;
  -j) jobs=$2; shift 2 ;;
  -j*) jobs=${1#-j}; shift ;;
  *) break ;;
  esac
done
[ $# -ge 1 ] || { sed -n 2,20p "$0" >&2; exit 2; }
seconds=$1
shift
targets=${*:-tu compdb trace report cache launches}
cc=${CC:-clang}

mkdir -p "$work"
cmake -S "$root" -B "$work/build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER="$cc" -DCU2CL_FUZZ=ON > "$work/configure.log"
for t in $targets; do
  cmake --build "$work/build" --target "fuzz_$t" -j2 > "$work/build-$t.log" ||
    { tail -20 "$work/build-$t.log" >&2; exit 1; }
done

seeds() {
  case $1 in
  tu) ls "$root"/tests/translate/*.cu "$root"/samples/basics/*.cu ;;
  compdb) ls "$root"/tests/data/compdb/*.json ;;
  trace) ls "$root"/samples/golden/*.trace ;;
  esac
}

fuzz_one() {
  t=$1
  mkdir -p "$work/corpus/$t" "$work/crashes/$t"
  cp "$root/tests/fuzz/corpus/$t"/* "$work/corpus/$t/" 2> /dev/null || true
  for f in $(seeds "$t"); do cp "$f" "$work/corpus/$t/"; done
  # Leaks: libclang keeps caches for the process's life; the targets' own
  # frees are checked by the sanitizer build of the suite (fuzz.* tests).
  ASAN_OPTIONS=detect_leaks=0 "$work/build/fuzz/fuzz_$t" "$work/corpus/$t" \
    -max_total_time="$seconds" -timeout=60 -rss_limit_mb=4096 \
    -max_len=16384 -print_final_stats=1 \
    -artifact_prefix="$work/crashes/$t/" > "$work/fuzz-$t.log" 2>&1 || true
  runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$work/fuzz-$t.log" |
    grep -Eo '[0-9]+$' || echo 0)
  cov=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+' "$work/fuzz-$t.log" | tail -1)
  found=$(ls "$work/crashes/$t" | wc -l)
  echo "$t: ${seconds}s, $runs runs, $cov, $found crash/timeout input(s)" |
    tee -a "$work/summary.txt"
}

n=0
for t in $targets; do
  fuzz_one "$t" &
  n=$((n + 1))
  if [ "$n" -ge "$jobs" ]; then wait; n=0; fi
done
wait
