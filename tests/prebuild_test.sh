#!/bin/sh
# tests/prebuild_test.sh CU2CL PROJECT OUT
# The build ahead end to end (docs/usage.md, "Building ahead"): PROJECT
# (tests/prebuild: two units, one compiled with --use_fast_math) is
# translated and its port configured with -DCU2CL_PREBUILD=ON; a run with
# CU2CL_RECORD_LAUNCHES writes the launch record; then, with empty caches,
# the port's build fills them (cu2cl-prebuild) and the first run compiles
# nothing. Read off files and logs, not timings: on PoCL no file appears
# below PoCL's program directories; with cu2clrt's binary store
# (CU2CL_CACHE=1) every program loads from it (CU2CL_DEBUG's log). After
# an edit of a .cl, the stale build is not used: the run builds it anew.
set -eu
cu2cl=$1 src=$(cd "$2" && pwd) out=$3
rm -rf "$out"
mkdir -p "$out/db"
sed "s|@SRC@|$src|g" "$src/compile_commands.json.in" \
  > "$out/db/compile_commands.json"
fail() { echo "prebuild_test: $*" >&2; exit 1; }
status=0
"$cu2cl" -p "$out/db" --out-root "$out/port" -q 2>"$out/cu2cl.log" ||
  status=$?
[ "$status" -lt 2 ] || { cat "$out/cu2cl.log"; fail "cu2cl exited $status"; }
grep -qF 'cu2cl_prebuild(fast.cl "-cl-fast-relaxed-math")' \
  "$out/port/CMakeLists.txt" || fail "fast.cl is not built ahead fast"
grep -qF 'cu2cl_prebuild(main.cl "")' "$out/port/CMakeLists.txt" ||
  fail "main.cl is not built ahead"
cmake -S "$out/port" -B "$out/build" -DCU2CL_PREBUILD=ON >"$out/cfg.log"
cmake --build "$out/build" --target main -j2 >"$out/build.log"

# The launch record, from a run with caches of its own.
CU2CL_RECORD_LAUNCHES=$out/port/launches POCL_CACHE_DIR=$out/rec/pocl \
  CU2CL_CACHE_DIR=$out/rec "$out/build/main" | grep -q PASS ||
  fail "the recording run failed"
grep -qx 'scale 64 1 1 small 0' "$out/port/launches/main.cl.launches" ||
  fail "main.cl's launch record lacks scale's launch"
grep -qx 'add_one 128 1 1 small 0' "$out/port/launches/fast.cl.launches" ||
  fail "fast.cl's launch record lacks add_one's launch"

# The device's own caches (on PoCL, its kernel cache): the build ahead,
# then a first run that adds no file there.
# (PoCL leaves an empty temporary file at its cache's top at every run)
programs() { find "$1" -type f ! -name 'tempfile_*' 2>/dev/null | sort; }
cmake -S "$out/port" -B "$out/build" >>"$out/cfg.log" # sees the records
export POCL_CACHE_DIR="$out/c1/pocl" CU2CL_CACHE_DIR="$out/c1"
cmake --build "$out/build" -j2 >>"$out/build.log"
programs "$out/c1" >"$out/before"
[ -s "$out/before" ] || [ -z "$(programs "$out/rec")" ] ||
  fail "the build ahead left nothing in the caches"
"$out/build/main" | grep -q PASS || fail "the first run failed"
programs "$out/c1" >"$out/after"
cmp -s "$out/before" "$out/after" ||
  { diff "$out/before" "$out/after"; fail "the first run compiled"; }

# cu2clrt's binary store (NVIDIA's default; here forced on).
export POCL_CACHE_DIR="$out/c2/pocl" CU2CL_CACHE_DIR="$out/c2" CU2CL_CACHE=1
rm -f "$out"/build/cu2cl_gen/*.prebuilt
cmake --build "$out/build" -j2 >>"$out/build.log"
CU2CL_DEBUG=1 "$out/build/main" >"$out/run.out" 2>"$out/run.log"
grep -q PASS "$out/run.out" || fail "the run with the store failed"
grep -q "program [a-z]*\.cl built on" "$out/run.log" &&
  fail "a program was built, not loaded: $(grep ' built on' "$out/run.log")"
[ "$(grep -c 'program [a-z]*\.cl loaded from the cache' "$out/run.log")" -eq 2 ] ||
  fail "the two programs did not load from the cache"

# A stale build ahead: main.cl edited and embedded, not built ahead again.
printf '/* edited */\n' >>"$out/port/main.cl"
cmake --build "$out/build" --target main -j2 >>"$out/build.log"
CU2CL_DEBUG=1 "$out/build/main" >"$out/run.out" 2>"$out/run.log"
grep -q PASS "$out/run.out" || fail "the run after the edit failed"
grep -q "program main\.cl built on" "$out/run.log" ||
  fail "the edited main.cl was not built"
echo "prebuild_test: PASS"
