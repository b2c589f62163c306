#!/usr/bin/env bash
# With a coarser timing precision (--cfg=surf/precision:1e-7, README's "Large
# runs"), each MPI_Wtime still costs simulated time (smpi/wtime, 1e-8 s,
# shorter than the precision, lasts the precision), so a loop waiting for the
# clock ends, in at most 1,000 calls for 100 us, and SimGrid prints none of
# its "smaller than the SimGrid numerical accuracy" lines (one per call before).
# At the default precision the same loop takes more calls (each costs 1e-8 s).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/tests/unit/precision_sleep.c" -o "$work/spin"
read -r coarse t1 < <("$top/wrappers/simrun" -q -np 1 --cfg=surf/precision:1e-7 "$work/spin" 2>"$work/err")
read -r fine t2 < <("$top/wrappers/simrun" -q -np 1 "$work/spin")
echo "precision 1e-7: $coarse calls, $t1 s; 1e-9: $fine calls, $t2 s; $(grep -c 'numerical accuracy' "$work/err") log lines"
! grep -q 'numerical accuracy' "$work/err"
[ "$coarse" -gt 0 ] && [ "$coarse" -le 1000 ] && [ "$fine" -gt "$coarse" ]
awk -v a="$t1" -v b="$t2" 'BEGIN { exit !(a >= 1e-4 && a < 1.1e-4 && b >= 1e-4 && b < 1.1e-4) }'
