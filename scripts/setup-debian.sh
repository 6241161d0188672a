#!/bin/sh
# Installs what cu2cl needs to build, translate and test on Debian 12
# (bookworm): the compiler toolchain, CMake, libclang 22 (with libomp-22-dev:
# clang's omp.h, for sources whose host code uses OpenMP), the OpenCL headers
# and ICD loader, PoCL (a CPU OpenCL device) and Check; for `cu2cl scan`
# the tree-sitter runtime and npm (the build fetches the CUDA grammar with
# it), and jq for scripts/scan-agree.sh. Installs only the
# packages that are missing; needs root (or sudo) only when something is.
# For the SARIF report's schema test (ctest report.sarif_schema) it also
# installs python3-jsonschema and npm, and unpacks the SARIF 2.1.0 schema
# from the npm package @microsoft/jest-sarif (MIT) into
# /usr/local/share/cu2cl/ (not part of the repository).
set -eu
packages="build-essential cmake pkg-config libclang-22-dev libomp-22-dev
  ocl-icd-opencl-dev opencl-headers pocl-opencl-icd check clinfo
  python3-jsonschema libtree-sitter-dev jq"
schema_dir=/usr/local/share/cu2cl
schema=$schema_dir/sarif-2.1.0-rtm.5.json
# The schema, from the npm registry; a failure only skips its test.
fetch_schema() {
  [ -f "$schema" ] && return 0
  command -v npm >/dev/null 2>&1 || return 0
  t=$(mktemp -d)
  if (cd "$t" && npm pack -q @microsoft/jest-sarif@1.0.0-beta.0 >/dev/null 2>&1 &&
      tar xzf ./*.tgz package/lib/schemas/sarif-2.1.0-rtm.5.json); then
    $as_root mkdir -p "$schema_dir" &&
      $as_root cp "$t/package/lib/schemas/sarif-2.1.0-rtm.5.json" "$schema" ||
      echo "setup: could not install the SARIF schema"
  else
    echo "setup: could not fetch the SARIF schema (its test will be skipped)"
  fi
  rm -rf "$t"
}
if [ "$(id -u)" -eq 0 ]; then
  as_root=
elif command -v sudo >/dev/null 2>&1; then
  as_root=sudo
else
  as_root=false
fi
missing=
# npm: any npm will do. Machines with Node.js from NodeSource have npm
# inside their nodejs package, which conflicts with Debian's npm package.
command -v npm >/dev/null 2>&1 || missing=" npm"
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
    missing="$missing $p"
done
[ -z "$missing" ] && { echo "setup: all packages present"; fetch_schema; exit 0; }
echo "setup: installing:$missing"
if [ "$as_root" = false ]; then
  echo "setup: run as root (or install sudo) to install:$missing" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$as_root apt-get update -q
# shellcheck disable=SC2086
$as_root apt-get install -y -q --no-install-recommends $missing
fetch_schema
