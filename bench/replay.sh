#!/usr/bin/env bash
# Trace replay against smpirun, and the cost of recording. Two programs on
# RANKS ranks: the ring sample (LAPS laps of 1 KiB) and bench/coll_heavy.c
# (ROUNDS rounds of Allreduce, Bcast, Alltoall, Allgather, Reduce, Gather and
# Barrier of 1024 doubles). Each is run on-line without and with
# --trace-ti (ti-compat, so that smpirun reads every line), then its trace is
# replayed by simrun and by smpirun on the same platform and hostfile, with the
# same collective algorithms forced on both sides (those that give identical
# times in bench/coll_smpi.sh). Prints CPU times (user + system, the least of REPEATS: wall time on a shared or virtual machine counts others' work and stalls), simulated
# times and the ratios. For the ring it also times bench/kernel_floor.c, the
# same messages on SimGrid's C API alone (no MPI layer, no trace): what any
# SimGrid-based replayer pays at least, so smpirun/floor bounds the speed-up. Usage: bench/replay.sh [RANKS [LAPS [ROUNDS [REPEATS]]]]
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
np=${1:-64} laps=${2:-2000} rounds=${3:-100} reps=${4:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v smpirun >/dev/null || { echo "bench/replay.sh: smpirun not installed"; exit 1; }
"$top/wrappers/simcc" -O2 "$top/samples/ring.c" -o "$work/ring"
"$top/wrappers/simcc" -O2 "$top/bench/coll_heavy.c" -o "$work/coll_heavy"
cc -O2 "$top/bench/kernel_floor.c" -o "$work/kernel_floor" $(pkg-config --cflags --libs simgrid)
"$top/bench/cluster_of.sh" "$np" > "$work/p.xml"
for i in $(seq 0 $((np - 1))); do echo "node-$i"; done > "$work/hosts"
common=(-np "$np" -platform "$work/p.xml" -hostfile "$work/hosts")
mine=(--cfg=smpi/barrier:dissemination --cfg=smpi/bcast:binomial_tree --cfg=smpi/allreduce:rdb --cfg=smpi/reduce:binomial
      --cfg=smpi/alltoall:pair --cfg=smpi/allgather:ring --cfg=smpi/gather:binomial)
theirs=(--cfg=smpi/barrier:ompi_bruck --cfg=smpi/bcast:binomial_tree --cfg=smpi/allreduce:rdb --cfg=smpi/reduce:binomial
        --cfg=smpi/alltoall:pair --cfg=smpi/allgather:ring --cfg=smpi/gather:ompi_binomial)
best() { # least CPU time (user + system) of REPEATS runs of "$@"; the last run's output in $work/out
  local b= TIMEFORMAT='%U %S'
  for _ in $(seq "$reps"); do
    { time "$@" > "$work/out" 2>&1; } 2> "$work/cpu"
    b=$(awk -v a="$b" '{ d = $1 + $2; print (a == "" || d < a) ? d : a }' "$work/cpu")
  done
  echo "$b"
}
simtime() { sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p' "$work/out"; }
printf '%d ranks, best of %d; CPU times (user + system) in seconds\n' "$np" "$reps"
printf '| program | on-line | on-line + trace | overhead | simrun --replay | smpirun -replay | smpirun/simrun | SimGrid alone | smpirun/SimGrid alone | simulated (on-line / simrun / smpirun) |\n'
printf '|---|---|---|---|---|---|---|---|---|---|\n'
for prog in ring coll_heavy; do
  if [ $prog = ring ]; then args=("$laps" 1024) label="ring ($laps laps)"; else args=("$rounds" 1024) label="coll_heavy ($rounds rounds)"; fi
  on=$(best "$top/wrappers/simrun" "${common[@]}" "${mine[@]}" "$work/$prog" "${args[@]}")
  rm -rf "$work/$prog.ti" "$work/$prog.ti_files"
  tr=$(best "$top/wrappers/simrun" "${common[@]}" "${mine[@]}" --cfg=tracing/ti-compat:yes --trace-ti="$work/$prog.ti" \
    "$work/$prog" "${args[@]}")
  ts=$(simtime)
  sw=$(best "$top/wrappers/simrun" "${common[@]}" "${mine[@]}" --replay="$work/$prog.ti")
  ss=$(simtime)
  mw=$(best smpirun "${common[@]}" "${theirs[@]}" -replay "$work/$prog.ti" --log=root.thres:error --log=smpi_replay.thres:info)
  ms=$(sed -n 's/.*Simulation time \([0-9.]*\).*/\1/p' "$work/out")
  fw=
  [ $prog = ring ] && fw=$(best "$work/kernel_floor" "$work/p.xml" "$np" "$laps" 1024 --cfg=network/model:SMPI --log=root.thres:critical)
  awk -v l="$label" -v on="$on" -v tr="$tr" -v sw="$sw" -v mw="$mw" -v fw="$fw" -v ts="$ts" -v ss="$ss" -v ms="$ms" 'BEGIN {
    f = fw == "" ? "| - | -" : sprintf("| %.2f | %.2fx", fw, mw / fw)
    printf "| %s | %.2f | %.2f | %+.1f%% | %.2f | %.2f | %.2fx %s | %s / %s / %s |\n", l, on, tr, 100 * (tr - on) / on, sw, mw, mw / sw, f, ts, ss, ms }'
done
