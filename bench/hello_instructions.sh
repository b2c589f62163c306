#!/usr/bin/env bash
# How the simulator's work grows with the number of ranks, free of cache
# effects: instructions executed (valgrind's callgrind) by hello with a
# barrier (MPI_Init, MPI_Barrier, MPI_Finalize) on the default platform,
# default selector (a dissemination barrier: N log2 N messages), computation
# not simulated: under valgrind every measured burst is some 50 times longer
# than natively, which would simulate another program (bursts above the 1 us
# threshold that spread the barrier's events). Prints each count and its
# growth per doubling against N log N's. Valgrind cannot map more than
# about 10,000 contexts. Usage: bench/hello_instructions.sh [N...]
# (default 1000 2000 4000 8000)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
command -v valgrind >/dev/null || { echo "hello_instructions: needs valgrind (apt-get install -y valgrind)" >&2; exit 1; }
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 2000 4000 8000)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/bench/hello_barrier.c" -o "$work/hello"
# simrun runs the program itself: the same launcher, under callgrind
sed 's|exec "\$prog" "\$@"|exec valgrind -q --tool=callgrind --callgrind-out-file="$CG_OUT" "$prog" "$@"|' \
  "$top/wrappers/simrun" > "$work/simrun_cg"
chmod +x "$work/simrun_cg"
count() { CG_OUT="$work/cg.out" "$work/simrun_cg" -q -np "$1" "${@:2}" "$work/hello" >/dev/null
  callgrind_annotate "$work/cg.out" | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'; }
printf '%8s %16s %10s %12s\n' ranks instructions growth "N log N x"
prev=0 prevn=0
for n in "${sizes[@]}"; do
  i=$(count "$n" --cfg=smpi/simulate-computation:no)
  g=- e=-
  if [ "$prev" != 0 ]; then
    g=$(awk -v a="$i" -v b="$prev" 'BEGIN{printf "%.2f", a / b}')
    e=$(awk -v n="$n" -v m="$prevn" 'BEGIN{printf "%.2f", n * log(n) / (m * log(m))}')
  fi
  printf '%8d %16s %10s %12s\n' "$n" "$i" "$g" "$e"
  prev=$i prevn=$n
done
