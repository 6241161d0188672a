#!/bin/sh
# scripts/pocl-profile.sh [-b BUILD_DIR] [-w WORKDIR] [-r RUNS] [-d] [SAMPLE[:ARGS]...]
# The seed samples on PoCL, the device of a user without a GPU, against the
# CPU reference each sample computes in its own host code. Each sample is
# translated, its port built Release (plus -g, which leaves the code as it
# is, for perf) and run once to fill PoCL's cache; then, warm: RUNS plain
# runs (default 3) for the port's time of the work the reference does (the
# sample's own timers) and the wall time; one run with CU2CL_KERNEL_TIMES=1
# CU2CL_DEBUG=1 for the kernels' device time and the program builds; RUNS
# runs under `perf record` for the CPU time of the reference (samples with
# its function in their inlined call chain) and of the rest, by where it
# runs. Prints two tables of medians. -d: the samples' default arguments
# instead of those in describe() below; SAMPLE:ARGS, commas for spaces
# (jacobi:--plain,--paper), gives a sample's. CU2CL_DEVICE defaults to
# pocl. Needs perf and llvm-addr2line (or addr2line) for the CPU split.

# shellcheck disable=SC2086 # $args is a list of words
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
build=$top/build work=/tmp/cu2cl-pocl-profile runs=3 defaults=
while [ $# -gt 0 ]; do
  case $1 in
    -b) build=$(cd "$2" && pwd); shift 2 ;;
    -w) work=$2; shift 2 ;;
    -r) runs=$2; shift 2 ;;
    -d) defaults=1; shift ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) break ;;
  esac
done
samples=${*:-histogram reduction fv-euler compaction jacobi}
cu2cl=$build/bin/cu2cl
[ -x "$cu2cl" ] || { echo "pocl-profile: build cu2cl first ($cu2cl)" >&2; exit 2; }
# binutils' addr2line loses inlined frames depending on the order of the
# addresses asked (seen with 2.40); LLVM's does not.
a2l=$(command -v llvm-addr2line || command -v addr2line) profile=1
command -v perf >/dev/null && [ -n "$a2l" ] ||
  { profile=; echo "pocl-profile: no perf or addr2line: no CPU split" >&2; }
mkdir -p "$work" && work=$(cd "$work" && pwd -P)
CU2CL_DEVICE=${CU2CL_DEVICE:-pocl} POCL_CACHE_DIR=$work/pocl-cache
CU2CL_CACHE_DIR=$work/cu2cl-cache
export CU2CL_DEVICE POCL_CACHE_DIR CU2CL_CACHE_DIR
load() { cut -d' ' -f1-3 /proc/loadavg; }
load0=$(load)

# Per sample: executable, default arguments here, the reference's function
# (a name in its inline chain), and what the comparison covers.
describe() {
  case $1 in
    histogram) exe=histogram args=--events=10M ref=CpuHistogram
      work_is="the 4 histograms: event loop vs CPU fill" ;;
    reduction) exe=reduction args=--n=2^22 ref=cpuReference
      work_is="best kernel per type vs Kahan sums, 3 types" ;;
    fv-euler) exe=fv_euler args="--patches=1024 --steps=20" ref=cpuStep
      work_is="all steps, better of patch-wise/batched" ;;
    compaction) exe=compaction args="--n=4194304 --block=256" ref=cpuCompact
      work_is="one compaction per type, best block" ;;
    jacobi) exe=main args=--paper ref=jacobiCpu
      work_is="one solve, better of plain/graph" ;;
    *) return 1 ;;
  esac
}

# gpu_ms SAMPLE < OUTPUT: the port's time for the work the reference does,
# in ms, read from the sample's own printed timings.
gpu_ms() {
  case $1 in
    histogram) awk '/ bulks: /{for (i = 2; i <= NF; i++) if ($i == "s,") t += $(i-1)}
      END {print t * 1000}' ;;
    reduction) awk '/^[a-z]+: n = /{ty = $1}
      /^  [0-7] / && ty != "" {for (i = 2; i <= NF; i++) if ($i == "ms") v = $(i-1)
        if (!(ty in m) || v < m[ty]) m[ty] = v}
      END {for (t in m) s += m[t]; print s}' ;;
    fv-euler) awk '/patch-wise .* batched /{for (i = 1; i < NF; i++) {
        if ($i == "patch-wise") p += $(i+1); if ($i == "batched") b += $(i+1)}}
      END {print (p < b ? p : b)}' ;;
    compaction) awk '/ n=[0-9]+ +block=/{for (i = 1; i <= NF; i++) {
        if ($i ~ /^n=/) {n = substr($i, 3); k = $1 " " n}
        if ($i == "G/s") g = $(i-1)}
        v = n / g / 1e6; if (!(k in m) || v < m[k]) m[k] = v}
      END {for (k in m) s += m[k]; print s}' ;;
    jacobi) awk '/^(plain|graph) /{if (m == "" || $4 < m) m = $4} END {print m}' ;;
  esac
}

# ms: wall time of a command in milliseconds, its output in $work/last.out;
# fails unless the command exits 0 and prints PASS.
ms() {
  t0=$(date +%s%N)
  "$@" >"$work/last.out" 2>&1 && grep -q '^PASS$' "$work/last.out" ||
    { tail -5 "$work/last.out" >&2; return 1; }
  echo $((($(date +%s%N) - t0) / 1000000))
}

# median FILE COLUMN
median() {
  awk -v c="$2" '{print $c}' "$1" | sort -g |
    awk '{a[NR] = $1} END {if (NR) print a[int((NR + 1) / 2)]; else print "-"}'
}

# cpu_split PERFDATA EXE REF: one line of CPU milliseconds (all threads):
# reference, kernels, compiler, runtime, copies, host, other, total.
# A sample is the reference's when an address of EXE in its call chain
# lies in REF's code (addr2line's inline chain; return addresses less 1);
# else it goes by the first frame outside the kernel and the C/C++
# libraries: a kernel's work-group function (PoCL's cache), LLVM/clang
# (PoCL's compiler), libpocl/OpenCL/cu2clrt (runtime; its memcpy/memset:
# copies), EXE (the sample's other host work), or other.
cpu_split() {
  perf script --no-inline -F period,ip,sym,dso -i "$1" 2>/dev/null \
    >"$work/perf.txt" || return 1
  awk -v exe="($2)" '
    function hex(s,  i, v) { v = 0; s = tolower(s)
      for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
      return v }
    NF <= 1 {user = 0; next}
    $NF == exe {printf "%x\n", hex($1) - (user++ ? 1 : 0); next}
    $1 !~ /^ffffffff/ {user++}' "$work/perf.txt" | sort -u |
    "$a2l" -a -i -f -C -e "$2" |
    awk -v ref="$3" '/^0x/ {a = $1; sub(/^0x0*/, "", a); next}
      index($0, ref) && !(a in seen) {seen[a] = 1; print a}' >"$work/ref.addrs"
  awk -v exe="($2)" -v cache="$POCL_CACHE_DIR" '
    function hex(s,  i, v) { v = 0; s = tolower(s)
      for (i = 1; i <= length(s); i++) v = v * 16 + index("0123456789abcdef", substr(s, i, 1)) - 1
      return v }
    FILENAME == ARGV[1] {isref[$1] = 1; next}
    function flush() { if (p == "") return
      c = isrf ? "ref" : cat == "" ? "other" : cat
      t[c] += p; t["total"] += p; p = "" }
    NF == 0 {flush(); next}
    NF == 1 {flush(); p = $1; user = 0; cat = ""; leaf = ""; isrf = 0; next}
    {d = $NF; k = $1 ~ /^ffffffff/
     if (!k && user++ == 0) leaf = $0
     if (d == exe) { a = sprintf("%x", hex($1) - (user > 1 ? 1 : 0)); if (a in isref) isrf = 1 }
     if (k || cat != "") next
     if (index(d, "(" cache "/")) cat = "kernels"
     else if (d ~ /libLLVM|libclang/) cat = "compiler"
     else if (d ~ /pocl|libOpenCL|libcu2clrt/)
       cat = leaf ~ /mem(cpy|move|set).*libc[.-]/ ? "copies" : "runtime"
     else if (d == exe) cat = "host"}
    END {flush(); split("ref kernels compiler runtime copies host other total", o, " ")
      for (i = 1; i <= 8; i++) printf "%.0f ", t[o[i]] / 1e6; print ""}' \
    "$work/ref.addrs" "$work/perf.txt"
}

rows=$work/rows.txt device=
: >"$rows"
for spec in $samples; do
  sample=${spec%%:*}
  describe "$sample" || { echo "pocl-profile: no sample $sample" >&2; continue; }
  case $spec in *:*) args=$(echo "${spec#*:}" | tr ',' ' ') ;; esac
  [ -n "$defaults" ] && args=
  out=$work/$sample
  bin=$out/build/$exe
  if [ ! -x "$bin" ]; then
    echo "$sample: translating and building the port" >&2
    sh "$top/scripts/samples-db.sh" "$top/samples/$sample" "$out.db" &&
      rm -rf "$out" && "$cu2cl" -p "$out.db" --out-root "$out" -q 2>"$out.log"
    [ $? -lt 2 ] && cmake -S "$out" -B "$out/build" -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_CXX_FLAGS=-g >>"$out.log" 2>&1 &&
      cmake --build "$out/build" -j1 >>"$out.log" 2>&1 ||
      { echo "$sample: translation or build failed ($out.log)" >&2; continue; }
  fi
  echo "$sample $args: warm-up run" >&2
  ms "$bin" $args >/dev/null || { echo "$sample: FAIL" >&2; continue; }
  : >"$out.times"
  i=0
  while [ $i -lt "$runs" ]; do
    t=$(ms "$bin" $args) || break
    i=$((i + 1))
    cp "$work/last.out" "$out.run$i.out"
    echo "$t $(gpu_ms "$sample" <"$work/last.out")" >>"$out.times"
  done
  [ $i -eq "$runs" ] || { echo "$sample: FAIL" >&2; continue; }
  CU2CL_KERNEL_TIMES=1 CU2CL_DEBUG=1 ms "$bin" $args >/dev/null ||
    { echo "$sample: FAIL" >&2; continue; }
  cp "$work/last.out" "$out.debug.out"
  device=$(sed -n 's/^cu2clrt: opened device 0 (\(.*\));.*/\1/p' "$work/last.out")
  dev=$(awk '/device time per kernel/ {on = 1; next}
    on && NF == 7 && $1 $2 $4 $5 $6 ~ /^[0-9.]+$/ {s += $2} END {printf "%.0f", s / 1000}' "$work/last.out")
  builds=$(awk '/^cu2clrt: program .* in [0-9.]+ ms$/ {s += $(NF-1)}
    END {printf "%.0f", s}' "$work/last.out")
  : >"$out.cpu"
  i=0
  while [ $i -lt "$runs" ] && [ -n "$profile" ]; do
    i=$((i + 1))
    perf record -q -F 1000 --call-graph dwarf,4096 -o "$work/perf.data" \
      "$bin" $args >"$out.perf$i.out" 2>&1 &&
      grep -q '^PASS$' "$out.perf$i.out" &&
      cpu_split "$work/perf.data" "$(cd "$out/build" && pwd -P)/$exe" "$ref" \
        >>"$out.cpu" || { echo "$sample: perf failed" >&2; break; }
  done
  rm -f "$work/perf.data" "$work/perf.txt"
  gpu=$(median "$out.times" 2) wall=$(median "$out.times" 1)
  refms=$(median "$out.cpu" 1)
  split=
  for c in 2 3 4 5 6 7 8; do split="$split $(median "$out.cpu" $c)"; done
  echo "$sample|${args:--}|$work_is|$gpu|$refms|$wall|$dev|$builds|$split" >>"$rows"
done

echo "PoCL against the CPU reference ($(date +%Y-%m-%d), median of $runs runs;" \
  "load average $load0 at the start, $(load) at the end; rough)"
echo "device: ${device:-?}; $(nproc) CPUs; logs in $work"
printf '%-11s %-26s %-45s %9s %9s %8s\n' sample arguments "work compared" \
  "port ms" "ref ms" "ref/port"
awk -F'|' '{r = ($4 > 0 && $5 != "-") ? sprintf("%.2f", $5 / $4) : "-"
  printf "%-11s %-26s %-45s %9.1f %9s %8s\n", $1, $2, $3, $4, $5, r}' "$rows"
echo
echo "Where the port's time goes (ms; CPU columns: all threads, from perf)"
printf '%-11s %8s %8s %8s | %8s %8s %8s %8s %8s %8s %8s %8s\n' sample wall \
  kernels builds "cpu:kern" compiler runtime copies ref host other total
awk -F'|' '{split($9, c, " ")
  printf "%-11s %8s %8s %8s | %8s %8s %8s %8s %8s %8s %8s %8s\n", $1, $6, $7, $8,
    c[1], c[2], c[3], c[4], $5, c[5], c[6], c[7]}' "$rows"
