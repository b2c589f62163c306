#!/usr/bin/env bash
# MPI-IO on the storage model (bench/io_bw.c), on the embedded default platform (4 storage
# servers, 1 GB/s disks) with io/data:no (times only; the buffers are SMPI_SHARED_MALLOC'd):
#  1. a bandwidth sweep: ranks x bytes per rank x collective/independent x contiguous/interleaved
#     (64 KiB blocks), the simulated time and aggregate bandwidth of each;
#  2. the simulator's cost per I/O call against its cost per message: 64 ranks making 2000
#     independent 1 KiB writes each, and the ring sample's 64 ranks x 2000 laps of 1 KiB
#     (CPU seconds, user + system, as the machine may be shared);
#  3. many ranks writing 1 MiB each to one shared file collectively: bench/io_scale.sh SCALES.
# smpirun 3.32 is not compared: its MPI_File_open crashes (SIGSEGV inside a simcall) on platforms
# whose hosts have <disk> elements with a mount point, the only storage its MPI-IO can use.
# Usage: bench/io.sh [RANKS_LIST [SIZES_LIST [SCALES]]]   e.g. bench/io.sh "1 16 256" "1M 64M 1G" "1000 10000"
# (RANKS_LIST "-": no sweep; SCALES "-": no scale runs)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
ranks=(${1:-1 16 256}) sizes=(${2:-1M 64M 1G}) scales=${3:-1000 4000 10000}
[ "${ranks[*]}" = - ] && ranks=()
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$top/wrappers/simcc" -O2 "$top/bench/io_bw.c" -o io_bw
"$top/wrappers/simcc" -O2 "$top/samples/ring.c" -o ring
bytes() { numfmt --from=iec "$1"; }
cpu() { /usr/bin/time -f "%e %U %S %M" -o t "$@" > out 2> err || { tail -3 err >&2; return 1; }
        awk '{printf "%.2f %.2f %.0f\n", $1, $2 + $3, $4 / 1024}' t; }

[ ${#ranks[@]} -gt 0 ] && echo "1. bandwidth (simulated), default platform, io/data:no" &&
printf '%6s %6s %-6s %-7s %12s %10s\n' ranks size mode layout "time (s)" "MB/s"
for n in "${ranks[@]}"; do
  for s in "${sizes[@]}"; do
    for mode in coll indep; do
      for layout in contig inter; do
        "$top/wrappers/simrun" -q -np "$n" --cfg=io/data:no ./io_bw "$mode" "$layout" "$(bytes "$s")" > out
        read -r t bw < <(sed -n 's/.*: \([0-9.]*\) s simulated, \([0-9.]*\) MB\/s/\1 \2/p' out)
        printf '%6s %6s %-6s %-7s %12s %10s\n' "$n" "$s" "$mode" "$layout" "$t" "$bw"
      done
    done
  done
done

echo "2. simulator cost per call (64 ranks x 2000 calls of 1 KiB)"
read -r w1 c1 r1 < <(cpu "$top/wrappers/simrun" -q -np 64 --cfg=io/data:no ./io_bw indep contig 2048000 2000)
read -r w2 c2 r2 < <(cpu "$top/wrappers/simrun" -q -np 64 ./ring 2000 1024)
awk -v a="$c1" -v b="$c2" 'BEGIN { printf "I/O call: %.2f us CPU, message: %.2f us CPU, ratio %.2f\n",
  a / 128000 * 1e6, b / 128000 * 1e6, a / b }'

if [ "$scales" != - ]; then
  echo "3. ranks writing 1 MiB each collectively"
  "$top/bench/io_scale.sh" "$scales"
fi
