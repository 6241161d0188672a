#!/bin/sh
# tests/install_test.sh BUILD WORK
# `cmake --install BUILD --prefix P` into WORK, the prefix then moved (an
# installed cu2cl finds its files relative to itself); checks what is
# installed (man page, completion, CMake package, pkg-config), translates a
# sample with the installed cu2cl and its own CUDA headers (its SARIF
# report pointing at the installed docs), moves the
# out-root, builds the port against the installed cu2clrt (found through
# the hint the project holds) and runs it on the OpenCL device.
set -eu
build=$1 work=$2
top=$(cd "$(dirname "$0")/.." && pwd)
fail() { echo "install_test: $*" >&2; exit 1; }
rm -rf "$work"
mkdir -p "$work"
cmake --install "$build" --prefix "$work/staged" >"$work/install.log" ||
  { cat "$work/install.log"; fail "cmake --install failed"; }
mv "$work/staged" "$work/prefix"
p=$work/prefix
for f in bin/cu2cl bin/cu2cl-validate bin/cu2cl-prebuild \
  include/cu2clrt/cu2clrt.h share/cu2cl/cuda-include/cuda_runtime.h share/man/man1/cu2cl.1 \
  share/bash-completion/completions/cu2cl lib/pkgconfig/cu2clrt.pc \
  lib/cmake/cu2clrt/cu2clrtConfig.cmake \
  lib/cmake/cu2clrt/cu2clrtConfigVersion.cmake; do
  [ -e "$p/$f" ] || fail "$f not installed"
done
ls "$p"/lib*/libcu2clrt.so >/dev/null 2>&1 || fail "libcu2clrt.so not installed"
# cu2cl-prebuild finds the moved prefix's cu2clrt
"$p/bin/cu2cl-prebuild" --help >/dev/null ||
  fail "the installed cu2cl-prebuild does not run"

"$p/bin/cu2cl" --version | tee "$work/version.txt"
grep -q "own CUDA headers *$p/share/cu2cl/cuda-include$" "$work/version.txt" ||
  fail "--version: own CUDA headers not taken from the moved prefix"
grep -q "cu2clrt library *$p/lib.*/libcu2clrt.so$" "$work/version.txt" ||
  fail "--version: cu2clrt not taken from the moved prefix"
! grep -q "missing" "$work/version.txt" || fail "--version: missing files"
grep -q '^\.SH OPTIONS' "$p/share/man/man1/cu2cl.1" &&
  grep -q 'out\\-root' "$p/share/man/man1/cu2cl.1" || fail "man page without options"
PKG_CONFIG_PATH=$(dirname "$(ls "$p"/lib*/pkgconfig/cu2clrt.pc)") \
  pkg-config --cflags --libs cu2clrt >"$work/pc.txt"
grep -q -- "-lcu2clrt" "$work/pc.txt" && [ -f "$(sed 's/^-I\([^ ]*\).*/\1/' \
  "$work/pc.txt")/cu2clrt.h" ] || fail "pkg-config cu2clrt: $(cat "$work/pc.txt")"
if command -v bash >/dev/null; then
  bash -c ". '$p/share/bash-completion/completions/cu2cl'
    COMP_WORDS=('$p/bin/cu2cl' --out-ro); COMP_CWORD=1; _cu2cl
    [ \"\${COMPREPLY[*]}\" = --out-root ]" || fail "bash completion"
fi

# translate with the installed cu2cl, move the out-root, build, run
status=0
"$p/bin/cu2cl" "$top/samples/basics/vector_add.cu" --out-root "$work/out" \
  --cuda-path=none -q --report "$work/r.sarif" -- -O2 || status=$?
[ "$status" -le 1 ] || fail "the installed cu2cl exited $status"
# SARIF points at the docs installed beside it, not at a build tree
grep -q "\"informationUri\": \"file://$p/share/doc/cu2cl/usage.md\"" \
  "$work/r.sarif" && [ -f "$p/share/doc/cu2cl/diagnostics.md" ] ||
  fail "SARIF's informationUri is not the moved prefix's docs"
mv "$work/out" "$work/port"
cmake -S "$work/port" -B "$work/port/build" >"$work/configure.log" ||
  { cat "$work/configure.log"; fail "configure failed"; }
grep -q "^cu2clrt_DIR:PATH=$p/lib.*/cmake/cu2clrt$" \
  "$work/port/build/CMakeCache.txt" || fail "cu2clrt not the installed one"
cmake --build "$work/port/build" >"$work/build.log" ||
  { cat "$work/build.log"; fail "the port did not build"; }
ldd "$work/port/build/vector_add" | grep -q "$p/lib" ||
  fail "the port does not load the installed libcu2clrt"
"$work/port/build/vector_add" | tee "$work/run.out"
grep -q PASS "$work/run.out" || fail "vector_add did not pass"
