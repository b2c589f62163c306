#!/usr/bin/env bash
# Peak memory of replays against trace length: generates ping-pong traces of
# 2 ranks with ACTIONS actions in all (compute, send and recv lines), for each
# size given, replays each with simrun and prints the wall time and peak RSS.
# A streaming replay's RSS does not grow with the trace.
# Usage: bench/replay_rss.sh [ACTIONS...]   (default: 1000000 10000000)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
sizes=("$@")
[ $# -gt 0 ] || sizes=(1000000 10000000)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "| actions | trace bytes | replay wall (s) | peak RSS (MB) | simulated (s) |"
echo "|---|---|---|---|---|"
for n in "${sizes[@]}"; do
  mkdir -p "$work/t$n"
  for r in 0 1; do # rank 0 sends first; 3 actions per round and rank
    awk -v n="$n" -v r="$r" 'BEGIN {
      print r " init"
      for (i = 0; i < n / 6; i++) {
        print r " compute 1000"
        if (r == 0) { print "0 send 1 0 1024 6"; print "0 recv 1 0 1024 6" }
        else { print "1 recv 0 0 1024 6"; print "1 send 0 0 1024 6" }
      }
      print r " finalize" }' > "$work/t$n/r$r.txt"
  done
  printf '%s\n' "$work/t$n/r0.txt" "$work/t$n/r1.txt" > "$work/t$n.ti"
  bytes=$(cat "$work/t$n"/r*.txt | wc -c)
  /usr/bin/time -f '%e %M' -o "$work/time" "$top/wrappers/simrun" --replay="$work/t$n.ti" >/dev/null 2>"$work/out"
  read -r wall rss < "$work/time"
  sim=$(sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p' "$work/out")
  awk -v n="$n" -v b="$bytes" -v w="$wall" -v r="$rss" -v s="$sim" \
    'BEGIN { printf "| %d | %d | %.1f | %.1f | %s |\n", n, b, w, r / 1024, s }'
  rm -rf "$work/t$n" "$work/t$n.ti"
done
