#!/usr/bin/env bash
# The shipped platforms (platforms/*.xml), each loaded by name: the pingpong
# sample runs on 2 ranks with sane one-way times; the hosts are the ones the
# file's opening comment documents; the property the file promises holds
# (nearer hosts are faster, ...); the file is listed in Makefile.am, README.md
# and simrun --help; and, when smpirun is installed, smpirun accepts the file
# and gives the same one-way time for 1 KiB within 1%.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
simcc=${SIMCC:-$top/wrappers/simcc}
simrun=${SIMRUN:-$top/wrappers/simrun}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fail=1; }

"$simcc" -O2 "$top/samples/pingpong.c" -o "$work/pp" || { echo "FAIL: cannot build pingpong"; exit 1; }
smpi=0
if command -v smpirun >/dev/null && command -v smpicc >/dev/null &&
   smpicc -O2 "$top/samples/pingpong.c" -o "$work/pp_smpi" 2>/dev/null; then
  smpi=1
else
  echo "note: smpirun not installed: no comparison with it"
fi
nocomp=--cfg=smpi/simulate-computation:no

# run NAME MAXSIZE [HOST HOST]: pingpong on platform NAME (by name), on the two
# hosts if given; output in $work/out, status returned
run() {
  local name=$1 max=$2
  local args=(-q -np 2 "--platform=$name" "$nocomp")
  if [ $# -ge 4 ]; then
    printf '%s\n%s\n' "$3" "$4" > "$work/hosts"
    args+=(-hostfile "$work/hosts")
  fi
  "$simrun" "${args[@]}" "$work/pp" 2 "$max" > "$work/out" 2> "$work/err"
}

# oneway SIZE [FILE]: the one-way time (us) printed for SIZE
oneway() { awk -v s="$1" '$1 == s {print $2}' "${2:-$work/out}"; }

# t NAME SIZE HOST HOST: one-way time for SIZE between the two hosts (empty on failure)
t() { run "$1" "$2" "$3" "$4" && oneway "$2"; }

# faster DESC A B: A < B (both numbers)
faster() {
  if [ -n "$2" ] && [ -n "$3" ] && awk -v a="$2" -v b="$3" 'BEGIN{exit !(a < b)}'; then
    ok "$1 ($2 us < $3 us)"
  else
    bad "$1 (expected '$2' us < '$3' us)"
  fi
}

# same DESC A B: A == B (both non-empty)
same() {
  if [ -n "$2" ] && [ "$2" = "$3" ]; then ok "$1 ($2 us)"; else bad "$1 ('$2' us vs '$3' us)"; fi
}

# sane: $work/out has all sizes 1 .. 1 MiB with positive times, under 1 ms
# for 1 byte, bandwidths under 1 TB/s, 1 MiB slower than 1 byte, and no time
# under 0.9 times the previous one (the SMPI model's piece-wise factors can
# make a size a little cheaper than a smaller one: 256 B vs 64 B)
sane() {
  awk '
    $1 ~ /^[0-9]+$/ { n++
      if ($2 <= 0 || $2 < 0.9 * prev || $3 <= 0 || $3 > 1e6) bad = bad " " $1
      if ($1 == 1) { first = $2; if ($2 >= 1000) bad = bad " 1(slow)" }
      prev = $2; last = $1 }
    END { if (n != 11 || last != 1048576) bad = bad " (" n " sizes, last " last ")"
          else if (prev <= first) bad = bad " (1 MiB not slower than 1 B)"
          if (bad != "") { print bad; exit 1 } }' "$work/out"
}

# property NAME FILE: the platform-specific promise of each shipped file
property() {
  local name=$1 a b c
  case "$name" in
  cluster)
    "$simrun" -q -np 2 "$nocomp" "$work/pp" 2 1024 > "$work/default.out"
    a=$(t cluster 1024 node-0 node-1)
    b=$(oneway 1024 "$work/default.out")
    same "cluster: 1 KiB as on the embedded default platform" "$a" "$b" ;;
  laptop)
    a=$(t laptop 1048576 node-0 node-1); b=$(t gbe-cabinets 1048576 node-0 node-1)
    faster "laptop: 1 MiB faster than on gbe-cabinets" "$a" "$b"
    a=$(t laptop 1024 node-0 node-1); b=$(t gbe-cabinets 1024 node-0 node-1)
    faster "laptop: 1 KiB faster than on gbe-cabinets" "$a" "$b" ;;
  gbe-cabinets)
    a=$(t gbe-cabinets 1024 node-0 node-31); b=$(t gbe-cabinets 1024 node-0 node-32)
    faster "gbe-cabinets: within cabinet 0 faster than from cabinet 0 to 1" "$a" "$b"
    c=$(t gbe-cabinets 1024 node-224 node-255)
    same "gbe-cabinets: cabinet 7 (node-224 .. node-255) like cabinet 0" "$c" "$a" ;;
  ethernet-10g-25g)
    a=$(t ethernet-10g-25g 1048576 node-128 node-129); b=$(t ethernet-10g-25g 1048576 node-0 node-1)
    faster "ethernet-10g-25g: 1 MiB faster on 25 GbE than on 10 GbE" "$a" "$b"
    a=$(t ethernet-10g-25g 1024 node-0 node-127); b=$(t ethernet-10g-25g 1024 node-0 node-128)
    faster "ethernet-10g-25g: 1 KiB within the 10 GbE partition faster than across" "$a" "$b" ;;
  infiniband-fattree)
    a=$(t infiniband-fattree 1024 node-0 node-15); b=$(t infiniband-fattree 1024 node-0 node-16)
    faster "infiniband-fattree: within a leaf faster than through a spine" "$a" "$b" ;;
  torus-3d)
    a=$(t torus-3d 1024 node-0 node-1); b=$(t torus-3d 1024 node-0 node-292)
    faster "torus-3d: neighbour faster than the farthest node (4,4,4)" "$a" "$b"
    b=$(t torus-3d 1024 node-0 node-7); c=$(t torus-3d 1024 node-0 node-64)
    same "torus-3d: node-7 (wrap-around in x) is a neighbour" "$b" "$a"
    same "torus-3d: node-64 (z) is a neighbour" "$c" "$a" ;;
  dragonfly)
    a=$(t dragonfly 1024 node-0 node-1); b=$(t dragonfly 1024 node-0 node-64)
    c=$(t dragonfly 1024 node-0 node-1023)
    faster "dragonfly: same router faster than another chassis" "$a" "$b"
    faster "dragonfly: another chassis faster than another group" "$b" "$c" ;;
  *)
    bad "$name: no platform-specific check in tests/unit/platforms.sh" ;;
  esac
}

help=$("$simrun" --help)
n=0
for file in "$top"/platforms/*.xml; do
  name=$(basename "$file" .xml)
  n=$((n + 1))

  # by name, no hostfile: the pingpong runs and its times are sane
  if run "$name" 1048576; then
    if why=$(sane); then ok "$name: pingpong by name, sane times"; else bad "$name: pingpong times:$why"; cat "$work/out"; fi
  else
    bad "$name: pingpong by name failed"
    head -5 "$work/err"
    continue
  fi

  # the opening comment: resembles, hosts node-0 .. node-LAST (COUNT hosts, what to try
  head=$(sed -n '1,/-->/p' "$file")
  last=$(sed -n 's/.*Hosts: node-0 \.\. node-\([0-9]*\) (\([0-9]*\) hosts.*/\1 \2/p' <<< "$head" | head -n 1)
  if grep -q 'Resembles:' <<< "$head" && grep -q 'What to try:' <<< "$head" && [ -n "$last" ] &&
     [ "$((${last% *} + 1))" = "${last#* }" ]; then
    ok "$name: comment documents what it resembles, ${last#* } hosts, what to try"
  else
    bad "$name: opening comment lacks 'Resembles:', 'Hosts: node-0 .. node-N (N+1 hosts' or 'What to try:'"
  fi
  last=${last% *}
  if [ -n "$last" ]; then
    if run "$name" 1 node-0 "node-$last"; then ok "$name: has node-$last"; else bad "$name: no host node-$last"; fi
    if ! run "$name" 1 node-0 "node-$((last + 1))" && grep -q "no host 'node-$((last + 1))'" "$work/err"; then
      ok "$name: has no node-$((last + 1))"
    else
      bad "$name: node-$((last + 1)) should not exist"
    fi
  fi

  property "$name"

  # listed where users and make install look
  grep -q "platforms/$name.xml" "$top/Makefile.am" || bad "$name: not in Makefile.am's dist_platforms_DATA"
  grep -q "\`$name\`" "$top/README.md" || bad "$name: not in README.md's platform table"
  grep -q "Names for -platform:.* $name\( \|$\)" <<< "$help" || bad "$name: not listed by simrun --help"

  # smpirun accepts the file and agrees on 1 KiB between the first and last host
  [ "$smpi" = 1 ] && [ -n "$last" ] || continue
  printf 'node-0\nnode-%s\n' "$last" > "$work/hosts2"
  a=$(t "$name" 1024 node-0 "node-$last")
  if smpirun -np 2 -platform "$file" -hostfile "$work/hosts2" "$nocomp" --log=root.thres:error \
       "$work/pp_smpi" 2 1024 > "$work/smpi.out" 2> "$work/smpi.err"; then
    b=$(oneway 1024 "$work/smpi.out")
    if [ -n "$a" ] && [ -n "$b" ] &&
       awk -v a="$a" -v b="$b" 'BEGIN{d=(a-b)/b; if (d<0) d=-d; exit !(d <= 0.01)}'; then
      ok "$name: 1 KiB node-0 to node-$last: simpi $a us, smpirun $b us"
    else
      bad "$name: 1 KiB node-0 to node-$last: simpi '$a' us, smpirun '$b' us"
    fi
  else
    bad "$name: smpirun rejects the file"
    tail -5 "$work/smpi.err"
  fi
done
[ "$n" -gt 0 ] || bad "no platforms/*.xml"
exit $fail
