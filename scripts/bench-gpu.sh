#!/bin/sh
# scripts/bench-gpu.sh [--translated DIR] [--build DIR] [--runs N] [--no-pocl]
#                      [--work DIR] [--sides LIST] [--table-only]
# The side-by-side benchmark (docs/performance.md): on a machine with an
# NVIDIA GPU, builds each seed sample's CUDA original with nvcc and its
# cu2cl translation against cu2clrt, runs both on the same GPU (the
# translation through NVIDIA's OpenCL driver) at the paper sizes, and prints
# one table: each kernel's time (the samples' device timers: CUDA events,
# which the translation carries over as OpenCL profiling), each program's
# end-to-end wall time, the ratio, throughput in the paper's units and the
# compaction's efficiency against the measured device-to-device bandwidth.
# Then launch latency (CUDA, raw OpenCL, cu2clrt), the first- and
# second-run program load time, and the translations on PoCL for the record.
#
# Every figure is the median of --runs runs (default 3) after a warm-up
# run; the samples check their own results in every run (a run that does
# not print PASS fails the benchmark). The translation comes from
# BUILD/bin/cu2cl (default build/) or, on a machine without libclang, from
# DIR/<sample>, as cu2cl wrote it elsewhere (e.g. scripts/run-samples.sh's
# out-root siblings). Needs nvcc, cmake and a C compiler; NVIDIA's OpenCL
# ICD is added when the loader's vendor files lack it. Everything lands in
# --work (default $TMPDIR/cu2cl-bench); --table-only prints the table again
# from the outputs a previous run left there, and --sides runs only some of
# native, nvidia and pocl (default all three; --no-pocl: native nvidia), so
# that a long PoCL run can be made apart and joined into the same table.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
translated= build=$top/build runs=3 work=${TMPDIR:-/tmp}/cu2cl-bench
table_only=0 sides="native nvidia pocl"
while [ $# -gt 0 ]; do
  case $1 in
  --translated) translated=$(cd "$2" && pwd) || exit 2; shift 2 ;;
  --build) build=$2; shift 2 ;;
  --runs) runs=$2; shift 2 ;;
  --no-pocl) sides="native nvidia"; shift ;;
  --sides) sides=$2; shift 2 ;;
  --work) work=$2; shift 2 ;;
  --table-only) table_only=1; shift ;;
  -h | --help) sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "bench-gpu: unknown argument $1 (--help)" >&2; exit 2 ;;
  esac
done
die() { echo "bench-gpu: $*" >&2; exit 1; }
samples="histogram reduction fv-euler compaction jacobi"
cases="histogram:--events=50M histogram:--events=100M reduction:--n=2^24
reduction:--paper compaction:--paper,--reps=100 jacobi:--paper fv-euler:--paper"

# Every figure: "case<TAB>value<TAB>unit<TAB>better" (better: low or high),
# from one run's output.
figures() {
  awk -v s="$1" -v args="$2" '
  function out(k, v, u, b) { printf "%s\t%s\t%s\t%s\n", k, v, u, b }
  s == "reduction" && /^(int|float|double): n = / { ty = $1; sub(":", "", ty); n = $4 }
  s == "reduction" && / ms +[0-9.]+ GB\/s/ {
    for (i = 1; i <= NF; i++) if ($i == "ms") { ms = $(i - 1); break }
    name = ($1 ~ /^[0-9]$/) ? "kernel " $1 : "fused sum+squares"
    out("reduction " ty " n=" n " " name, ms, "ms", "low") }
  s == "compaction" && / n=[0-9]+ +block=/ {
    ty = $1; for (i = 1; i <= NF; i++) {
      if ($i ~ /^n=/) n = substr($i, 3); if ($i ~ /^block=/) b = substr($i, 7)
      if ($i ~ /^valid=/) v = substr($i, 7); if ($i == "G/s") g = $(i - 1) }
    out("compaction " ty " n=" n " block=" b, g, "Gelem/s", "high")
    printf "#valid\tcompaction %s n=%s block=%s\t%s\n", ty, n, b, v }
  s == "histogram" && /^Histo/ {
    h = $0; gsub(/ on \[[^)]*\)/, "", h); sub(/<[a-z]*>:/, ":", h) }
  s == "histogram" && / events, .* Mevents\/s/ {
    out("histogram " args " " h, $(NF - 1), "Mevents/s", "high") }
  s == "fv-euler" && / patch-wise / {
    x = $0; gsub(/= +/, "=", x); split(x, f, " "); p = f[1]; t = f[2]
    for (i = 1; i <= NF; i++) {
      if ($i == "patch-wise") pw = $(i + 1); if ($i == "batched") bt = $(i + 1) }
    out("fv-euler " p " " t " patch-wise", pw, "ms", "low")
    out("fv-euler " p " " t " batched", bt, "ms", "low") }
  s == "jacobi" && /^(plain|graph) / {
    for (i = 1; i <= NF; i++) if ($i == "us/sweep") us = $(i - 1)
    out("jacobi " $1 " (N_ROWS=512)", us, "us/sweep", "low") }
  ' "$3"
}
make_table() {
  table=$work/table.md
  d2d=$(awk '/device-to-device copy:/ { print $3 }' "$work/out/cuda_launch.txt" 2>/dev/null)
  runs=$(cat "$work/runs" 2>/dev/null || echo "$runs")
  {
  echo "GPU: $(cat "$work/gpu.txt" 2>/dev/null || echo "(no NVIDIA side run)"); measured $(date -u -r "$work/out" +%Y-%m-%d); median of $runs runs after a warm-up"
  echo
  echo "| case | unit | CUDA | cu2cl (NVIDIA OpenCL) | ratio | PoCL |"
  echo "|---|---|---:|---:|---:|---:|"
  for c in $cases; do
    s=${c%%:*} args=$(echo "${c#*:}" | tr , ' ')
    key=$(echo "$s $args" | tr -c 'A-Za-z0-9\n' _)
    for side in native nvidia; do
      i=1
      while [ $i -le "$runs" ]; do
        [ -f "$work/out/$key.$side.$i.txt" ] || { i=$((i + 1)); continue; }
        figures $s "$args" "$work/out/$key.$side.$i.txt" | sed "s/^/$side\t/"
        printf '%s\te2e %s %s\t%s\tms\tlow\n' $side "$s" "$args" "$(cat "$work/out/$key.$side.$i.ms")"
        i=$((i + 1))
      done
    done
    [ -f "$work/out/$key.pocl.1.txt" ] && figures $s "$args" "$work/out/$key.pocl.1.txt" | sed "s/^/pocl\t/"
  done | awk -F'\t' -v d2d="$d2d" '
    $2 == "#valid" { valid[$3] = $4; next }
    { k = $2; if (!(k in seen)) { seen[k] = 1; order[++nk] = k }
      unit[k] = $4; better[k] = $5; vals[$1, k] = vals[$1, k] " " $3 }
    function med(s,   a, n, i, j, t) {
      n = split(s, a, " "); if (n == 0) return ""
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
      return a[int((n + 1) / 2)] }
    END {
      for (i = 1; i <= nk; i++) {
        k = order[i]; cu = med(vals["native", k]); cl = med(vals["nvidia", k]); po = med(vals["pocl", k])
        r = "-"
        if (cu != "" && cl != "" && cu + 0 > 0 && cl + 0 > 0)
          r = sprintf("%.2f", better[k] == "low" ? cu / cl : cl / cu)
        extra = ""
        if (k ~ /^compaction / && d2d != "" && cl != "" && cu != "" && (k in valid)) {
          # the three phases read every element twice (count, compact) and
          # write the valid ones: 4 bytes each (block counts are noise)
          split(k, f, " "); n = substr(f[3], 3); by = 8 + 4 * valid[k] / n
          extra = sprintf(", %.0f%% / %.0f%% of d2d", 100 * cu * by / d2d, 100 * cl * by / d2d) }
        if (cu == "") cu = "-"
        if (cl == "") cl = "-"
        if (po == "") po = "-"
        printf "| %s%s | %s | %s | %s | %s | %s |\n", k, extra, unit[k], cu, cl, r, po } }'
  echo
  echo "Launch latency (host time per launch of a 64-thread kernel, median batch of 1000):"
  echo
  sed -n 's/^cuda launch: \([0-9.]*\).*/- CUDA <<<>>>: \1 us/p' "$work/out/cuda_launch.txt" 2>/dev/null
  awk '/^round trip/ { exit } /^raw clEnqueueNDRangeKernel:/ { print "- raw clEnqueueNDRangeKernel: " $3 " us" }
       /^raw, profiling queue:/ { print "- raw, on a profiling queue: " $4 " us" }
       /^cu2clLaunchKernel:/ { print "- cu2clLaunchKernel: " $2 " us" }' "$work/out/bench_launch.txt" 2>/dev/null
  echo
  echo "Round trip (zero 8 B, launch, copy 8 B back to pinned memory, wait; median of 200):"
  echo
  sed -n 's/^cuda round trip[^:]*: \([0-9.]*\).*/- CUDA: \1 us/p' "$work/out/cuda_launch.txt" 2>/dev/null
  awk '/^round trip/ { on = 1; next } on && /^raw OpenCL:/ { print "- raw OpenCL: " $3 " us" }
       on && /^raw, profiling queue:/ { print "- raw, on a profiling queue: " $4 " us" }
       on && /^cu2clrt:/ { print "- cu2clrt: " $2 " us" }' "$work/out/bench_launch.txt" 2>/dev/null
  echo
  echo "Back to back (1000 launches of the same kernel in a row; device time per kernel, median of 5):"
  echo
  sed -n 's/^cuda back to back[^:]*: \([0-9.]*\).*/- CUDA (events): \1 us/p' "$work/out/cuda_launch.txt" 2>/dev/null
  awk '/^back to back/ { on = 1; next } on && /^raw OpenCL/ { print "- raw OpenCL (profiling timestamps): " $(NF - 1) " us" }
       on && /^cu2clrt/ { print "- cu2clrt (events): " $(NF - 1) " us" }' "$work/out/bench_launch.txt" 2>/dev/null
  echo
  echo "Device-to-device copy bandwidth (cudaMemcpy, read + write): $d2d GB/s"
  echo
  echo "Program load (reduction.cl, $(grep -c . "$top/samples/reduction/reduction.cu") CUDA lines):"
  echo
  sed -n 's/.*program \(.*\) built on .* in \([0-9.]*\) ms/- first run (built): \2 ms/p' "$work/out/load.1.txt" 2>/dev/null | head -1
  sed -n 's/.*program \(.*\) loaded from the cache on .* in \([0-9.]*\) ms/- second run (on-disk cache): \2 ms/p' "$work/out/load.2.txt" 2>/dev/null | head -1
  } > "$table"
  cat "$table"
}

if [ $table_only = 1 ]; then
  [ -d "$work/out" ] || die "no outputs in $work/out to make a table of"
  make_table
  exit 0
fi
command -v nvcc >/dev/null || die "nvcc not found (this benchmark needs the CUDA toolkit and an NVIDIA GPU)"
command -v nvidia-smi >/dev/null || die "nvidia-smi not found"
mkdir -p "$work" && work=$(cd "$work" && pwd)
log=$work/log && mkdir -p "$log" "$work/out"

# ---- OpenCL: NVIDIA's driver next to whatever else the loader lists.
cuda=$(dirname "$(dirname "$(command -v nvcc)")")
if ! cat /etc/OpenCL/vendors/*.icd ${OCL_ICD_VENDORS:+$OCL_ICD_VENDORS/*.icd} 2>/dev/null |
  grep -q nvidia; then
  mkdir -p "$work/icd"
  cp /etc/OpenCL/vendors/*.icd "$work/icd/" 2>/dev/null
  echo libnvidia-opencl.so.1 > "$work/icd/nvidia.icd"
  export OCL_ICD_VENDORS=$work/icd
fi
cllib=$cuda/lib64
cc=${CC:-cc}

# ---- cu2clrt, built here with the compiler alone (no libclang needed).
echo "== building cu2clrt and the helpers"
mkdir -p "$work/rt/generated"
cmake -DIN="$top/runtime/src/rt_algo.cl" -DOUT="$work/rt/generated/rt_algo_cl.h" \
  -DVAR=algo_source -P "$top/cmake/embed.cmake" || die "rt_algo.cl not embedded"
$cc -O2 -shared -fPIC -std=c11 -D_GNU_SOURCE -DCU2CLRT_BUILDING \
  -DCL_TARGET_OPENCL_VERSION=300 -I"$top/runtime/include" -I"$top/runtime/src" \
  -I"$work/rt/generated" \
  "$top"/runtime/src/*.c -L"$cllib" -lOpenCL -lpthread -lm \
  -o "$work/rt/libcu2clrt.so" || die "cu2clrt did not build"
$cc -O2 -std=c11 -D_GNU_SOURCE -I"$top/runtime/include" "$top/runtime/bench_launch.c" \
  -o "$work/rt/bench_launch" -L"$work/rt" -Wl,-rpath,"$work/rt" -lcu2clrt \
  -L"$cllib" -lOpenCL || die "bench_launch did not build"
nvcc -O3 -std=c++17 -arch=native -o "$work/rt/cuda_launch" "$top/bench/gpu/cuda_launch.cu" ||
  die "cuda_launch did not build"

# ---- translations
src_of() { # sample -> its CUDA sources
  case $1 in
  jacobi) echo "$top/samples/jacobi/main.cpp $top/samples/jacobi/jacobi.cu" ;;
  fv-euler) echo "$top/samples/fv-euler/fv_euler.cu" ;;
  *) echo "$top/samples/$1/$1.cu" ;;
  esac
}
exe_of() { # sample -> program name (the translation names it after main's file)
  case $1 in jacobi) echo main ;; fv-euler) echo fv_euler ;; *) echo "$1" ;; esac
}
if [ -z "$translated" ]; then
  [ -x "$build/bin/cu2cl" ] || die "no $build/bin/cu2cl: build cu2cl or pass --translated DIR"
  translated=$work/tr
  for s in $samples; do
    rm -rf "$translated/$s"
    # shellcheck disable=SC2046
    "$build/bin/cu2cl" --out-root "$translated/$s" $(src_of $s) -- -std=c++17 \
      > "$log/translate-$s.log" 2>&1
    [ $? -ge 2 ] && die "translating $s failed ($log/translate-$s.log)"
  done
fi
echo "== building the originals (nvcc) and the translations (cu2clrt)"
mkdir -p "$work/native"
for s in $samples; do
  [ -f "$translated/$s/CMakeLists.txt" ] || die "no translation of $s in $translated/$s"
  # shellcheck disable=SC2046
  ( nvcc -O3 -std=c++17 -arch=native -o "$work/native/$(exe_of $s)" $(src_of $s) \
      > "$log/nvcc-$s.log" 2>&1 || echo "nvcc failed for $s ($log/nvcc-$s.log)" ) &
  ( cmake -S "$translated/$s" -B "$work/port/$s" -DCMAKE_BUILD_TYPE=Release \
      -DCU2CL_RUNTIME_INCLUDE_DIR="$top/runtime/include" \
      -DCU2CL_RUNTIME_LIBRARY="$work/rt/libcu2clrt.so" \
      -DCMAKE_EXE_LINKER_FLAGS="-L$cllib -Wl,-rpath,$cllib -Wl,-rpath,$work/rt" \
      > "$log/cmake-$s.log" 2>&1 &&
      cmake --build "$work/port/$s" -j4 >> "$log/cmake-$s.log" 2>&1 ||
      echo "the translation of $s did not build ($log/cmake-$s.log)" ) &
done
wait

# ---- runs: the paper's sizes
now_ms() { date +%s%N | awk '{ printf "%.3f", $1 / 1e6 }'; }
# run SIDE SAMPLE ARGS TAG: one run; its output in out/TAG.txt, wall ms in
# out/TAG.ms; nonzero when the program did not PASS.
run() {
  side=$1 s=$2 args=$3 tag=$4
  case $side in
  native) prog=$work/native/$(exe_of $s) envs= ;;
  nvidia) prog=$work/port/$s/$(exe_of $s) envs="CU2CL_DEVICE=nvidia" ;;
  pocl) prog=$work/port/$s/$(exe_of $s) envs="CU2CL_DEVICE=pocl" ;;
  esac
  t0=$(now_ms)
  # shellcheck disable=SC2086
  env $envs CU2CL_CACHE_DIR="$work/cache" timeout 900 "$prog" $args \
    > "$work/out/$tag.txt" 2>&1
  rc=$?
  echo "$(now_ms) $t0" | awk '{ printf "%.3f\n", $1 - $2 }' > "$work/out/$tag.ms"
  [ $rc -eq 0 ] && [ "$(tail -1 "$work/out/$tag.txt")" = PASS ]
}
failed=0
has() { case " $sides " in *" $1 "*) return 0 ;; esac; return 1; }
# The table's medians are over the CUDA and NVIDIA runs; a PoCL side run
# apart (one run) leaves their count as it was.
if has native || has nvidia; then echo "$runs" > "$work/runs"; fi
echo "== running the paper sizes ($sides): $runs runs after a warm-up, alternating"
for c in $cases; do
  s=${c%%:*} args=$(echo "${c#*:}" | tr , ' ')
  key=$(echo "$s $args" | tr -c 'A-Za-z0-9\n' _)
  for side in native nvidia; do
    has $side || continue
    run $side $s "$args" "$key.$side.warm" ||
      { echo "  $s $args on $side: FAILED ($work/out/$key.$side.warm.txt)"; failed=1; }
  done
  i=1
  while [ $i -le "$runs" ] && { has native || has nvidia; }; do
    for side in native nvidia; do
      has $side || continue
      run $side $s "$args" "$key.$side.$i" ||
        { echo "  $s $args on $side: FAILED ($work/out/$key.$side.$i.txt)"; failed=1; }
    done
    i=$((i + 1))
  done
  if has pocl; then
    # once, for the record; the compaction sweep with one repetition
    pargs=$args
    [ $s = compaction ] && pargs="--paper --reps=1"
    run pocl $s "$pargs" "$key.pocl.1" ||
      echo "  $s $args on PoCL: FAILED or over 900 s ($work/out/$key.pocl.1.txt)"
  fi
done

# ---- launch latency, bandwidth, program load
if has nvidia; then
  { nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; nvcc --version | tail -1; } |
    tr '\n' ';' | sed 's/;$//; s/;/; /' > "$work/gpu.txt"
  "$work/rt/cuda_launch" 20000 1024 > "$work/out/cuda_launch.txt" 2>&1 || failed=1
  CU2CL_DEVICE=nvidia CU2CL_CACHE_DIR="$work/cache" "$work/rt/bench_launch" 20000 \
    > "$work/out/bench_launch.txt" 2>&1 || failed=1
  rm -rf "$work/cache-fresh"
  # first run: neither cu2clrt's cache nor the driver's (CUDA_CACHE_DISABLE)
  CU2CL_DEBUG=1 CUDA_CACHE_DISABLE=1 CU2CL_DEVICE=nvidia CU2CL_CACHE_DIR="$work/cache-fresh" \
    "$work/port/reduction/reduction" --n=2^16 --reps=1 > "$work/out/load.1.txt" 2>&1
  CU2CL_DEBUG=1 CU2CL_DEVICE=nvidia CU2CL_CACHE_DIR="$work/cache-fresh" \
    "$work/port/reduction/reduction" --n=2^16 --reps=1 > "$work/out/load.2.txt" 2>&1
fi

make_table
echo
echo "bench-gpu: outputs in $work/out, the table in $work/table.md"
[ $failed = 0 ] || { echo "bench-gpu: some runs failed (above)" >&2; exit 1; }
