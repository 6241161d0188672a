#!/bin/sh
# tests/incremental_test.sh CU2CL WORK
# Incremental runs (translator/manifest.h) on tests/data/incremental, three
# units (a.cu holds main, a.cu and b.cu include common.cuh), copied to WORK:
#  1. a second run rewrites nothing (every output's mtime stays) and says
#     all three are up to date; it needs no --force (cu2cl made the out-root);
#  2. a run on one source of the database, with --force, retranslates that
#     one and keeps the other two in the project (the port still links);
#  3. a change of common.cuh retranslates a.cu and b.cu, not c.cu;
#  4. the port builds and runs right, also after the out-root is moved.
set -eu
cu2cl=$1 work=$2
data=$(cd "$(dirname "$0")/data/incremental" && pwd)
rm -rf "$work"
mkdir -p "$work/src" "$work/db"
cp "$data"/*.cu "$data"/*.cuh "$work/src/"
sed "s|@SRC@|$work/src|g" "$data/compile_commands.json.in" \
  >"$work/db/compile_commands.json"
out=$work/out
fail() { echo "incremental_test: $*" >&2; exit 1; }
translate() { # translate ARGS...: runs cu2cl, its output in $work/log
  status=0
  "$cu2cl" -p "$work/db" --out-root "$out" --cuda-path=none "$@" \
    >"$work/log" 2>&1 || status=$?
  cat "$work/log"
  [ "$status" -le 1 ] || fail "cu2cl exited $status"
}
stamps() { (cd "$out" && find . -type f ! -name .cu2cl-manifest |
  LC_ALL=C sort | xargs stat -c '%n %y'); }

translate
[ -f "$out/.cu2cl-manifest" ] || fail "no manifest"
stamps >"$work/t0"
sleep 1.1 # mtimes would differ if anything were written again

echo "== 1. nothing changed"
translate
grep -q "0 file(s) translated, 0 failed, 3 up to date" "$work/log" ||
  fail "the second run did not find the three units up to date"
stamps >"$work/t1"
diff "$work/t0" "$work/t1" || fail "a run with nothing changed rewrote files"

echo "== 2. one source of the database, --force"
echo "// edited" >>"$work/src/c.cu"
translate "$work/src/c.cu" --force
grep -q "1 file(s) translated, 0 failed" "$work/log" || fail "c.cu not translated"
for f in a.cpp b.cpp c.cpp; do
  grep -q "$f" "$out/CMakeLists.txt" || fail "$f left out of the project"
done
stamps >"$work/t2"
grep -v "c.cpp" "$work/t1" | grep -v CMakeLists >"$work/t1.other"
grep -v "c.cpp" "$work/t2" | grep -v CMakeLists >"$work/t2.other"
diff "$work/t1.other" "$work/t2.other" || fail "a subset run rewrote other units"
grep -q "c.cpp" "$work/t2" && ! cmp -s "$work/t1" "$work/t2" ||
  fail "c.cpp not rewritten"

echo "== 3. a header changes"
sed -i 's/#define SCALE 2.0f/#define SCALE 3.0f/' "$work/src/common.cuh"
translate
grep -q "2 file(s) translated, 0 failed, 1 up to date" "$work/log" ||
  fail "the header's includers were not (only) retranslated"
grep -q "3.0f" "$out/common.cuh" || fail "common.cuh not rewritten"
stamps >"$work/t3"
grep "c\.c" "$work/t2" >"$work/t2.c"
grep "c\.c" "$work/t3" >"$work/t3.c"
diff "$work/t2.c" "$work/t3.c" || fail "c.cu's outputs rewritten"

echo "== 4. build, move, build"
mv "$out" "$work/moved"
! grep -q "$work" "$work/moved/CMakeLists.txt" ||
  fail "the project names the out-root or input tree by an absolute path"
cmake -S "$work/moved" -B "$work/moved/build" >"$work/configure.log" ||
  { cat "$work/configure.log"; fail "configure failed"; }
grep -q "CMAKE_BUILD_TYPE:STRING=Release" "$work/moved/build/CMakeCache.txt" ||
  fail "not a Release build by default"
cmake --build "$work/moved/build" -j2 >"$work/build.log" ||
  { cat "$work/build.log"; fail "the port did not build"; }
"$work/moved/build/a" | tee "$work/run.out"
grep -q "a=3 b=6 c=7" "$work/run.out" || fail "wrong results"
