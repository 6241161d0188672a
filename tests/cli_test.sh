#!/bin/sh
# tests/cli_test.sh CU2CL CASE WORKDIR [SCHEMA]
# The command line's conveniences, run as a user runs cu2cl (docs/usage.md):
#   suppress   (and a range underlined: ^~~~) --suppress, inline "cu2cl: ignore(ID)" on the line and on the
#              comment line before, a .cu2cl file: counted ("N suppressed"),
#              out of the exit status, also of a re-run that finds the unit
#              up to date, in SARIF as suppressed results; an error cannot
#              be suppressed (exit 2 and a note)
#   color      --color=always|never|auto, NO_COLOR, TERM=dumb
#   progress   no progress line off a terminal; --progress shows one
#   usage      --explain without an ID lists the IDs; a usage error gives its
#              hint once; run inside the source folder without --out-root
#   explain    the examples `--explain ID` shows for the device and warp
#              diagnostics that a whole kernel shows raise that ID
#   sarif      the SARIF report validates against the SARIF 2.1.0 schema
#              (SCHEMA; skipped with 77 when it or python3-jsonschema is
#              missing) and names files relative to %SRCROOT% (the
#              working directory when it holds the input root)
set -eu
cu2cl=$1 case=$2 work=$3 schema=${4:-}
data=$(cd "$(dirname "$0")/data/cli" && pwd)
rm -rf "$work"
mkdir -p "$work/src"
cp "$data/warp.cu" "$work/src/"
cd "$work"
fail() { echo "cli_test $case: $*" >&2; exit 1; }
# run ARGS...: cu2cl's output in out.txt, its status in $status
run() {
  status=0
  "$cu2cl" --cuda-path=none --no-cl-check "$@" > out.txt 2>&1 || status=$?
}
has() { grep -q -- "$1" out.txt || { cat out.txt; fail "no '$1' in the output"; }; }
hasnt() { ! grep -q -- "$1" out.txt || { cat out.txt; fail "'$1' in the output"; }; }
want() { [ "$status" -eq "$1" ] || { cat out.txt; fail "exit $status, expected $1"; }; }

case $case in
suppress)
  run src/warp.cu -o o1 --
  want 1; has "warning: .*\[CU2CL3007\]"
  has "^ *\^~\{15\}$" # the expression's range, 'threadIdx.x % 32'
  # an up-to-date unit's warnings count as the run's suppressions say
  run src/warp.cu -o o1 --suppress=CU2CL3007 --
  want 0; has "1 up to date"
  run src/warp.cu -o o1 --
  want 1; has "1 up to date (with 1 warning(s) reported earlier)"
  grep -q "/\* CU2CL3007: 'threadIdx.x % 32' assumes" o1/warp.cl ||
    fail "CU2CL3007 not left as a comment at its site"
  run src/warp.cu -o o2 --force --suppress=CU2CL3007,CU2CL3011 --report r.sarif --
  want 0; hasnt "CU2CL3007\]"; has ", 2 suppressed"
  ! grep -q "CU2CL30[01][71]:" o2/warp.cl || fail "a suppressed diagnostic left a comment"
  grep -q '"kind": "external"' r.sarif || fail "no external suppression in SARIF"
  sed -i 's|int lane = threadIdx.x % 32;|int lane = threadIdx.x % 32; // cu2cl: ignore(CU2CL3007)|' src/warp.cu
  run src/warp.cu -o o3 --report r.json --
  want 0; has ", 1 suppressed"; hasnt "warning:"
  grep -q '"suppressed": true' r.json || fail "no suppressed finding in JSON"
  run src/warp.cu -o o3 --
  want 0; has "1 up to date"
  sed -i 's|int lane = threadIdx.x % 32; // cu2cl: ignore(CU2CL3007)|/* cu2cl: ignore(CU2CL3011, CU2CL3007) */\n    int lane = threadIdx.x % 32;|' src/warp.cu
  run src/warp.cu -o o4 --report r.sarif --
  want 0; has ", 1 suppressed"; has "remark: .*\[CU2CL3011\]"
  grep -q '"kind": "inSource"' r.sarif || fail "no inSource suppression in SARIF"
  cp "$data/warp.cu" src/warp.cu
  printf '# settings\nsuppress = CU2CL3007\n' > src/.cu2cl
  run src/warp.cu -o o5 --
  want 0; has ", 1 suppressed"
  run src/warp.cu -o o6 --no-config --
  want 1
  printf 'out-root = x\n' > src/.cu2cl
  run src/warp.cu -o o7 --
  want 2; has "line 1: 'out-root' belongs on the command line \[CU2CL0108\]"
  rm src/.cu2cl
  sed -i 's|cudaFree(d);|cudaFree(d); int dev; cudaChooseDevice(\&dev, 0); // cu2cl: ignore(CU2CL1001)|' src/warp.cu
  run src/warp.cu -o o8 --suppress CU2CL3007 --
  want 2; has "error: .*\[CU2CL1001\]"; has "CU2CL1001 is an error and cannot be suppressed"
  run src/warp.cu -o o9 --suppress=CU2CL9999 --
  want 2; has "invalid value 'CU2CL9999' for option '--suppress'"
  ;;
color)
  esc=$(printf '\033')
  run src/warp.cu -o o1 --color=always --
  grep -q "$esc" out.txt || fail "--color=always printed no escape sequence"
  run src/warp.cu -o o2 --color=never --
  ! grep -q "$esc" out.txt || fail "--color=never printed escape sequences"
  # auto: off a terminal (here a file) no colour; NO_COLOR and TERM=dumb
  # are honoured even on one (script gives a terminal when it exists)
  run src/warp.cu -o o3 --
  ! grep -q "$esc" out.txt || fail "colour off a terminal"
  if command -v script >/dev/null 2>&1; then
    script -qec "'$cu2cl' src/warp.cu -o o4 --cuda-path=none --no-cl-check --" /dev/null > tty.txt 2>&1 || true
    grep -q "$esc\[1;35mwarning" tty.txt || fail "no colour on a terminal"
    NO_COLOR=1 script -qec "'$cu2cl' src/warp.cu -o o5 --cuda-path=none --no-cl-check --" /dev/null > tty.txt 2>&1 || true
    ! grep -q "$esc\[1" tty.txt || fail "NO_COLOR ignored"
    TERM=dumb script -qec "'$cu2cl' src/warp.cu -o o6 --cuda-path=none --no-cl-check --" /dev/null > tty.txt 2>&1 || true
    ! grep -q "$esc\[1" tty.txt || fail "TERM=dumb ignored"
  fi
  run src/warp.cu -o o7 --color=sometimes --
  want 2; has "invalid value 'sometimes' for option '--color'"
  ;;
progress)
  run src/warp.cu -o o1 --
  hasnt "\[1/1\]"
  run src/warp.cu -o o2 --progress --summary --
  has "\[1/1\] translating warp.cu"
  has "^warp.cu  *translated .* 1 .* 0 .* 1 .* 1 .* 0"
  has "converted: 1 kernel, 1 launch, 2 CUDA API uses (memory 2)"
  ;;
usage)
  status=0
  "$cu2cl" --explain > out.txt 2>&1 || status=$?
  want 0; has "CU2CL3007"; has "CU2CL0001"
  run --bogus
  want 2
  [ "$(grep -c -- "--help" out.txt)" -eq 1 ] || { cat out.txt; fail "the hint is not given once"; }
  (cd src && "$cu2cl" warp.cu --cuda-path=none --no-cl-check -- > ../out.txt 2>&1) || status=$?
  has "writing the translation to '$work/src-cu2cl'"
  [ -f "$work/src-cu2cl/warp.cpp" ] || fail "nothing written beside the sources"
  ;;
explain)
  for id in CU2CL2004 CU2CL2105 CU2CL3001 CU2CL3003 CU2CL3007 CU2CL3011 \
    CU2CL3014; do
    mkdir -p "ex-$id"
    "$cu2cl" --explain "$id" | awk '/^Example:/ { on = 1; next }
      on && /^$/ { exit } on { sub(/^    /, ""); print }' >"ex-$id/e.cu"
    run "ex-$id/e.cu" -o "out-$id" --
    has "\[$id\]"
  done
  ;;
sarif)
  printf '# settings\nsuppress = CU2CL3011\n' > src/.cu2cl
  sed -i 's|cudaFree(d);|cudaFree(d); int dev; cudaChooseDevice(\&dev, 0);|' src/warp.cu
  run src/warp.cu -o o1 --report r.sarif --
  # %SRCROOT% is the working directory, which holds the input root (code
  # scanning wants paths from the checkout's root) ...
  grep -q '"uri": "src/warp.cu", "uriBaseId": "%SRCROOT%"' r.sarif ||
    fail "no URI relative to %SRCROOT% (the working directory)"
  # ... else the input root
  mkdir elsewhere
  (cd elsewhere && "$cu2cl" ../src/warp.cu -o ../o2 --cuda-path=none \
    --no-cl-check --report ../r2.sarif -- >/dev/null 2>&1) || true
  grep -q '"uri": "warp.cu", "uriBaseId": "%SRCROOT%"' r2.sarif ||
    fail "no URI relative to %SRCROOT% (the input root)"
  grep -q '"helpUri": ".*diagnostics.md#cu2cl3007"' r.sarif ||
    fail "no helpUri"
  # Debian's python3-jsonschema is for Debian's python3, which need not be
  # the first python3 on PATH (pyenv).
  py=python3
  $py -c 'import jsonschema' 2>/dev/null || py=/usr/bin/python3
  $py -c 'import jsonschema' 2>/dev/null && [ -f "$schema" ] ||
    { echo "cli_test sarif: no schema ($schema) or python3-jsonschema; skipped"; exit 77; }
  $py - "$schema" r.sarif <<'PY'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
log = json.load(open(sys.argv[2]))
jsonschema.validate(log, schema)
results = log["runs"][0]["results"]
assert all(r.get("locations") for r in results), "a result without a location"
assert any(r["suppressions"] for r in results), "no suppressed result"
ranged = [r for r in results if r["ruleId"] == "CU2CL3007"]
assert ranged and ranged[0]["locations"][0]["physicalLocation"]["region"]\
    .get("endColumn") == 32, "CU2CL3007 without its range"
assert log["runs"][0]["invocations"][0]["exitCode"] == 2
print("sarif: valid,", len(results), "results")
PY
  ;;
*) fail "unknown case" ;;
esac
echo "cli_test $case: PASS"
