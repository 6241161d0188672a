#!/usr/bin/env bash
# scripts/corpus.sh [options] CORPUS LIST [CU2CL_BUILD]
#
# Tries cu2cl on real CUDA programs written by others (docs: README,
# "Trying cu2cl on real corpora"; the corpora: HeCBench and NVIDIA's
# cuda-samples, see the project's corpus notes). Not part of CI: it needs
# a corpus checkout outside the repository, nvcc (to record the original
# build), bear (for Makefile builds) and an OpenCL device (PoCL).
#
#   CORPUS       a HeCBench checkout (has src/<name>-cuda/Makefile) or a
#                cuda-samples checkout (has Samples/<group>/<name>/CMakeLists.txt)
#   LIST         one program a line (scripts/corpus/*.list describe the format)
#   CU2CL_BUILD  the cu2cl build directory (default: <repo>/build)
#
# For each program of LIST it
#  (a) records the program's compilation database from its own build:
#      HeCBench: `bear -- make -k -B ARCH=sm_80 CC=<nvcc>` (ARCH=80 for a
#      Makefile that writes sm_$(ARCH)) in a copy of the
#      corpus' src/ tree made in the work directory (the corpus is never
#      written); cuda-samples: CMake configure of Samples/<group>/<name> with
#      -DCMAKE_EXPORT_COMPILE_COMMANDS=ON and nvcc for arch 80 (configure
#      writes the database; nothing is compiled). The original build may fail
#      (no GPU, link errors): only the database matters. A database already
#      in the work directory is reused unless --fresh-db.
#  (b) translates it: cu2cl -p <db> --out-root <work>/<name>/port --force
#      --report <work>/<name>/report.json (default in-root), and records the
#      exit status and the diagnostics by ID;
#  (c) builds the port: cmake -S port -B port/build && cmake --build port/build
#      (tried whatever the exit status was, when cu2cl wrote a CMakeLists.txt);
#  (d) runs the port's executable from the port's copy of the program's
#      folder on the device CU2CL_DEVICE selects (default here: pocl), with
#      the list's arguments and a timeout, and decides a verdict from its
#      stdout: PASS when the pass regex matches, the fail regex does not and
#      the program exits 0; FAIL when the fail regex matches, it exits
#      non-zero or cu2clrt could not build one of its OpenCL programs (its
#      stderr says so; the program may print its verdict all the same);
#      "no verdict" when it prints neither;
#  (e) prints one line per program:
#        name  tr=EXIT ID*count,...  build=ok|FAIL|-  run=VERDICT
#      and a closing line "N passed, M failed".
#
# Options:
#   -w, --work DIR   work directory (default /tmp/cu2cl-corpus/<list name>);
#                    per program: db/ (database), orig/ (cuda-samples: the
#                    configured original build), orig.log (original build),
#                    translate.log, report.json, build.log, build-errors.txt
#                    (first errors), run.out/run.err, line.txt
#   -j N             programs at a time (default 1; runs on PoCL use every core,
#                    so keep it small)
#   --only NAME      only this program (repeatable; also NAME,NAME); the
#                    table goes to <work>/results-only.txt, leaving the whole
#                    list's results.txt as it was
#   --keep           keep each port and its build (default: the port's build
#                    is removed after the program's line, and the port too
#                    when the program passed; logs are kept)
#   --timeout S      run time limit per program (default 120 s; a list line's
#                    timeout= overrides it)
#   --fresh-db       record the original build again even where a database
#                    exists in the work directory
#   --results FILE   also write the lines (in list order) and the closing line
#                    to FILE, rewritten as programs finish
#   --no-run         stop after (c)
#   --translate-only stop after (b), keeping the port: for building and
#                    running it on another machine with --translated
#   --translated     skip (a) and (b): build and run the ports a
#                    --translate-only run left in the work directory (copied
#                    here, e.g. to a machine with other OpenCL devices);
#                    CORPUS may then be absent (its kind was recorded)
#   --golden DIR     traces of the originals recorded on an NVIDIA GPU
#                    (scripts/corpus-golden.sh): a program with DIR/NAME.trace
#                    runs with CU2CL_TRACE set and its trace is compared with
#                    `cu2cl validate` (options from the list's validate=);
#                    it passes when the traces match and, if it prints a
#                    verdict, the verdict is PASS; a divergence is FAIL(trace)
#
# List lines: NAME ; ARGS ; PASS-RE ; FAIL-RE ; OPTIONS   (fields trimmed;
# '#' starts a comment line; empty trailing fields may be left out)
#   NAME     HeCBench: the benchmark (src/NAME-cuda); cuda-samples: the
#            path below Samples/ (0_Introduction/vectorAdd), named by its
#            last component
#   ARGS     the program's arguments (shell words); @DATA@ is the work
#            directory's synthetic-input folder, @SRC@ the original
#            program's folder
#   PASS-RE  extended regex for success on stdout (empty: the default
#            below); "-" means the program prints no verdict; "exit0" that
#            its exit status is the verdict (it asserts)
#   FAIL-RE  extended regex for failure on stdout (empty: the default)
#   OPTIONS  space-separated: timeout=S  exe=NAME (which executable, when the
#            port has several)  input=KIND (make synthetic input KIND in
#            @DATA@/KIND first: bfs, b+tree, hotspot, kmeans, srad, bmp; the
#            run directory's ../data is made a link to @DATA@ where it does
#            not exist, as HeCBench's programs expect their inputs in
#            ../data)  skip=WHY (report WHY, run nothing)
#            validate=OPT,OPT (options of `cu2cl validate` for --golden, commas
#            for spaces: validate=--allow-diff=0.001,--unordered=2)
#            golden=no (the original's output proves nothing - timings, clock
#            values -: corpus-golden.sh records no trace)
#
# Environment: CU2CL_DEVICE (default pocl), NVCC (default
# /usr/local/cuda/bin/nvcc), CU2CL_CACHE_DIR (default <work>/cl-cache),
# CU2CL_PORT_CMAKE_ARGS (more arguments of each port's CMake configure, e.g.
# -DCU2CL_RUNTIME_LIBRARY=... -DCU2CL_RUNTIME_INCLUDE_DIR=... for a cu2clrt
# built by hand).
set -u

default_pass='PASS|Pass\b|[Pp]assed|Success|SUCCESS'
default_fail='FAIL|Fail\b|Failure\b|[Ff]ailed|ERROR|Error:|[Mm]ismatch|INCORRECT|[Ww]aived'

top=$(cd "$(dirname "$0")/.." && pwd)
work= jobs=1 keep=0 timeout_s=120 fresh_db=0 results= no_run=0 golden=
stage=all
only=()
usage() { sed -n '2,/^set -u/p' "$0" | sed 's/^# \{0,1\}//; /^set -u/d'; exit "${1:-2}"; }
while [ $# -gt 0 ]; do
  case $1 in
    -w|--work) work=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    -j*) jobs=${1#-j}; shift ;;
    --only) IFS=, read -r -a o <<<"$2"; only+=("${o[@]}"); shift 2 ;;
    --keep) keep=1; shift ;;
    --timeout) timeout_s=$2; shift 2 ;;
    --fresh-db) fresh_db=1; shift ;;
    --results) results=$2; shift 2 ;;
    --no-run) no_run=1; shift ;;
    --translate-only) stage=translate; keep=1; shift ;;
    --translated) stage=run; shift ;;
    --golden) golden=$(cd "$2" && pwd) || exit 2; shift 2 ;;
    -h|--help) usage 0 ;;
    -*) echo "corpus.sh: unknown option $1" >&2; usage ;;
    *) break ;;
  esac
done
[ $# -ge 2 ] || usage
if [ $stage = run ] && [ ! -d "$1" ]; then corpus=$1; else corpus=$(cd "$1" && pwd) || exit 2; fi
list=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
[ -f "$list" ] || { echo "corpus.sh: no list $2" >&2; exit 2; }
if [ $stage = run ] && [ ! -d "${3:-$top/build}" ]; then build=${3:-$top/build}  # no cu2cl needed
else build=$(cd "${3:-$top/build}" && pwd) || exit 2; fi
cu2cl=$build/bin/cu2cl
[ -x "$cu2cl" ] || [ $stage = run ] || { echo "corpus.sh: no cu2cl at $cu2cl" >&2; exit 2; }
nvcc=${NVCC:-/usr/local/cuda/bin/nvcc}
work=${work:-/tmp/cu2cl-corpus/$(basename "$list" .list)}
mkdir -p "$work" && work=$(cd "$work" && pwd) || exit 2
export CU2CL_DEVICE=${CU2CL_DEVICE:-pocl}
export CU2CL_CACHE_DIR=${CU2CL_CACHE_DIR:-$work/cl-cache}


# trim, opt, parse_list and make_input: scripts/corpus/common.sh.
. "$top/scripts/corpus/common.sh"
parse_list "$list"
if [ $stage = run ] && [ -f "$work/.kind" ]; then kind=$(cat "$work/.kind")
else
  kind=$(corpus_kind "$corpus") ||
    { echo "corpus.sh: $corpus is neither HeCBench nor cuda-samples" >&2; exit 2; }
  echo "$kind" >"$work/.kind"
fi
[ ${#names[@]} -gt 0 ] || { echo "corpus.sh: no program selected" >&2; exit 2; }

# HeCBench programs build in a private copy of src/ (relative includes such
# as ../include and ../scan2-cuda keep working; the corpus stays clean).
if [ $kind = hecbench ] && [ $stage != run ] && [ ! -f "$work/tree/.copied" ]; then
  rm -rf "$work/tree" && mkdir -p "$work/tree" &&
    cp -a "$corpus/src" "$work/tree/src" && touch "$work/tree/.copied" || exit 2
fi

# by_id REPORT: "ID*count,ID*count" from a cu2cl JSON report's summary.
by_id() {
  [ -f "$1" ] || return 0
  if command -v jq >/dev/null; then
    jq -r '.summary.by_id | to_entries | map("\(.key | sub("^CU2CL"; ""))*\(.value)") | join(",")' "$1" 2>/dev/null
  else
    tr -d '\n ' <"$1" | sed -n 's/.*"by_id":{\([^}]*\)}.*/\1/p' | sed 's/"CU2CL\([0-9]*\)":/\1*/g'
  fi
}

# first_errors LOG: the first compiler/CMake errors of a build log.
first_errors() {
  grep -E '(error|Error)[: ]|undefined reference|CMake Error' "$1" | grep -Ev '^g?make' | head -8
}

# run_one I: everything for the I-th program; writes $pdir/line.txt.
run_one() {
  local i=$1 name=${names[$1]} path=${paths[$1]} args=${argss[$1]}
  local pass=${passes[$1]:-$default_pass} fail=${fails[$1]:-$default_fail} opts=${optss[$1]}
  local pdir=$work/$name src tr=- ids= bld=- run=- rc
  mkdir -p "$pdir"
  rm -f "$pdir/line.txt" "$pdir"/run.* "$pdir/build-errors.txt"
  local skip; skip=$(opt "$opts" skip)
  if [ -n "$skip" ]; then
    printf '%-26s tr=-  build=-  run=SKIP (%s)\n' "$name" "$skip" >"$pdir/line.txt"; return
  fi

  if [ $kind = hecbench ]; then src=$work/tree/src/$name-cuda; else src=$corpus/Samples/$path; fi
  if [ $stage = run ]; then
    [ -f "$pdir/tr.txt" ] && [ -d "$pdir/port" ] || {
      printf '%-26s tr=-  build=-  run=NOT-TRANSLATED (no --translate-only port)\n' "$name" >"$pdir/line.txt"; return; }
    read -r tr ids <"$pdir/tr.txt"
    [ -d "$src/data" ] || src=$pdir/src
  else
    translate_one || return
  fi
  [ $stage = translate ] || build_run_one
  print_line
}

# translate_one: (a) and (b) for run_one's program; 1 when there is no
# database.
translate_one() {
  # (a) the compilation database
  local db=$pdir/db/compile_commands.json
  # (CMake's commands name response files in its build tree, orig/: keep it)
  if [ $fresh_db = 1 ] || ! grep -q '"file"' "$db" 2>/dev/null ||
     { [ $kind = samples ] && [ ! -f "$pdir/orig/CMakeCache.txt" ]; }; then
    rm -rf "$pdir/db" "$pdir/orig"; mkdir -p "$pdir/db"
    if [ $kind = hecbench ]; then
      # -k: every unit's command is recorded even where one fails to build
      (cd "$src" && bear --output "$db" -- make -k -B ARCH=sm_80 CC="$nvcc") >"$pdir/orig.log" 2>&1
      if grep -q "sm_sm_80" "$pdir/orig.log"; then # a Makefile that adds sm_
        (cd "$src" && bear --output "$db" -- make -k -B ARCH=80 CC="$nvcc") >"$pdir/orig.log" 2>&1
      fi
    else
      cmake -S "$src" -B "$pdir/orig" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
        -DCMAKE_CUDA_COMPILER="$nvcc" -DCMAKE_CUDA_ARCHITECTURES=80 >"$pdir/orig.log" 2>&1 &&
        cp "$pdir/orig/compile_commands.json" "$db"
    fi
    echo "original build exit: $?" >>"$pdir/orig.log"
  fi
  if ! grep -q '"file"' "$db" 2>/dev/null; then
    printf '%-26s tr=-  build=-  run=NO-DB (original build recorded nothing: %s)\n' "$name" \
      "$(grep -m1 -E 'error|Error' "$pdir/orig.log" | cut -c1-120)" >"$pdir/line.txt"
    return 1
  fi

  # (b) translate
  rm -rf "$pdir/port" "$pdir/report.json"
  timeout 600 "$cu2cl" -p "$db" --out-root "$pdir/port" --force --report "$pdir/report.json" \
    >"$pdir/translate.log" 2>&1
  tr=$?
  ids=$(by_id "$pdir/report.json")
  echo "$tr $ids" >"$pdir/tr.txt"
  # a sample's own input files, for a run elsewhere (--translated)
  rm -rf "$pdir/src"
  [ $kind = samples ] && [ -d "$src/data" ] && mkdir -p "$pdir/src" && cp -a "$src/data" "$pdir/src/"
  return 0
}

# build_run_one: (c) and (d) for run_one's program.
build_run_one() {

  # (c) build the port
  if [ -f "$pdir/port/CMakeLists.txt" ]; then
    # shellcheck disable=SC2086  # the extra arguments are words
    if { timeout 300 cmake -S "$pdir/port" -B "$pdir/port/build" ${CU2CL_PORT_CMAKE_ARGS:-} &&
         timeout 900 cmake --build "$pdir/port/build"; } >"$pdir/build.log" 2>&1; then
      bld=ok
    else
      bld=FAIL; first_errors "$pdir/build.log" >"$pdir/build-errors.txt"
    fi
  fi

  # (d) run it
  if [ $no_run = 1 ]; then run=-
  elif [ $bld = ok ]; then
    local exes exe sub
    exes=$(sed -n 's/^add_executable(\([^ )]*\) \([^ )]*\).*/\1 \2/p' "$pdir/port/CMakeLists.txt")
    exe=$(opt "$opts" exe)
    if [ -z "$exe" ]; then
      if [ "$(printf '%s\n' "$exes" | grep -c .)" = 1 ]; then exe=${exes%% *}
      elif printf '%s\n' "$exes" | grep -q "^$name "; then exe=$name
      elif printf '%s\n' "$exes" | grep -q '^main '; then exe=main
      else exe=$(printf '%s\n' "$exes" | head -1); exe=${exe%% *}
      fi
    fi
    sub=$(printf '%s\n' "$exes" | awk -v e="$exe" '$1 == e { print $2 }')
    sub=$(dirname "${sub:-.}")
    local input; input=$(opt "$opts" input)
    [ -n "$input" ] && make_input "$input" "$work/data"
    mkdir -p "$work/data"
    [ -e "$pdir/port/$sub/../data" ] || [ -L "$pdir/port/$sub/../data" ] ||
      ln -s "$work/data" "$pdir/port/$sub/../data"
    # a sample's own input files (Samples/.../NAME/data), which cu2cl does
    # not carry into the port
    [ $kind = samples ] && [ -d "$src/data" ] && [ ! -e "$pdir/port/$sub/data" ] &&
      ln -s "$src/data" "$pdir/port/$sub/data"
    local a=${args//@DATA@/$work/data} t; a=${a//@SRC@/$src}
    t=$(opt "$opts" timeout); t=${t:-$timeout_s}
    echo "$exe $a  (in port/$sub, timeout $t s)" >"$pdir/run.cmd"
    # shellcheck disable=SC2086  # the arguments are words
    # (the outer 2>/dev/null: no "Aborted" notice from this shell)
    local gold=${golden:+$golden/$name.trace} trace=
    [ "$(opt "$opts" golden)" = no ] && gold=
    [ -n "$gold" ] && [ -f "$gold" ] && trace=$pdir/run.trace
    rm -f "$pdir/run.trace" "$pdir/validate.txt"
    { (cd "$pdir/port/$sub" && CU2CL_TRACE=$trace exec timeout -k 5 "$t" "$pdir/port/build/$exe" $a) \
        >"$pdir/run.out" 2>"$pdir/run.err" </dev/null; } 2>/dev/null
    rc=$?
    local p=0 f=0
    case $pass in
      -) ;;
      exit0) [ $rc = 0 ] && p=1 ;;
      *) grep -Eq "$pass" "$pdir/run.out" && p=1 ;;
    esac
    grep -Eq "$fail" "$pdir/run.out" && f=1
    if [ $rc = 124 ] || [ $rc = 137 ]; then run="TIMEOUT(${t}s)"
    elif grep -q "cu2clrt: error: building OpenCL program" "$pdir/run.err"; then
      # its kernels never ran, whatever the program printed (it may not
      # check its launches and print a verdict all the same)
      run="FAIL(OpenCL program did not build)"
    elif [ $f = 1 ]; then run="FAIL(rc=$rc: $(grep -Eo -m1 "$fail" "$pdir/run.out" | head -1))"
    elif [ $rc != 0 ]; then
      if [ $rc -gt 128 ]; then run="CRASH($(kill -l $((rc - 128)) 2>/dev/null || echo $rc))"
      else run="EXIT($rc)"; fi
    elif [ -n "$trace" ]; then
      # the original's trace decides (with the program's own verdict, if any)
      local vo; vo=$(opt "$opts" validate); vo=${vo//,/ }
      # shellcheck disable=SC2086  # the options are words
      # the port's stdout goes with its trace (the original's trace holds
      # its own): compared as the list's validate= options say
      "$cu2cl" validate $vo --ported-stdout "$pdir/run.out" "$gold" "$trace" \
        >"$pdir/validate.txt" 2>&1
      case $? in
        0) if [ "$pass" = - ] || [ $p = 1 ]; then run=PASS; else run="no-verdict(trace ok)"; fi ;;
        1) run="FAIL(trace: $(grep -m1 -E '^FAIL' "$pdir/validate.txt" | cut -c7-80))" ;;
        *) run="NO-TRACE($(grep -m1 -i error "$pdir/validate.txt" | cut -c1-60))" ;;
      esac
    elif [ $p = 1 ]; then run=PASS
    else run="no-verdict"
    fi
  fi
  [ $keep = 1 ] || rm -rf "$pdir/port/build"
  [ $keep = 1 ] || [ "$run" != PASS ] || rm -rf "$pdir/port"
}

# print_line: run_one's program's line.txt.
print_line() {
  {
    printf '%-26s tr=%s %-34s build=%-4s run=%s\n' "$name" "$tr" "${ids:--}" "$bld" "$run"
    # a second, indented line: why it failed, in short
    if [ "$bld" = FAIL ]; then
      head -1 "$pdir/build-errors.txt" | sed "s|$pdir/port/||" | cut -c1-200 | sed 's/^/    build: /'
    elif [ "$bld" = - ] && [ "$tr" != 0 ]; then
      grep -m1 -E 'error|fatal' "$pdir/translate.log" | sed "s|$work/||" | cut -c1-200 | sed 's/^/    translate: /'
    elif [ "$run" != PASS ] && [ "$run" != - ]; then
      { grep -v '^$' "$pdir/run.err"; } | tail -1 | cut -c1-200 | sed 's/^/    stderr: /'
    fi
  } >"$pdir/line.txt"
}

# write_results: lines so far, in list order, and the closing line.
write_results() {
  local i n=0 p=0 f=0 nv=0 l
  {
    echo "# corpus.sh $(basename "$list") on $corpus; cu2cl $build ($(git -C "$top" rev-parse --short HEAD 2>/dev/null)); $(date '+%F %T')"
    for i in "${!names[@]}"; do
      l=$work/${names[$i]}/line.txt
      if [ -f "$l" ]; then
        cat "$l"; n=$((n + 1))
        case $(head -1 "$l") in
          *run=PASS*) p=$((p + 1)) ;;
          *run=no-verdict*) f=$((f + 1)); nv=$((nv + 1)) ;;
          *) f=$((f + 1)) ;;
        esac
      fi
    done
    [ $n -lt ${#names[@]} ] && echo "# $((${#names[@]} - n)) still to do"
    echo "$p passed, $f failed ($nv of them print no verdict)"
  } >"$1"
}

for i in "${!names[@]}"; do rm -f "$work/${names[$i]}/line.txt"; done
running=0
for i in "${!names[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n; running=$((running - 1))
  fi
  ( run_one "$i"; head -1 "$work/${names[$i]}/line.txt"
    [ -n "$results" ] && write_results "$results.tmp.$i" && mv "$results.tmp.$i" "$results" ) &
  running=$((running + 1))
done
wait
# a run of some programs (--only) keeps the whole list's table
table=$work/results.txt
[ ${#only[@]} -gt 0 ] && table=$work/results-only.txt
write_results "$table"
[ -n "$results" ] && [ "$results" != "$table" ] && cp "$table" "$results"
tail -1 "$table"
grep -q ' 0 failed' <(tail -1 "$table")
