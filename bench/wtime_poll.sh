#!/usr/bin/env bash
# Polling the clock against smpirun: bench/wtime_poll.c, 2 ranks each calling
# MPI_Wtime until SPAN simulated seconds have passed (smpi/wtime, 1e-8 s a
# call, on both tools), one rank per host of platforms/cluster.xml. Prints the
# calls rank 0 made, CPU seconds (user + system) of each launcher, peak RSS,
# and smpirun/simrun in CPU per call (smpirun makes fewer calls: its own
# time in each is measured as computation). Usage: bench/wtime_poll.sh [SPAN...]  (default 0.01 0.1)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
command -v smpirun >/dev/null || { echo "bench/wtime_poll.sh: smpirun not installed"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/bench/wtime_poll.c" -o "$work/poll"
smpicc -O2 "$top/bench/wtime_poll.c" -o "$work/poll_smpi" 2>/dev/null
args=(-np 2 -platform "$top/platforms/cluster.xml")
measure() { # calls, CPU seconds, peak RSS in MB
  /usr/bin/time -f '%U %S %M' -o "$work/t" "$@" >"$work/out" 2>/dev/null
  awk -v calls="$(sed -n 's/^calls //p' "$work/out")" '{ printf "%s %.2f %.0f", calls, $1 + $2, $3 / 1024 }' "$work/t"
}
echo '| span (s) | simrun calls | simrun CPU (s) | RSS (MB) | smpirun calls | smpirun CPU (s) | RSS (MB) | smpirun/simrun CPU per call |'
echo '|---|---|---|---|---|---|---|---|'
for s in "${@:-0.01 0.1}"; do
  read -r c1 t1 m1 <<<"$(measure "$top/wrappers/simrun" "${args[@]}" "$work/poll" "$s")"
  read -r c2 t2 m2 <<<"$(measure smpirun "${args[@]}" --cfg=smpi/host-speed:1Gf "$work/poll_smpi" "$s")"
  echo "| $s | $c1 | $t1 | $m1 | $c2 | $t2 | $m2 | $(awk -v a="$t1" -v b="$t2" -v x="$c1" -v y="$c2" 'BEGIN { printf "%.1f", (a > 0 && y > 0 ? b / y / (a / x) : 0) }') |"
done
