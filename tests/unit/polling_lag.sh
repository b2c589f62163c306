#!/usr/bin/env bash
# A rank that polls (MPI_Wtime in a loop, MPI_Win_sync on its window) does
# not make a SimGrid sleep per pass: its short sleeps add up and are slept
# before its next SimGrid call or once they reach smpi/cpu-threshold
# (kernel.c). Its clock loses nothing: no MPI_Wtime step is shorter than
# smpi/wtime. A rank's writes to others' memory happen at its own time (it
# sleeps its lag first): no poller sees a flag before it was put. What
# changes is how late a poller may see it: under the threshold (1 us) plus a
# pass, where it was under two passes with the threshold at 0 (every sleep
# SimGrid's, as before). The message that follows arrives at the same time
# either way. Computation is not simulated there, so that only the model
# counts; with the program's computation measured between its calls (as users
# run), the bounds move with the bursts, but the flag is still never seen
# before it was put, and no clock step is shorter than smpi/wtime.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/tests/unit/polling_lag.c" -o "$work/poll"
run() { "$top/wrappers/simrun" -q -np 2 "$@" "$work/poll" | sort; }
run --cfg=smpi/simulate-computation:no >"$work/lag"
run --cfg=smpi/simulate-computation:no --cfg=smpi/cpu-threshold:0 >"$work/exact"
run >"$work/measured"
cat "$work/lag" "$work/exact" "$work/measured"
field() { sed -n "s/.*$1 \([0-9.e+-]*\).*/\1/p" "$2"; }
[ "$(field 'short steps' "$work/lag")" = 0 ]
awk -v l="$(field 'seen after' "$work/lag")" -v e="$(field 'seen after' "$work/exact")" \
  -v a="$(field 'received at' "$work/lag")" -v b="$(field 'received at' "$work/exact")" \
  'BEGIN { exit !(l >= 0 && l < 1.02e-6 && e >= 0 && e < 3e-8 && a == b && a > 1e-3) }'
[ "$(field 'short steps' "$work/measured")" = 0 ]
awk -v m="$(field 'seen after' "$work/measured")" 'BEGIN { exit !(m >= 0) }'
