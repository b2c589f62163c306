#!/usr/bin/env bash
# Computation is timed by what each rank itself used, not by what other
# processes take of the machine: a compute-bound kernel (short bursts
# between messages, then long ones; tests/unit/burst_load.c) gives the same
# simulated times, within 10%, alone and with three busy processes beside it;
# and the long phase's simulated time is the CPU time each rank used (the
# process's CPU time over the ranks, within 10%).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
busy=()
trap 'kill "${busy[@]}" 2>/dev/null || true; rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/tests/unit/burst_load.c" -o "$work/kernel"
run() { "$top/wrappers/simrun" -q -np 8 "$work/kernel" 500 5000; }
alone=$(run)
for i in 1 2 3; do
  sh -c 'while :; do :; done' &
  busy+=($!)
done
loaded=$(run)
kill "${busy[@]}"
echo "alone:  $alone (short phase, long phase: simulated seconds; CPU seconds per rank in the long phase)"
echo "loaded: $loaded"
awk -v a="$alone" -v b="$loaded" 'BEGIN {
  split(a, x, " "); split(b, y, " ")
  for (i = 1; i <= 2; i++) { d = (y[i] - x[i]) / x[i]; if (d < 0) d = -d; if (d > 0.10) exit 1 }
  d = (x[2] - x[3]) / x[3]; if (d < 0) d = -d; if (d > 0.10) exit 1
}'
