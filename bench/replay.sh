#!/usr/bin/env bash
# Trace replay: records the ring sample (RANKS x LAPS, 1 KiB) with simrun,
# then replays the trace with simrun and with smpirun (smpirun -replay) on the
# same platform and hostfile. Prints wall times (best of REPEATS), simulated
# times and the ratio. Usage: bench/replay.sh [RANKS [LAPS [REPEATS]]]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
np=${1:-64} laps=${2:-2000} reps=${3:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v smpirun >/dev/null || { echo "bench/replay.sh: smpirun not installed"; exit 1; }
"$top/wrappers/simcc" -O2 "$top/samples/ring.c" -o "$work/ring"
sed "s/radical=\"0-63\"/radical=\"0-$((np - 1))\"/" "$top/platforms/cluster.xml" > "$work/p.xml"
for i in $(seq 0 $((np - 1))); do echo "node-$i"; done > "$work/hosts"
common=(-np "$np" -platform "$work/p.xml" -hostfile "$work/hosts")
"$top/wrappers/simrun" -q "${common[@]}" --trace-ti="$work/ring.ti" "$work/ring" "$laps" 1024 >/dev/null
best() {
  local b=
  for _ in $(seq "$reps"); do
    local s e
    s=$(date +%s.%N)
    "$@" > "$work/out" 2>&1
    e=$(date +%s.%N)
    b=$(awk -v a="$b" -v s="$s" -v e="$e" 'BEGIN{d=e-s; print (a=="" || d<a) ? d : a}')
  done
  echo "$b"
}
sw=$(best "$top/wrappers/simrun" "${common[@]}" --replay="$work/ring.ti")
ss=$(sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p' "$work/out")
mw=$(best smpirun "${common[@]}" -replay "$work/ring.ti" --log=root.thres:error --log=smpi_replay.thres:info)
ms=$(sed -n 's/.*Simulation time \([0-9.]*\).*/\1/p' "$work/out")
printf 'replay of the ring trace: %d ranks x %d laps (%d messages), best of %d\n' "$np" "$laps" $((np * laps)) "$reps"
printf '%-8s %10s %16s\n' tool "wall (s)" "simulated (s)"
printf '%-8s %10.2f %16s\n' simrun "$sw" "$ss" smpirun "$mw" "$ms"
awk -v a="$sw" -v b="$mw" 'BEGIN{printf "smpirun/simrun wall: %.2fx\n", b/a}'
