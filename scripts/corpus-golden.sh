#!/usr/bin/env bash
# scripts/corpus-golden.sh [options] CORPUS LIST OUT
#
# Records the traces that scripts/corpus.sh --golden compares ports with: on
# a machine with an NVIDIA GPU and nvcc, each program of LIST is built from
# CORPUS (HeCBench or cuda-samples, as for corpus.sh) with cu2cl's tracing
# header forced into every CUDA source (docs/validation.md), run with the
# list's arguments and synthetic inputs (the same as the port's:
# scripts/corpus/common.sh) from a copy of its folder, and its trace,
# standard output included, is written to OUT/NAME.trace. Needs no libclang:
# the validator is built on the spot as `cu2cl-validate`
# (-DCU2CL_VALIDATOR_ONLY=ON) unless --validate names one.
#
# Options:
#   --only NAME        only this program (repeatable; also NAME,NAME);
#                      default: the programs that print no verdict
#                      (PASS-RE "-") and have no golden=no option
#   --all              every program of the list
#   -w, --work DIR     work directory (default /tmp/cu2cl-golden/<list name>)
#   --arch SM          nvcc architecture (default sm_90)
#   --validate PATH    a cu2cl-validate (or cu2cl) binary to record with
#   --timeout S        run time limit per program (default 300 s)
#
# One line per program: NAME recorded|BUILD-FAIL|RUN-FAIL (see
# WORK/NAME/build.log, run.log); exit status 0 when all were recorded.
set -u

top=$(cd "$(dirname "$0")/.." && pwd)
work= arch=sm_90 validate= timeout_s=300 all=0
only=()
usage() { sed -n '2,/^set -u/p' "$0" | sed 's/^# \{0,1\}//; /^set -u/d'; exit "${1:-2}"; }
while [ $# -gt 0 ]; do
  case $1 in
    --only) IFS=, read -r -a o <<<"$2"; only+=("${o[@]}"); shift 2 ;;
    --all) all=1; shift ;;
    -w|--work) work=$2; shift 2 ;;
    --arch) arch=$2; shift 2 ;;
    --validate) validate=$2; shift 2 ;;
    --timeout) timeout_s=$2; shift 2 ;;
    -h|--help) usage 0 ;;
    -*) echo "corpus-golden.sh: unknown option $1" >&2; usage ;;
    *) break ;;
  esac
done
[ $# -ge 3 ] || usage
corpus=$(cd "$1" && pwd) || exit 2
list=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
mkdir -p "$3" && out=$(cd "$3" && pwd) || exit 2
work=${work:-/tmp/cu2cl-golden/$(basename "$list" .list)}
mkdir -p "$work" && work=$(cd "$work" && pwd) || exit 2
nvcc=${NVCC:-nvcc}
header=$top/runtime/include/cu2cl_trace_cuda.h

. "$top/scripts/corpus/common.sh"
parse_list "$list"

if [ -z "$validate" ]; then
  validate=$work/validator/bin/cu2cl-validate
  if [ ! -x "$validate" ]; then
    { cmake -S "$top" -B "$work/validator" -DCU2CL_VALIDATOR_ONLY=ON &&
      cmake --build "$work/validator"; } >"$work/validator.log" 2>&1 ||
      { echo "corpus-golden.sh: cannot build cu2cl-validate (see $work/validator.log)" >&2; exit 2; }
  fi
fi

kind=$(corpus_kind "$corpus") ||
  { echo "corpus-golden.sh: $corpus is neither HeCBench nor cuda-samples" >&2; exit 2; }
if [ $kind = hecbench ]; then
  rm -rf "$work/tree" && mkdir -p "$work/tree" && cp -a "$corpus/src" "$work/tree/src" || exit 2
fi

# build_one NAME PATH PDIR: builds the traced original; prints the folder to
# run in and the executable, or fails.
build_one() {
  local name=$1 path=$2 pdir=$3 src exe
  if [ $kind = hecbench ]; then
    src=$work/tree/src/$name-cuda
    (cd "$src" && make -B ARCH="$arch" CC="$nvcc" EXTRA_CFLAGS="-include $header") \
      >"$pdir/build.log" 2>&1 || return 1
    exe=$(sed -n 's/^program *= *//p' "$src/Makefile" | head -1)
    printf '%s %s\n' "$src" "$src/${exe:-main}"
  else
    src=$corpus/Samples/$path
    { cmake -S "$src" -B "$pdir/orig" -DCMAKE_CUDA_COMPILER="$(command -v "$nvcc")" \
        -DCMAKE_CUDA_FLAGS="-include $header" &&
      cmake --build "$pdir/orig" -j "$(nproc)"; } >"$pdir/build.log" 2>&1 || return 1
    # the sample's folder is copied so that a run writes nothing into the corpus
    rm -rf "$pdir/run" && cp -a "$src" "$pdir/run" || return 1
    printf '%s %s\n' "$pdir/run" "$pdir/orig/$name"
  fi
}

fails=0
for i in "${!names[@]}"; do
  name=${names[$i]} opts=${optss[$i]}
  if [ ${#only[@]} -eq 0 ] && [ $all = 0 ]; then
    [ "${passes[$i]}" = - ] || continue
  fi
  [ "$(opt "$opts" golden)" = no ] && continue
  [ -n "$(opt "$opts" skip)" ] && continue
  pdir=$work/$name; mkdir -p "$pdir"
  if ! where=$(build_one "$name" "${paths[$i]}" "$pdir"); then
    echo "$name BUILD-FAIL"; fails=$((fails + 1)); continue
  fi
  dir=${where% *} exe=${where#* }
  input=$(opt "$opts" input)
  [ -n "$input" ] && make_input "$input" "$work/data"
  mkdir -p "$work/data"
  [ -e "$dir/../data" ] || [ -L "$dir/../data" ] || ln -s "$work/data" "$dir/../data"
  a=${argss[$i]//@DATA@/$work/data}; a=${a//@SRC@/$dir}
  t=$(opt "$opts" timeout); t=${t:-$timeout_s}
  if "$validate" --record "$out/$name.trace" \
      "cd '$dir' && exec timeout -k 5 $t '$exe' $a" >"$pdir/run.log" 2>&1 </dev/null; then
    echo "$name recorded"
  else
    echo "$name RUN-FAIL"; fails=$((fails + 1))
  fi
done
[ $fails = 0 ]
