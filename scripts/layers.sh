#!/bin/sh
# scripts/layers.sh [LIBRARY]
# The module graph of translator/ (a module is NAME.c with its NAME.h):
# which module includes which (read from the sources) and, given the
# cu2cl_core static library, which module calls which (from nm: the module
# whose object defines a symbol and those whose objects use it). Prints
# both graphs and exits 1 when
#   - either graph has a cycle;
#   - a module of the device emitter depends on one that is not before it
#     in DEVICE_LAYERS (the order dev_state.h documents), or on a module of
#     the translator outside it other than BASE;
#   - a module outside the device emitter depends on one inside it other
#     than emit_device, its public side.
# Uses only sh, awk, sed, sort, tsort and nm (binutils).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
src=$top/translator
lib=${1:-}

DEVICE_LAYERS="dev_state dev_literal dev_cg dev_builtin dev_class dev_lambda dev_types dev_kernarg dev_uses dev_index dev_table dev_sync dev_space
  dev_pred dev_check dev_expr dev_rulecall dev_object dev_alloc dev_special dev_stmt dev_pred_stmt dev_func emit_device"
BASE="util cx diag rules"

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# ---- include edges: "from to" per line ---------------------------------
for f in "$src"/*.c "$src"/*.h; do
  m=$(basename "$f" | sed 's/\.[ch]$//')
  sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)\.h".*/\1/p' \
    "$f" | while read -r h; do
    case $h in */*) continue ;; esac
    [ -f "$src/$h.h" ] && [ "$h" != "$m" ] && echo "$m $h"
  done
done | sort -u >"$tmp/include"

# ---- call edges: "from to symbol" per line ------------------------------
: >"$tmp/call"
if [ -n "$lib" ]; then
  [ -f "$lib" ] || { echo "layers.sh: no library $lib" >&2; exit 2; }
  # nm -A: "LIB:MEMBER.c.o:VALUE TYPE SYMBOL" (no VALUE for U)
  nm -A "$lib" 2>/dev/null | awk '
    { split($1, p, ":"); m = p[2]; sub(/\.c\.o$/, "", m); sub(/\.o$/, "", m)
      t = $(NF - 1); s = $NF
      if (t == "U") use[++n] = m " " s
      else if (t ~ /^[TDBRCGSV]$/) def[s] = m }
    END { for (i = 1; i <= n; i++) { split(use[i], u, " ")
            if ((u[2] in def) && def[u[2]] != u[1])
              print u[1], def[u[2]], u[2] } }' | sort -u >"$tmp/call"
fi

echo "include graph (translator/*.c, *.h):"
awk '{ d[$1] = d[$1] " " $2 } END { for (m in d) print "  " m " ->" d[m] }' \
  "$tmp/include" | sort
if [ -n "$lib" ]; then
  echo "call graph ($(basename "$lib")):"
  awk '{ k = $1 " " $2; if (!(k in seen)) { seen[k] = 1; o[$1] = o[$1] " " $2 } }
       END { for (m in o) print "  " m " ->" o[m] }' "$tmp/call" | sort
fi
echo "device emitter layers, bottom first:" $DEVICE_LAYERS

status=0
# ---- cycles -------------------------------------------------------------
for g in include call; do
  awk '{ print $1, $2 }' "$tmp/$g" | sort -u >"$tmp/$g.pairs"
  if ! tsort "$tmp/$g.pairs" >/dev/null 2>"$tmp/$g.loop"; then
    echo "layers.sh: the $g graph has a cycle through:" \
      $(sed -n 's/^tsort: //p' "$tmp/$g.loop" | grep -v 'input contains a loop')
    status=1
  fi
done

# ---- layering -----------------------------------------------------------
rank=0
for m in $DEVICE_LAYERS; do
  echo "$m $rank"
  rank=$((rank + 1))
done >"$tmp/ranks"
for m in $BASE; do echo "$m"; done >"$tmp/base"
for g in include call; do
  awk -v g="$g" -v ranks="$tmp/ranks" -v base="$tmp/base" '
    BEGIN { while ((getline l < ranks) > 0) { split(l, a, " "); r[a[1]] = a[2] }
            while ((getline l < base) > 0) b[l] = 1 }
    { why = g == "call" ? " (" $3 ")" : ""
      if (($1 in r) && ($2 in r) && r[$2] >= r[$1])
        print "layers.sh: upward " g ": " $1 " -> " $2 why
      else if (($1 in r) && !($2 in r) && !($2 in b))
        print "layers.sh: " g " from the device emitter to " $2 why
      else if (!($1 in r) && ($2 in r) && $2 != "emit_device")
        print "layers.sh: " g " into the device emitter: " $1 " -> " $2 why }
  ' "$tmp/$g" >"$tmp/$g.bad"
  if [ -s "$tmp/$g.bad" ]; then
    cat "$tmp/$g.bad"
    status=1
  fi
done
[ $status -eq 0 ] && echo "layers.sh: no cycles, no upward edges"
exit $status
