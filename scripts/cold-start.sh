#!/bin/sh
# scripts/cold-start.sh [-b BUILD_DIR] [-w WORKDIR] [-r RUNS] [-p|-P] [SAMPLE...]
# What a user sees first: each seed sample's translation run with an empty
# program cache (the first run) and then with the cache it filled (the
# second), default arguments, on the device CU2CL_DEVICE picks (PoCL when
# nothing else is present). Prints one line per sample: the first run's
# wall time, the median of RUNS (default 3) warm runs, and their ratio
# (the target: first <= 1.5x warm). The first run also has empty PoCL and
# NVIDIA driver caches (POCL_CACHE_DIR and CUDA_CACHE_PATH in the work
# directory: NVIDIA's driver keeps the machine code it compiles from a
# program's PTX there). CU2CL_LAZY_BUILD and CU2CL_DEVICE pass through.
# -p: build ahead first: a recording run (CU2CL_RECORD_LAUNCHES, caches of
# its own) writes the launch record, then the port's build with
# -DCU2CL_PREBUILD=ON fills the emptied caches (its time is printed), and
# the first run follows. -P: the build ahead without a launch record
# (what a port's build gives before any run).

set -u
top=$(cd "$(dirname "$0")/.." && pwd)
build=$top/build work=/tmp/cu2cl-cold-start runs=3 prebuild= record=
while [ $# -gt 0 ]; do
  case $1 in
    -b) build=$(cd "$2" && pwd); shift 2 ;;
    -w) work=$2; shift 2 ;;
    -r) runs=$2; shift 2 ;;
    -p) prebuild=1 record=1; shift ;;
    -P) prebuild=1 record=; shift ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) break ;;
  esac
done
samples=${*:-histogram reduction fv-euler compaction jacobi}
cu2cl=$build/bin/cu2cl
[ -x "$cu2cl" ] || { echo "cold-start: build cu2cl first ($cu2cl)" >&2; exit 2; }
mkdir -p "$work"

# ms: wall time of a command in milliseconds; fails when the command does.
ms() {
  t0=$(date +%s%N)
  "$@" >"$work/last.out" 2>&1 || { cat "$work/last.out" >&2; return 1; }
  echo $((($(date +%s%N) - t0) / 1000000))
}

# mkdir_run DIR CMD...: CMD once DIR exists.
mkdir_run() {
  mkdir -p "$1" && shift && "$@"
}

printf '%-12s %10s %10s %8s\n' sample "first ms" "warm ms" ratio
for sample in $samples; do
  case $sample in
    fv-euler) program=fv_euler ;;
    jacobi) program=main ;;
    *) program=$sample ;;
  esac
  out=$work/$sample
  if [ ! -x "$out/build/$program" ]; then
    sh "$top/scripts/samples-db.sh" "$top/samples/$sample" "$out.db" &&
      rm -rf "$out" && "$cu2cl" -p "$out.db" --out-root "$out" -q \
        2>"$out.log"
    [ $? -lt 2 ] && cmake -S "$out" -B "$out/build" \
        -DCMAKE_BUILD_TYPE=Release >>"$out.log" 2>&1 &&
      cmake --build "$out/build" -j2 >>"$out.log" 2>&1 ||
      { echo "$sample: translation or build failed ($out.log)" >&2; continue; }
  fi
  cache=$work/cache-$sample
  rm -rf "$cache"
  if [ -n "$prebuild" ]; then
    rm -rf "$out/launches" "$cache-rec"
    [ -z "$record" ] ||
    CU2CL_RECORD_LAUNCHES=$out/launches POCL_CACHE_DIR=$cache-rec/pocl \
      CUDA_CACHE_PATH=$cache-rec/nv \
      CU2CL_CACHE_DIR=$cache-rec ms mkdir_run "$out/launches" \
      "$out/build/$program" >/dev/null || continue
    rm -f "$out"/build/cu2cl_gen/*.prebuilt
    cmake -S "$out" -B "$out/build" -DCU2CL_PREBUILD=ON >>"$out.log" 2>&1 ||
      continue
    pre=$(CUDA_CACHE_PATH=$cache/nv POCL_CACHE_DIR=$cache/pocl CU2CL_CACHE_DIR=$cache \
      ms cmake --build "$out/build" --target cu2cl_prebuild) || continue
    echo "$sample: built ahead in $pre ms"
  fi
  first=$(CUDA_CACHE_PATH=$cache/nv POCL_CACHE_DIR=$cache/pocl CU2CL_CACHE_DIR=$cache ms "$out/build/$program") || continue
  warm=
  i=0
  while [ $i -lt "$runs" ]; do
    t=$(CUDA_CACHE_PATH=$cache/nv POCL_CACHE_DIR=$cache/pocl CU2CL_CACHE_DIR=$cache ms "$out/build/$program") || break
    warm="$warm $t"
    i=$((i + 1))
  done
  med=$(echo $warm | tr ' ' '\n' | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  printf '%-12s %10s %10s %8s\n' "$sample" "$first" "$med" \
    "$(awk -v f="$first" -v w="$med" 'BEGIN {printf "%.2f", f / w}')"
done
