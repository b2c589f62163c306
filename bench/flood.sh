#!/usr/bin/env bash
# A sender far ahead of its receiver, against smpirun: rank 0 sends N
# messages of 1000 bytes with MPI_Send (eager: it never waits), rank 1
# receives them one by one (bench/test_flood.c). Prints wall seconds, peak RSS
# and the simulated times, which must be identical (computation is not
# simulated). Usage: bench/flood.sh [N...]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
command -v smpirun >/dev/null || { echo "bench/flood.sh: smpirun not installed"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/bench/test_flood.c" -o "$work/flood"
smpicc -O2 "$top/bench/test_flood.c" -o "$work/flood_smpi" 2>/dev/null
args=(-np 2 -platform "$top/platforms/cluster.xml" --cfg=smpi/simulate-computation:no)
measure() { # wall seconds, peak RSS in MB, simulated seconds of "$@"
  /usr/bin/time -f '%e %M' -o "$work/t" "$@" > "$work/out" 2>/dev/null
  local sim
  sim=$(sed -n 's/.*checksum [0-9]*, \([0-9.]*\) s/\1/p' "$work/out")
  awk -v sim="$sim" '{ printf "%s %.0f %s", $1, $2 / 1024, sim }' "$work/t"
}
echo '| messages | simrun wall (s) | smpirun wall (s) | smpirun/simrun | simrun RSS (MB) | smpirun RSS (MB) | simulated (simrun / smpirun) |'
echo '|---|---|---|---|---|---|---|'
for n in "${@:-10000 20000 40000}"; do
  read -r sw sm ss <<< "$(measure "$top/wrappers/simrun" "${args[@]}" "$work/flood" "$n" 1000)"
  read -r mw mm ms <<< "$(measure smpirun "${args[@]}" "$work/flood_smpi" "$n" 1000)"
  awk -v n="$n" -v sw="$sw" -v mw="$mw" -v sm="$sm" -v mm="$mm" -v ss="$ss" -v ms="$ms" \
    'BEGIN { printf "| %d | %.2f | %.2f | %.0fx | %d | %d | %s / %s |\n", n, sw, mw, mw / sw, sm, mm, ss, ms }'
done
