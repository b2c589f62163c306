#!/usr/bin/env bash
# Sampling: the EP-shaped kernel (bench/ep.c) on RANKS ranks with every batch
# run, then with SMPI_SAMPLE_GLOBAL at a 25% sampling ratio. Prints both wall
# times (best of REPEATS), the speedup, and both simulated times with their
# difference. With smpirun installed, the same source is also built with
# smpicc and run by smpirun on the same platform: the simulated times of the
# two simulators are compared (their wall times too).
# Usage: bench/ep_sampling.sh [RANKS [BATCHES [REPEATS]]]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
np=${1:-16} batches=${2:-64} reps=${3:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/bench/ep.c" -o "$work/ep" -lm
"$top/bench/cluster_of.sh" "$np" > "$work/p.xml"
for i in $(seq 0 $((np - 1))); do echo "node-$i"; done > "$work/hosts"
common=(-np "$np" -platform "$work/p.xml" -hostfile "$work/hosts" --cfg=smpi/host-speed:1Gf)

# prints "best_wall simulated"
runbest() {
  local best= sim=
  for _ in $(seq "$reps"); do
    local s e
    s=$(date +%s.%N)
    local out
    out=$("$@" 2>/dev/null)
    e=$(date +%s.%N)
    sim=$(grep -oE '[0-9.]+ s simulated' <<< "$out" | cut -d' ' -f1)
    best=$(awk -v a="$best" -v b="$(awk -v s="$s" -v e="$e" 'BEGIN{print e-s}')" 'BEGIN{print (a=="" || b<a) ? b : a}')
  done
  echo "$best $sim"
}

read -r fw fs < <(runbest "$top/wrappers/simrun" -q "${common[@]}" "$work/ep" "$batches" 0)
read -r sw ss < <(runbest "$top/wrappers/simrun" -q "${common[@]}" "$work/ep" "$batches" 0.25)
printf 'ep: %d ranks x %d batches of %d pairs, best of %d runs\n' "$np" "$batches" 65536 "$reps"
printf '%-22s %10s %16s\n' run "wall (s)" "simulated (s)"
printf '%-22s %10.2f %16s\n' "simrun, all batches" "$fw" "$fs"
printf '%-22s %10.2f %16s\n' "simrun, 25% sampled" "$sw" "$ss"
awk -v a="$fw" -v b="$sw" -v x="$fs" -v y="$ss" \
  'BEGIN{printf "sampling: wall %.2fx faster, simulated time %+.2f%%\n", a/b, 100*(y-x)/x}'
if command -v smpirun >/dev/null && smpicc -O2 "$top/bench/ep.c" -o "$work/ep_smpi" -lm 2>/dev/null; then
  read -r mw ms < <(runbest smpirun "${common[@]}" --log=root.thres:error "$work/ep_smpi" "$batches" 0.25)
  printf '%-22s %10.2f %16s\n' "smpirun, 25% sampled" "$mw" "$ms"
  awk -v x="$ss" -v y="$ms" -v a="$sw" -v b="$mw" \
    'BEGIN{printf "same source under smpirun: simulated time %+.2f%% from simrun, wall %.2fx simrun'"'"'s\n", 100*(y-x)/x, b/a}'
fi
