#!/usr/bin/env bash
# Nonblocking collectives completed by MPI_Test alone do not pile up in the
# simulator: a test keeps its transfer's SimGrid handle until the rank's next
# fresh wait, which a rank that only tests collectives never makes, so it
# kept every one (and each later completion walked them all: MPICH's
# coll/nonblocking3 took 84 s on one rank, 0.9 s now). A rank holding more
# than 64 releases them before its next computation or sleep. tested_nbc.c:
# every result is right, and the peak memory of 40,000 test-completed
# Iallreduce calls on 2 ranks is that of 2,000 (within 8 MiB; keeping every
# handle cost 69 MiB more).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/tests/unit/tested_nbc.c" -o "$work/prog"
run() { "$top/wrappers/simrun" -q -np 2 "$work/prog" "$1"; }
read -r wrong2k rss2k < <(run 2000)
read -r wrong40k rss40k < <(run 40000)
echo "2,000 calls: $wrong2k wrong, peak $rss2k KiB; 40,000 calls: $wrong40k wrong, peak $rss40k KiB"
[ "$wrong2k" = 0 ]
[ "$wrong40k" = 0 ]
[ $((rss40k - rss2k)) -lt 8192 ]
