#!/bin/sh
# tests/faults.sh CU2CL WORKDIR SOURCES...
# The translator under faults, on copies of SOURCES (a few samples):
#   crash     a file whose parse crashes libclang is reported (exit 2) and
#             the other files are translated
#   readonly  the input tree, read-only, is the same before and after a run
#             (names, sizes, modes, times and contents)
#   kill      `cu2cl -j2` killed (SIGKILL) at points spread over its run
#             leaves in the out-root only complete files, the same as a full
#             run's, whether the out-root was empty or held an earlier run;
#             with CU2CL_FAULT_KILL_LIB (tests/fault_kill.c, LD_PRELOAD) also
#             killed in the middle of each output's write and before each
#             output is named
#   full      a full disk (a 48 KiB tmpfs where we may mount one, else a
#             file size limit) gives a clear error, exit 2 and no partial
#             file
# Prints one line per check; exits 1 at the first failure.
set -eu
cu2cl=$1 work=$2
shift 2
rm -rf "$work"
mkdir -p "$work/in"
for f in "$@"; do cp "$f" "$work/in/"; done
fail() { echo "faults: FAIL: $*" >&2; exit 1; }
run() { "$cu2cl" "$@" -j2 -q --cuda-path=none -- -std=c++17; }

# A manifest of a tree: every file's name, size, mode, time and checksum.
manifest() {
  (cd "$1" && find . -printf '%p %s %m %T@\n' | sort &&
    find . -type f -exec sha256sum {} + | sort)
}

# Every file under $1 is byte for byte the file of the same name under $2
# (or, given, under $3).
same_files() {
  (cd "$1" && find . -type f) | while read -r f; do
    if [ "$f" = ./.cu2cl-manifest ]; then
      # lists the units this run wrote, so it may differ from the full
      # run's; written whole or not at all, it begins with its header
      head -c 14 "$1/$f" | grep -q '^cu2cl-manifest' || { echo "$f"; return 1; }
      continue
    fi
    cmp -s "$1/$f" "$2/$f" || { [ -n "${3:-}" ] && cmp -s "$1/$f" "$3/$f"; } ||
      { echo "$f"; return 1; }
  done
}

# ---- crash
mkdir -p "$work/crash/in"
cp "$work/in"/*.cu "$work/crash/in/"
cat > "$work/crash/crash.cu" <<'EOF'
#pragma clang __debug crash
__global__ void k(int *p) { p[threadIdx.x] = 1; }
EOF
status=0
# Under the sanitizers (CU2CL_SANITIZE) without leak detection for this
# run: libclang keeps what the crashed parse allocated.
(export ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0"
  run "$work/crash/in"/*.cu "$work/crash/crash.cu" --in-root "$work/crash" \
    --out-root "$work/crash-out") 2> "$work/crash.log" || status=$?
[ "$status" -eq 2 ] || fail "crash: exit $status, expected 2"
grep -q "crash.cu: error: libclang crashed while parsing the file" \
  "$work/crash.log" || fail "crash: no message in $(cat "$work/crash.log")"
for f in "$@"; do
  n=$(basename "$f" .cu)
  [ -s "$work/crash-out/in/$n.cpp" ] || fail "crash: $n.cpp missing"
done
[ ! -e "$work/crash-out/crash.cpp" ] || fail "crash: crash.cpp written"
echo "faults: crash ok"

# ---- readonly (and the reference output of the runs below)
chmod -R a-w "$work/in"
manifest "$work/in" > "$work/before"
status=0
run "$work/in"/*.cu --out-root "$work/out" || status=$?
[ "$status" -le 1 ] || fail "readonly: exit $status"
manifest "$work/in" > "$work/after"
cmp -s "$work/before" "$work/after" ||
  fail "readonly: the input tree changed: $(diff "$work/before" "$work/after")"
cp -a "$work/out" "$work/ref"
echo "faults: readonly ok"

# ---- kill: at 8 points over a run of the length the reference took. cu2cl
# itself is started in the background (not through run(), whose subshell
# a kill would end, leaving cu2cl running on), and must be gone after it.
start=$(date +%s%N)
rm -rf "$work/out"
run "$work/in"/*.cu --out-root "$work/out" || true
ns=$(($(date +%s%N) - start))
left= killed=0
for k in 1 2 3 4 5 6 7 8; do
  force=
  if [ $((k % 2)) -eq 0 ]; then force=--force; else rm -rf "$work/out"; fi
  "$cu2cl" "$work/in"/*.cu --out-root "$work/out" $force -j2 -q \
    --cuda-path=none -- -std=c++17 2> /dev/null &
  pid=$!
  sleep "$(awk -v ns="$ns" -v k="$k" 'BEGIN { printf "%.3f", ns * k / 9e9 }')"
  kill -KILL "$pid" 2> /dev/null || true
  status=0
  wait "$pid" 2> /dev/null || status=$?
  [ "$status" -ne 137 ] || killed=$((killed + 1))
  ! kill -0 "$pid" 2> /dev/null || fail "kill $k: cu2cl ($pid) still runs"
  left="$left $(find "$work/out" -type f 2> /dev/null | wc -l)"
  [ -d "$work/out" ] || continue
  bad=$(same_files "$work/out" "$work/ref") ||
    fail "kill $k: $bad is partial or not the full run's"
done
[ "$killed" -gt 0 ] || fail "kill: every run ended before its kill"
echo "faults: kill ok ($killed of 8 runs killed; files left by each:$left;" \
  "a full run writes $(find "$work/ref" -type f | wc -l))"

# ---- kill while writing: CU2CL_FAULT_KILL_LIB (tests/fault_kill.c) kills
# the run half-way through its Nth output write, or just before its Nth
# output is named; every N of a full run's files, into an empty out-root
# and over an earlier run whose every output differs (--force: each is
# rewritten), which must leave each file the earlier run's or the new one.
if [ -n "${CU2CL_FAULT_KILL_LIB:-}" ]; then
  preload=$CU2CL_FAULT_KILL_LIB
  asan=$(ldd "$cu2cl" | awk '/libasan/ { print $3 }')
  [ -z "$asan" ] || preload="$asan $preload" # ASan's runtime comes first
  cp -a "$work/ref" "$work/old"
  find "$work/old" -type f ! -name .cu2cl-manifest \
    -exec sh -c 'echo "/* an earlier run */" >> "$1"' sh {} \;
  files=$(find "$work/ref" -type f | wc -l)
  left=
  for how in WRITE LINK; do
    for force in "" --force; do
      k=1
      while [ "$k" -le "$files" ]; do
        rm -rf "$work/out"
        [ -z "$force" ] || cp -a "$work/old" "$work/out"
        status=0
        env "CU2CL_FAULT_KILL_$how=$k" LD_PRELOAD="$preload" \
          "$cu2cl" "$work/in"/*.cu --out-root "$work/out" $force -j2 -q \
          --cuda-path=none -- -std=c++17 2> /dev/null || status=$?
        at="kill at $how $k${force:+ over an earlier run}"
        [ "$status" -eq 137 ] || fail "$at: exit $status, not killed"
        n=$(find "$work/out" -type f 2> /dev/null | wc -l)
        [ -n "$force" ] || [ "$n" -lt "$k" ] ||
          fail "$at: $n files, more than the $((k - 1)) written"
        left="$left $n"
        if [ -d "$work/out" ]; then
          bad=$(same_files "$work/out" "$work/ref" "$work/old") ||
            fail "$at: $bad is partial or neither run's"
        fi
        k=$((k + 1))
      done
    done
  done
  echo "faults: kill while writing ok (files left:$left)"
fi

# ---- full disk
rm -rf "$work/out"
mkdir -p "$work/out"
if mount -t tmpfs -o size=48k cu2cl-full "$work/out" 2> /dev/null; then
  how=tmpfs
  status=0
  run "$work/in"/*.cu --out-root "$work/out" --force 2> "$work/full.log" ||
    status=$?
  bad=$(same_files "$work/out" "$work/ref") || bad="partial: $bad"
  umount "$work/out"
else
  how="file size limit"
  status=0
  (trap '' XFSZ && ulimit -f 48 &&
    run "$work/in"/*.cu --out-root "$work/out" --force) \
    2> "$work/full.log" || status=$?
  bad=$(same_files "$work/out" "$work/ref") || bad="partial: $bad"
fi
[ "$status" -eq 2 ] || fail "full ($how): exit $status, expected 2"
case $bad in partial*) fail "full ($how): $bad" ;; esac
grep -Eq "error: cannot write .*(No space left on device|File too large)" \
  "$work/full.log" || fail "full ($how): no clear error in $(cat "$work/full.log")"
echo "faults: full disk ($how) ok"
chmod -R u+w "$work"
rm -rf "$work"
