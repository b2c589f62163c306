#!/usr/bin/env bash
# Many ranks per host: bench/lulesh_step.c (26 neighbours by Irecv, a short
# burst before each Isend, Waitall, Allreduce), 512 ranks on the 64 hosts
# (16 cores each) of platforms/cluster.xml (8 per host, so ranks never share a core), under simrun (with smpirun's
# collective algorithms, smpi/coll-selector:smpi) and smpirun in the same
# run, three ways:
#   measured  each burst is a loop of WORK iterations, timed by each tool
#             (smpi/host-speed:1Gf on both); the tools simulate different
#             bursts, since what each measures includes its own overheads
#   injected  each burst is smpi_execute_flops(WORK) and nothing is measured
#             (smpi/simulate-computation:no): both simulate the same program,
#             and the simulated times must agree
#   none      the loop runs but is not simulated (simulate-computation:no)
# Prints wall and CPU seconds (user + system: the machine may be shared),
# peak RSS and the simulated time of the steps, and smpirun/simrun CPU.
# Usage: bench/lulesh_step.sh [RANKS [STEPS [WORK [PER_HOST]]]]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
np=${1:-512} steps=${2:-2} work=${3:-2000} per=${4:-8}
work_dir=$(mktemp -d)
trap 'rm -rf "$work_dir"' EXIT
"$top/wrappers/simcc" -O2 "$top/bench/lulesh_step.c" -o "$work_dir/step_simpi"
have_smpi=0
command -v smpicc >/dev/null && smpicc -O2 "$top/bench/lulesh_step.c" -o "$work_dir/step_smpi" 2>/dev/null && have_smpi=1
for i in $(seq 0 63); do echo "node-$i:$per"; done > "$work_dir/hosts"
common=(-np "$np" -platform "$top/platforms/cluster.xml" -hostfile "$work_dir/hosts" --cfg=smpi/host-speed:1Gf)

# prints "wall cpu rss_mb simulated" of "$@"
measure() {
  if /usr/bin/time -f "%e %U %S %M" -o "$work_dir/t" "$@" >"$work_dir/out" 2>"$work_dir/err"; then
    local sim
    sim=$(grep -oE '[0-9.]+ s simulated' "$work_dir/out" | head -1 | cut -d' ' -f1)
    awk -v s="$sim" '{printf "%.2f %.2f %.0f %s\n", $1, $2 + $3, $4 / 1024, s}' "$work_dir/t"
  else
    echo "failed - - -"
    tail -2 "$work_dir/err" >&2
  fi
}

echo "lulesh_step: $np ranks, $per per 16-core host, $steps steps, bursts of $work iterations"
printf '%-8s %-12s %9s %9s %8s %14s\n' tool bursts "wall (s)" "CPU (s)" "RSS MB" "simulated (s)"
for mode in measured injected none; do
  comp=yes arg=$work
  [ $mode = measured ] || comp=no
  [ $mode = injected ] && arg=-$work
  cfg=(--cfg=smpi/simulate-computation:$comp)
  read -r sw sc sr ss < <(measure "$top/wrappers/simrun" -q "${common[@]}" "${cfg[@]}" --cfg=smpi/coll-selector:smpi \
    "$work_dir/step_simpi" "$steps" "$arg")
  printf '%-8s %-12s %9s %9s %8s %14s\n' simrun "$mode" "$sw" "$sc" "$sr" "$ss"
  if [ $have_smpi = 1 ]; then
    read -r mw mc mr ms < <(measure smpirun "${common[@]}" "${cfg[@]}" --log=root.thres:error \
      "$work_dir/step_smpi" "$steps" "$arg")
    printf '%-8s %-12s %9s %9s %8s %14s\n' smpirun "$mode" "$mw" "$mc" "$mr" "$ms"
    awk -v a="$sc" -v b="$mc" 'BEGIN{ if (a + 0 > 0 && b + 0 > 0) printf "smpirun/simrun CPU: %.2fx\n", b / a }'
    if [ $mode = injected ] && [ "$ss" != "$ms" ]; then
      echo "injected bursts: simulated times differ ($ss against $ms)" >&2
      exit 1
    fi
  fi
done
