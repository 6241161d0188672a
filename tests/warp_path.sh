#!/bin/sh
# warp_path.sh PATH COMMAND...: runs COMMAND with CU2CL_WARP=PATH forced.
# Exits 77 (ctest's skip) when the device cannot take that path (the
# runtime's message: "... cannot run warp operations on sub-groups ..." or
# "... not on NVIDIA's OpenCL platform ..."), printing only that line, else
# with COMMAND's status, its output passed through.
path=$1
shift
out=$(CU2CL_WARP=$path "$@" 2>&1)
rc=$?
why=$(printf '%s\n' "$out" | grep -m1 "CU2CL_WARP=$path: device .* cannot run warp operations\|CU2CL_WARP=$path: device .* not on NVIDIA")
if [ -n "$why" ]; then
  echo "warp_path: skipped: ${why#*error: }"
  exit 77
fi
printf '%s\n' "$out"
exit $rc
