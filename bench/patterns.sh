#!/usr/bin/env bash
# Two point-to-point patterns against smpirun, 2 ranks, 1000-byte messages,
# computation not simulated (both tools then see the same program):
#   poll   a ping-pong whose receives complete by polling with MPI_Test
#          (bench/test_pingpong.c; N round trips)
#   flood  a sender far ahead of its receiver: N eager MPI_Sends, received one
#          by one (bench/test_flood.c)
# Prints wall seconds, peak RSS and the simulated times, which must be
# identical. Usage: bench/patterns.sh [N...]   (default: 10000 20000 40000)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
command -v smpirun >/dev/null || { echo "bench/patterns.sh: smpirun not installed"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for p in pingpong flood; do
  "$top/wrappers/simcc" -O2 "$top/bench/test_$p.c" -o "$work/$p"
  smpicc -O2 "$top/bench/test_$p.c" -o "$work/${p}_smpi" 2>/dev/null
done
args=(-np 2 -platform "$top/platforms/cluster.xml" --cfg=smpi/simulate-computation:no)
measure() { # wall seconds, peak RSS in MB, simulated seconds (the output's last number) of "$@"
  /usr/bin/time -f '%e %M' -o "$work/t" "$@" > "$work/out" 2>/dev/null
  local sim
  sim=$(sed -n 's/.* \([0-9.]*\) s$/\1/p' "$work/out")
  awk -v sim="$sim" '{ printf "%s %.0f %s", $1, $2 / 1024, sim }' "$work/t"
}
echo '| pattern | N | simrun wall (s) | smpirun wall (s) | smpirun/simrun | simrun RSS (MB) | smpirun RSS (MB) | simulated (simrun / smpirun) |'
echo '|---|---|---|---|---|---|---|---|'
for p in pingpong flood; do
  for n in "${@:-10000 20000 40000}"; do
    read -r sw sm ss <<< "$(measure "$top/wrappers/simrun" "${args[@]}" "$work/$p" "$n" 1000)"
    read -r mw mm ms <<< "$(measure smpirun "${args[@]}" "$work/${p}_smpi" "$n" 1000)"
    awk -v p="$p" -v n="$n" -v sw="$sw" -v mw="$mw" -v sm="$sm" -v mm="$mm" -v ss="$ss" -v ms="$ms" \
      'BEGIN { printf "| %s | %d | %.2f | %.2f | %.1fx | %d | %d | %s / %s |\n", p, n, sw, mw, mw / sw, sm, mm, ss, ms }'
  done
done
