#!/bin/sh
# Installs what cu2cl needs to build, translate and test on Debian 12
# (bookworm): the compiler toolchain, CMake, libclang 22, the OpenCL headers
# and ICD loader, PoCL (a CPU OpenCL device) and Check; for `cu2cl scan`
# the tree-sitter runtime and npm (the build fetches the CUDA grammar with
# it), and jq for scripts/scan-agree.sh. Installs only the
# packages that are missing; needs root (or sudo) only when something is.
set -eu
packages="build-essential cmake pkg-config libclang-22-dev
  ocl-icd-opencl-dev opencl-headers pocl-opencl-icd check clinfo
  libtree-sitter-dev npm jq"
missing=
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    missing="$missing $p"
done
[ -z "$missing" ] && { echo "setup: all packages present"; exit 0; }
echo "setup: installing:$missing"
if [ "$(id -u)" -eq 0 ]; then
  as_root=
elif command -v sudo >/dev/null 2>&1; then
  as_root=sudo
else
  echo "setup: run as root (or install sudo) to install:$missing" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$as_root apt-get update -q
# shellcheck disable=SC2086
$as_root apt-get install -y -q --no-install-recommends $missing
