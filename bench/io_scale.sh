#!/usr/bin/env bash
# Many ranks writing one shared file collectively (bench/io_bw.c: write_at_all of 1 MiB each, contiguous parts)
# with io/data:no on the embedded default platform: CPU seconds (user + system) and peak RSS from
# /usr/bin/time, and the simulated time. Issue 25 asks for 10,000 ranks in under a minute and 1 GiB.
# Usage: bench/io_scale.sh [RANKS_LIST]   (default "1000 4000 10000")
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$top/wrappers/simcc" -O2 "$top/bench/io_bw.c" -o io_bw
printf '%7s %9s %8s %13s %14s\n' ranks "wall (s)" "CPU (s)" "peak RSS (MB)" "simulated (s)"
for n in ${1:-1000 4000 10000}; do
  /usr/bin/time -f "%e %U %S %M" -o t "$top/wrappers/simrun" -q -np "$n" --cfg=io/data:no ./io_bw coll contig 1048576 > out
  read -r wall user sys rss < t
  sim=$(sed -n 's/.*: \([0-9.]*\) s simulated.*/\1/p' out)
  awk -v n="$n" -v w="$wall" -v c="$(echo "$user + $sys" | bc)" -v r="$rss" -v s="$sim" \
    'BEGIN { printf "%7d %9.2f %8.2f %13.0f %14s\n", n, w, c, r / 1024, s }'
done
