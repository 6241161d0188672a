#!/usr/bin/env bash
# scripts/scan-agree.sh WORKDIR CORPUS LIST [CU2CL_BUILD]
#
# Does `cu2cl scan` predict the diagnostics `cu2cl -p` raises? For each
# program of LIST that scripts/corpus.sh has translated into WORKDIR
# (WORKDIR/<name>/report.json), scans the program's folder in CORPUS
# (HeCBench: src/<name>-cuda; cuda-samples: Samples/<group>/<name>) and
# compares, per file of that folder and per ID the scan can raise, whether
# each tool reports it (sources the program's build neither compiles nor
# includes, and files the translator could not parse, are left out: it
# never looked at them). Prints one line per disagreement (program, file, ID,
# who reports it) and a table per ID: files where both report it, the scan
# only, the translator only, recall (both / translator) and precision
# (both / scan). docs/scan.md keeps the latest tables and the causes of the
# disagreements. Needs jq.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/corpus/common.sh"
[ $# -ge 3 ] || { sed -n '2,14p' "$0"; exit 2; }
work=$1 corpus=$2 list=$3 build=${4:-$here/../build}
cu2cl=$build/bin/cu2cl
kind=$(corpus_kind "$corpus") || { echo "scan-agree: $corpus is no known corpus" >&2; exit 2; }
# The IDs a scan raises (scan/scan_check.c, scan_parse.c, scan_macro.c);
# CU2CL1003 is the scan's own.
ids="1001 1002 2001 2002 2101 2102 2104 2105 3001 3004 3005 3006 3007 3008 3009 3010 3011 3012"
only=()
parse_list "$list"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/pairs"
for i in "${!names[@]}"; do
  name=${names[$i]} path=${paths[$i]}
  rep=$work/$name/report.json
  [ -f "$rep" ] || continue
  if [ "$kind" = hecbench ]; then key=src/$name-cuda/ dir=$corpus/src/$name-cuda
  else key=Samples/$path/ dir=$corpus/Samples/$path
  fi
  [ -d "$dir" ] || continue
  "$cu2cl" scan "$dir" --summary --report "$tmp/scan.json" >/dev/null
  # "file ID" per tool, files relative to the program's folder.
  sel='.findings[] | (.file | split($key) | if length > 1 then last else empty end) + " " + (.id | ltrimstr("CU2CL"))'
  jq -r --arg key "$key" "$sel" "$rep" | sort -u >"$tmp/t"
  jq -r --arg key "$key" ".diagnostics | $sel" "$tmp/scan.json" | sort -u >"$tmp/s"
  # Sources the build does not compile, and files the translator failed
  # on (CU2CL0200), are not compared: it did not look at them.
  { jq -r --arg key "$key" '.[] | .file | split($key) |
        if length > 1 then last else empty end' \
      "$work/$name/db/compile_commands.json" 2>/dev/null || true
    grep -rhoE '#include +"[^"]+"' "$dir" 2>/dev/null |
      sed 's/.*"\(.*\)"/\1/; s|.*/||' || true; } >"$tmp/built"
  awk '$2 == "0200" { print $1 }' "$tmp/t" >"$tmp/failed"
  awk -v ids=" $ids " -v name="$name" '
    FILENAME ~ /\/built$/ { built[$1] = 1; next }
    FILENAME ~ /\/failed$/ { failed[$1] = 1; next }
    index(ids, " " $2 " ") == 0 || ($1 in failed) { next }
    FILENAME ~ /\/s$/ && $1 ~ /\.(cu|c|cc|cpp|cxx)$/ && !($1 in built) {
      base = $1; sub(/.*\//, "", base); if (!(base in built)) next }
    FILENAME ~ /\/t$/ { t[$1 " " $2] = 1; next }
    { s[$1 " " $2] = 1 }
    END { for (k in t) { split(k, f, " ")
                         print f[2], (k in s) ? "both" : "translator", name, f[1] }
          for (k in s) if (!(k in t)) { split(k, f, " ")
                                        print f[2], "scan", name, f[1] } }
  ' "$tmp/built" "$tmp/failed" "$tmp/t" "$tmp/s" >>"$tmp/pairs"
done
awk '$2 != "both" { printf "CU2CL%s  %-10s only  %s/%s\n", $1, $2, $3, $4 }' "$tmp/pairs"
echo
printf '%-10s %6s %6s %10s %7s %9s\n' ID both scan translator recall precision
for id in $ids; do
  awk -v id="$id" '$1 == id { n[$2]++ }
    END { b = n["both"] + 0; s = n["scan"] + 0; t = n["translator"] + 0
          if (b + s + t == 0) exit
          printf "CU2CL%-5s %6d %6d %10d %7s %9s\n", id, b, s, t,
                 b + t ? sprintf("%.2f", b / (b + t)) : "-",
                 b + s ? sprintf("%.2f", b / (b + s)) : "-" }' "$tmp/pairs"
done
