# Sourced by scripts/corpus.sh and scripts/corpus-golden.sh: the list format
# and the synthetic inputs, the same for the port's run and the original's
# recording. Needs bash; `only` (an array of names) filters parse_list.

trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; s=${s%"${s##*[![:space:]]}"}; printf '%s' "$s"; }

# corpus_kind DIR: "hecbench" (src/<name>-cuda/Makefile) or "samples"
# (Samples/...); nothing, and status 1, for anything else.
corpus_kind() {
  if ls "$1"/src/*-cuda/Makefile >/dev/null 2>&1; then echo hecbench
  elif [ -d "$1/Samples" ]; then echo samples
  else return 1
  fi
}

opt() { # opt OPTIONS KEY: the value of KEY=... in OPTIONS
  local w; for w in $1; do case $w in "$2"=*) printf '%s' "${w#*=}"; return ;; esac; done
}

# parse_list LIST: the list, parsed once into parallel arrays, in list order
# (names paths argss passes fails optss).
parse_list() {
  local line f1 f2 f3 f4 f5 path name o hit
  names=() paths=() argss=() passes=() fails=() optss=()
  while IFS= read -r line || [ -n "$line" ]; do
    case $(trim "$line") in ''|'#'*) continue ;; esac
    IFS=';' read -r f1 f2 f3 f4 f5 <<<"$line"
    path=$(trim "$f1") name=${path##*/}
    if [ ${#only[@]} -gt 0 ]; then
      hit=0; for o in "${only[@]}"; do [ "$o" = "$name" ] || [ "$o" = "$path" ] && hit=1; done
      [ $hit = 1 ] || continue
    fi
    names+=("$name") paths+=("$path") argss+=("$(trim "${f2:-}")")
    passes+=("$(trim "${f3:-}")") fails+=("$(trim "${f4:-}")") optss+=("$(trim "${f5:-}")")
  done <"$1"
}

# make_input KIND DIR: small synthetic inputs of the documented formats,
# in DIR/KIND/ (DIR is the work directory's data/, which the run directory's
# ../data also names, as HeCBench's src/data is its programs' ../data).
# The inputs are the same on every machine: awk's rand() is not (gawk and
# mawk differ), so they come from this generator (exact in doubles).
lcg='function rnd() { seed = (seed * 69069 + 1) % 4294967296; return seed / 4294967296 }
'
make_input() {
  local k=$1 d=$2/$1
  [ -f "$d/.done" ] && return 0
  mkdir -p "$d" || return 1
  case $k in
    bfs) # Rodinia graph: N; N lines "first-edge degree"; source; E; E lines "dest cost"
      awk "$lcg"'BEGIN { seed = 7; n = 4096; deg = 6; print n
        for (i = 0; i < n; i++) print i * deg, deg
        print 0; print n * deg
        for (i = 0; i < n * deg; i++) print int(rnd() * n), 1 + int(rnd() * 10) }' >"$d/graph.txt" ;;
    hotspot) # 512x512 temperatures and powers, one value a line
      awk "$lcg"'BEGIN { seed = 3; for (i = 0; i < 512 * 512; i++) printf "%.6f\n", 323.0 + rnd() * 20 }' >"$d/temp_512"
      awk "$lcg"'BEGIN { seed = 5; for (i = 0; i < 512 * 512; i++) printf "%.6f\n", rnd() * 0.001 }' >"$d/power_512" ;;
    kmeans) # KDD-cup-like: "id f1 ... f34" a line
      awk "$lcg"'BEGIN { seed = 11; for (i = 0; i < 2048; i++) { printf "%d", i
        for (j = 0; j < 34; j++) printf " %.4f", rnd(); printf "\n" } }' >"$d/kdd" ;;
    b+tree) # key count, then keys a line; commands: k (point) and j (range) queries
      awk "$lcg"'BEGIN { seed = 13; print 10000; for (i = 0; i < 10000; i++) print int(rnd() * 1000000) }' >"$d/mil.txt"
      printf 'j 1000 100\nk 1000\n' >"$d/command.txt" ;;
    srad) # 502x458 plain PGM (three header lines, then values)
      awk "$lcg"'BEGIN { seed = 19; print "P2"; print "458 502"; print 255
        for (i = 0; i < 502 * 458; i++) print int(rnd() * 256) }' >"$d/image.pgm" ;;
    bmp) # 512x512 24-bit BMP
      python3 - "$d/in.bmp" <<'EOF2' ;;
import struct, sys
w = h = 512
row = (w * 3 + 3) & ~3
px = bytearray()
for y in range(h):
    for x in range(w):
        px += bytes(((x * 7 + y) & 255, (x + y * 3) & 255, (x ^ y) & 255))
    px += bytes(row - w * 3)
hdr = struct.pack('<2sIHHI', b'BM', 54 + len(px), 0, 0, 54)
dib = struct.pack('<IiiHHIIiiII', 40, w, h, 1, 24, 0, len(px), 2835, 2835, 0, 0)
open(sys.argv[1], 'wb').write(hdr + dib + px)
EOF2
    *) echo "corpus.sh: unknown input kind $k" >&2; return 1 ;;
  esac && touch "$d/.done"
}

