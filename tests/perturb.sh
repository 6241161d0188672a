#!/bin/sh
# tests/perturb.sh CU2CL OUT
# A deliberately broken translation must be caught: translates
# samples/basics/vector_add.cu, perturbs one element of its kernel's result
# in the emitted OpenCL C (index 4242 of each of its two launches gets
# 0.001 added), builds it, and
# expects `cu2cl validate` against the golden trace of the CUDA original to
# fail and name the transfer, the element and both values.
set -eu
cu2cl=$1 out=$2
top=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$out"
status=0
"$cu2cl" "$top/samples/basics/vector_add.cu" --out-root "$out" -q \
  --cuda-path=none -- -std=c++17 || status=$?
[ "$status" -lt 2 ] || { echo "perturb: translation failed" >&2; exit 1; }
cl=$out/vector_add.cl
grep -q 'c\[i\] = a\[i\] + b\[i\];' "$cl" ||
  { echo "perturb: the kernel's statement changed; update this test" >&2; exit 1; }
sed -i 's/c\[i\] = a\[i\] + b\[i\];/c[i] = a[i] + b[i] + (i == 4242 ? 0.001f : 0.0f);/' "$cl"
cmake -S "$out" -B "$out/build" -DCMAKE_BUILD_TYPE=Release >"$out.configure.log" ||
  { cat "$out.configure.log"; exit 1; }
cmake --build "$out/build" -j2 >"$out.build.log" || { cat "$out.build.log"; exit 1; }
status=0
"$cu2cl" validate "$top/samples/golden/vector_add.trace" \
  --ported "$out/build/vector_add" --no-echo >"$out.report" || status=$?
cat "$out.report"
[ "$status" -eq 1 ] || { echo "perturb: validate exited $status, not 1" >&2; exit 1; }
for want in 'transfer #0 diverges: ' 'of 100003 f32 elements differ' \
    '  element 4242: original ' \
    'FAIL: 1 of 1 transfers diverge; first: transfer #0, element 4242'; do
  grep -qF "$want" "$out.report" ||
    { echo "perturb: the report lacks: $want" >&2; exit 1; }
done
echo "perturb: the broken translation was caught"
