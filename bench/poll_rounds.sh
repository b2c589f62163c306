#!/usr/bin/env bash
# Polling programs: rounds of K requests completed by MPI_Test against the
# same completed by MPI_Wait (bench/poll_rounds.c), at two round counts,
# under simrun and smpirun (on platforms/cluster.xml). Prints CPU seconds
# (user + system: the machine may be shared) and peak RSS; the cost of a
# test-completed request should not grow with the rounds done before.
# Usage: bench/poll_rounds.sh [K [ROUNDS1 ROUNDS2]]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
k=${1:-1000} r1=${2:-20} r2=${3:-80}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/bench/poll_rounds.c" -o "$work/simpi"
have_smpi=0
command -v smpicc >/dev/null && smpicc -O2 "$top/bench/poll_rounds.c" -o "$work/smpi" 2>/dev/null && have_smpi=1
measure() {
  if /usr/bin/time -f "%U %S %M" -o "$work/t" "$@" >/dev/null 2>&1; then
    awk '{printf "%.2f %.0f\n", $1 + $2, $3 / 1024}' "$work/t"
  else
    echo "failed -"
  fi
}
printf '%6s %6s %-5s %9s %7s %9s %7s\n' K rounds mode "simrun s" "RSS MB" "smpirun s" "RSS MB"
for r in "$r1" "$r2"; do
  for mode in t w; do
    read -r sc sr < <(measure "$top/wrappers/simrun" -q -np 2 "$work/simpi" "$k" "$r" $mode)
    mc=- mr=-
    [ $have_smpi = 0 ] || read -r mc mr < <(measure smpirun -np 2 -platform "$top/platforms/cluster.xml" \
      -no-privatize --log=root.thres:error "$work/smpi" "$k" "$r" $mode)
    printf '%6d %6d %-5s %9s %7s %9s %7s\n' "$k" "$r" "$mode" "$sc" "$sr" "$mc" "$mr"
  done
done
