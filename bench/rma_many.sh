#!/usr/bin/env bash
# Many one-sided operations in flight against smpirun (issue 27, the public
# suite's rma/manyrma2): bench/rma_many.c, 2 ranks on two hosts of
# platforms/cluster.xml, EPOCHS fence epochs of N puts, then of N accumulates,
# per rank, with nothing between the calls (as manyrma2) and with a measured
# burst of WORK dependent multiply-adds before each (as a real code computes
# what it sends). Prints for each tool the CPU seconds (user + system) of the
# launcher, peak RSS and the simulated time of the epochs, and smpirun/simrun
# in CPU. Usage: [OPS="put acc"] [WORKS="0 2000"] bench/rma_many.sh [EPOCHS [N...]]
# (default 2, 4096 16384)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
command -v smpirun >/dev/null || { echo "bench/rma_many.sh: smpirun not installed"; exit 1; }
epochs=${1:-2}
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(4096 16384)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/bench/rma_many.c" -o "$work/rma"
smpicc -O2 "$top/bench/rma_many.c" -o "$work/rma_smpi" 2>/dev/null
args=(-np 2 -platform "$top/platforms/cluster.xml")
measure() { # CPU seconds, peak RSS in MB, simulated seconds ("failed" for a run that did not end well)
  /usr/bin/time -f '%U %S %M' -o "$work/t" "$@" >"$work/out" 2>/dev/null || { echo "failed - -"; return; }
  awk -v s="$(sed -n 's/.*0 wrong, simulated \([0-9.]*\) s/\1/p' "$work/out")" \
    '{ printf "%.2f %.0f %s", $1 + $2, $3 / 1024, (s == "" ? "?" : s) }' "$work/t"
}
echo '| operation | N | work | simrun CPU (s) | RSS (MB) | simulated (s) | smpirun CPU (s) | RSS (MB) | simulated (s) | smpirun/simrun CPU |'
echo '|---|---|---|---|---|---|---|---|---|---|'
for op in ${OPS:-put acc}; do
  for n in "${sizes[@]}"; do
   for w in ${WORKS:-0 2000}; do
    read -r t1 m1 s1 <<<"$(measure "$top/wrappers/simrun" "${args[@]}" "$work/rma" "$op" "$n" "$epochs" "$w")"
    read -r t2 m2 s2 <<<"$(measure smpirun "${args[@]}" --cfg=smpi/host-speed:1Gf "$work/rma_smpi" "$op" "$n" "$epochs" "$w")"
    echo "| $op | $n | $w | $t1 | $m1 | $s1 | $t2 | $m2 | $s2 | $(awk -v a="$t1" -v b="$t2" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", b / a; else printf "-" }') |"
   done
  done
done
