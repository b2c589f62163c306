#!/usr/bin/env bash
# With a coarser timing precision (--cfg=surf/precision:1e-7, README's "Large
# runs"), each MPI_Wtime still costs its simulated time (smpi/wtime, 1e-8 s),
# so a loop waiting for the clock ends, and SimGrid prints none of its
# "smaller than the SimGrid numerical accuracy" lines (one per call once).
# The 10 ns add up in the rank's lag (kernel.c) and SimGrid sleeps them a
# microsecond at a time, so the loop takes exactly 10,000 calls for 100 us at
# either precision; before the lag, a sleep shorter than the precision lasted
# the precision (1,000 calls).
# The loop's own computation is not simulated (smpi/simulate-computation:no):
# measured, one pass could take tens of microseconds on a busy machine and end
# the loop late, and the count would depend on the machine's load.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/tests/unit/precision_sleep.c" -o "$work/spin"
run() { "$top/wrappers/simrun" -q -np 1 --cfg=smpi/simulate-computation:no "$@" "$work/spin"; }
read -r coarse t1 < <(run --cfg=surf/precision:1e-7 2>"$work/err")
read -r fine t2 < <(run)
echo "precision 1e-7: $coarse calls, $t1 s; 1e-9: $fine calls, $t2 s; $(grep -c 'numerical accuracy' "$work/err") log lines"
# one condition, the script's status (set -e ignores a failing ! or && operand)
if grep -q 'numerical accuracy' "$work/err" || [ "$coarse" -ne 10000 ] || [ "$fine" -ne 10000 ] ||
  ! awk -v a="$t1" -v b="$t2" 'BEGIN { exit !(a >= 1e-4 && a < 1.01e-4 && b >= 1e-4 && b < 1.01e-4) }'; then
  exit 1
fi
