#!/usr/bin/env bash
# The hybrid MPI + OpenMP proxy (bench/hybrid.c) at RANKS ranks on the embedded default
# cluster (one rank per 16-core host): the plain build under smpirun and simrun, and the
# -fopenmp build under simrun with 1, 2 and 4 threads per rank (smpirun cannot run -fopenmp
# builds: libgomp's threads escape its simulation). Each is run three times, the run of median
# simulated time shown (measured computation is noisy). Prints simulated seconds per step, wall
# and CPU seconds (user + system), peak RSS, and the ratios: smpirun/simrun wall on the plain
# build, the one-thread -fopenmp build against the plain build (simulated), and the speed-up
# of 2 and 4 threads (simulated).
# Usage: bench/hybrid.sh [RANKS [N [STEPS]]]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
np=${1:-64} n=${2:-32} steps=${3:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/bench/hybrid.c" -o "$work/plain"
"$top/wrappers/simcc" -O2 -fopenmp "$top/bench/hybrid.c" -o "$work/omp"
have_smpi=0
command -v smpicc >/dev/null && smpicc -O2 "$top/bench/hybrid.c" -o "$work/smpi" 2>/dev/null && have_smpi=1

# measure LABEL CMD...: prints "LABEL simulated wall cpu rss_mb", the run of median simulated
# time of three (measured computation is noisy on a shared machine)
measure() {
  local label=$1 i
  shift
  for i in 1 2 3; do
    if /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$@" >"$work/out" 2>"$work/err"; then
      local sim
      sim=$(grep -oE '[0-9.]+ s simulated per step' "$work/out" | cut -d' ' -f1)
      awk -v l="$label" -v s="$sim" '{printf "%-22s %10s %7.2f %7.2f %7.0f\n", l, s, $1, $2 + $3, $4 / 1024}' "$work/t"
    else
      echo "$label failed - - - -"
      tail -3 "$work/err" >&2
    fi
  done | sort -k2,2g | sed -n 2p
}

echo "hybrid: $np ranks, $n^3 cells per rank, $steps steps"
printf "%-22s %10s %7s %7s %7s\n" tool "sim/step" wall cpu rss_mb
{
  "$top/bench/cluster_of.sh" "$np" >"$work/cluster.xml"
  [ $have_smpi = 1 ] && measure smpirun_plain smpirun -np "$np" --cfg=smpi/host-speed:1Gf \
    -platform "$work/cluster.xml" "$work/smpi" "$n" "$steps"
  measure simrun_plain "$top/wrappers/simrun" -q -np "$np" "$work/plain" "$n" "$steps"
  for t in 1 2 4; do
    measure "simrun_fopenmp_T$t" env OMP_NUM_THREADS=$t "$top/wrappers/simrun" -q -np "$np" "$work/omp" "$n" "$steps"
  done
} | tee "$work/table"
awk '
  $1 == "smpirun_plain" { sw = $3 }
  $1 == "simrun_plain" { pw = $3; ps = $2 }
  $1 == "simrun_fopenmp_T1" { s1 = $2 } $1 == "simrun_fopenmp_T2" { s2 = $2 } $1 == "simrun_fopenmp_T4" { s4 = $2 }
  END {
    if (sw && pw) printf "smpirun/simrun wall, plain build: %.2fx\n", sw / pw
    if (ps && s1) printf "-fopenmp with 1 thread / plain, simulated: %.3f\n", s1 / ps
    if (s1 && s2) printf "speed-up of 2 threads: %.2f, of 4 threads: %.2f (simulated)\n", s1 / s2, s1 / s4
  }' "$work/table"
