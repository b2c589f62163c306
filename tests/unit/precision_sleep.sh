#!/usr/bin/env bash
# With a coarser timing precision (--cfg=surf/precision:1e-7, README's "Large
# runs"), each MPI_Wtime still costs its simulated time (smpi/wtime, 1e-8 s),
# so a loop waiting for the clock ends, and SimGrid prints none of its
# "smaller than the SimGrid numerical accuracy" lines (one per call once).
# The 10 ns add up in the rank's lag (kernel.c) and SimGrid sleeps them a
# microsecond at a time, so the loop takes at most 10,000 calls for 100 us at
# either precision (fewer where a measured burst passes 1 us); before the lag,
# a sleep shorter than the precision lasted the precision (1,000 calls).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/tests/unit/precision_sleep.c" -o "$work/spin"
# The loop's computation is measured: on a busy machine one pass may take tens of microseconds
# (the program's page or cache misses count as its computation), which ends the loop late. So
# a pair of runs that misses is made again once; a real regression misses both times.
try() {
  read -r coarse t1 < <("$top/wrappers/simrun" -q -np 1 --cfg=surf/precision:1e-7 "$work/spin" 2>"$work/err")
  read -r fine t2 < <("$top/wrappers/simrun" -q -np 1 "$work/spin")
  echo "precision 1e-7: $coarse calls, $t1 s; 1e-9: $fine calls, $t2 s; $(grep -c 'numerical accuracy' "$work/err") log lines"
  ! grep -q 'numerical accuracy' "$work/err" &&
    [ "$coarse" -gt 5000 ] && [ "$coarse" -le 10000 ] && [ "$fine" -gt 5000 ] && [ "$fine" -le 10000 ] &&
    awk -v a="$t1" -v b="$t2" 'BEGIN { exit !(a >= 1e-4 && a < 1.1e-4 && b >= 1e-4 && b < 1.1e-4) }'
}
try || { echo "again"; try; }
