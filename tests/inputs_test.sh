#!/bin/sh
# tests/inputs_test.sh before|after STATE ROOT DIR...
# The inputs of the tests that translate are never written: `before`
# records a manifest of ROOT's DIRs (every file's and folder's name, size,
# mode and modification time, and every file's SHA-256) into STATE;
# `after` records it again and fails, with the differences, when anything
# changed. ctest runs them as the setup and the cleanup of the `inputs`
# fixture, which every test that translates requires (tests/CMakeLists.txt),
# so they come before the first and after the last of those in any run.
set -eu
mode=$1 state=$2 root=$3
shift 3
manifest() {
  cd "$root"
  find "$@" -printf '%p %s %m %T@\n' | LC_ALL=C sort
  find "$@" -type f -exec sha256sum {} + | LC_ALL=C sort -k2
}
case $mode in
before)
  mkdir -p "$(dirname "$state")"
  manifest "$@" > "$state"
  echo "inputs: $(grep -c . "$state") lines recorded"
  ;;
after)
  [ -f "$state" ] || { echo "inputs: no manifest $state" >&2; exit 1; }
  manifest "$@" > "$state.after"
  if ! cmp -s "$state" "$state.after"; then
    echo "inputs: FAIL: a test wrote into its input tree:" >&2
    diff "$state" "$state.after" >&2 || true
    exit 1
  fi
  echo "inputs: unchanged"
  ;;
*) echo "usage: $0 before|after STATE ROOT DIR..." >&2; exit 2 ;;
esac
