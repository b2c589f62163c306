#!/usr/bin/env bash
# Passive-target lock contention (tests/unit/rma_lock_stress.c): 7 ranks take
# turns at an exclusive lock on rank 0's window, 100 read-increment-write
# rounds each, while rank 0 waits in a barrier. Every round must count (700),
# and the rounds must be serialized: the simulated time is 7 times (within 1%) that of
# one rank alone, which must be within 5% of smpirun's time for one rank
# alone. (smpirun 3.32 is no reference under contention: its exclusive locks
# let two ranks in at once, and it loses counts.)
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/tests/unit/rma_lock_stress.c" -o "$work/ls"
for i in $(seq 0 7); do echo "node-$i"; done > "$work/hosts"
args=(-platform "$top/platforms/cluster.xml" -hostfile "$work/hosts" --cfg=smpi/simulate-computation:no)
read -r _ count _ t8 < <("$top/wrappers/simrun" -q -np 8 "${args[@]}" "$work/ls")
read -r _ _ _ t2 < <("$top/wrappers/simrun" -q -np 2 "${args[@]}" "$work/ls")
[ "$count" = 700 ] || { echo "FAIL: count $count, not 700"; exit 1; }
echo "ok: 7 ranks x 100 rounds counted 700"
awk -v a="$t8" -v b="$t2" 'BEGIN { d = a / (7 * b) - 1; if (d < 0) d = -d
  printf "%s: 7 ranks %.6f s, 7 x one rank %.6f s (%.2f%%)\n", d <= 0.01 ? "ok" : "FAIL", a, 7 * b, 100 * d; exit d > 0.01 }'
if ! command -v smpirun >/dev/null || ! command -v smpicc >/dev/null; then
  echo "SKIP: smpirun not installed"
  exit 0
fi
smpicc -O2 "$top/tests/unit/rma_lock_stress.c" -o "$work/ls_smpi" 2>/dev/null
read -r _ _ _ s2 < <(smpirun -np 2 "${args[@]}" --log=root.thres:error "$work/ls_smpi" 2>/dev/null)
awk -v a="$t2" -v b="$s2" 'BEGIN { d = (a - b) / b; if (d < 0) d = -d
  printf "%s: one rank alone %.6f s, smpirun %.6f s (%.2f%%)\n", d <= 0.05 ? "ok" : "FAIL", a, b, 100 * d; exit d > 0.05 }'
