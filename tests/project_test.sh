#!/bin/sh
# tests/project_test.sh CU2CL PROJECT OUT MODE
# One project test (tests/projects/<name>/): a small CUDA project in the
# shape of a real one, translated from its compilation database as a user
# would (`cu2cl -p`, default input root), built with the port's CMake
# project, and run on the OpenCL device. PROJECT holds the sources,
# compile_commands.json.in (@SRC@ stands for PROJECT) and `run`: one line
# per program, "EXECUTABLE ARGS...", each of which must print PASS and exit
# 0. An optional `exit` file gives cu2cl's expected exit status (default:
# 0 or 1, and the port must build). An optional `expect` file holds lines
# the programs' output must contain (fixed strings), or, after a leading
# "!", must not. MODE "own": cu2cl's own CUDA headers;
# "toolkit": the installed toolkit's. The project tree is never written.
set -eu
cu2cl=$1 src=$(cd "$2" && pwd) out=$3 mode=$4
rm -rf "$out"
mkdir -p "$out/db"
sed "s|@SRC@|$src|g" "$src/compile_commands.json.in" \
  > "$out/db/compile_commands.json"
flag=
[ "$mode" = own ] && flag=--cuda-path=none
status=0
"$cu2cl" -p "$out/db" --out-root "$out/port" $flag || status=$?
if [ -f "$src/exit" ]; then
  want=$(cat "$src/exit")
  [ "$status" -eq "$want" ] ||
    { echo "project_test: cu2cl exited $status, expected $want" >&2; exit 1; }
  [ "$status" -ge 2 ] && exit 0
elif [ "$status" -ge 2 ]; then
  echo "project_test: cu2cl failed with status $status" >&2
  exit 1
fi
cmake -S "$out/port" -B "$out/build" -DCMAKE_BUILD_TYPE=Release \
  > "$out/configure.log" || { cat "$out/configure.log"; exit 1; }
cmake --build "$out/build" -j2
while read -r exe args; do
  [ -n "$exe" ] || continue
  echo "project_test: running $exe $args"
  # shellcheck disable=SC2086
  "$out/build/$exe" $args > "$out/$exe.out" 2>&1 ||
    { cat "$out/$exe.out"; echo "project_test: $exe failed" >&2; exit 1; }
  cat "$out/$exe.out"
  grep -q PASS "$out/$exe.out" ||
    { echo "project_test: $exe printed no PASS" >&2; exit 1; }
done < "$src/run"
[ -f "$src/expect" ] || exit 0
while IFS= read -r line; do
  [ -n "$line" ] || continue
  case $line in
  !*) ! cat "$out"/*.out | grep -qF -- "${line#!}" ||
    { echo "project_test: output holds '${line#!}'" >&2; exit 1; } ;;
  *) cat "$out"/*.out | grep -qF -- "$line" ||
    { echo "project_test: output lacks '$line'" >&2; exit 1; } ;;
  esac
done < "$src/expect"
