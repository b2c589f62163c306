#!/usr/bin/env bash
# Weak scaling with measured computation (issue 27): bench/halo2d.c (a 2D
# Jacobi-shaped halo exchange, a 64x64 block per rank: 4 Irecv, a packing burst
# before each of 4 Isend, an interior sweep of about 10 us, Waitall, the rim,
# an Allreduce every 5 iterations; 10 iterations) at N ranks on the embedded
# default platform (one rank per host) under simrun, and under smpirun on the
# same cluster of N hosts up to SMPI_MAX ranks (default 4096; -no-privatize:
# SMPI's dlopen privatization dies at 10,000 ranks).
# Prints wall and CPU seconds (user + system), peak RSS, the ranks' own
# computation (thread CPU time the program measured around its bursts, the
# same work on both tools), and the simulator's CPU per point-to-point message
# once that computation is taken out, with its ratio to the first size's.
# Usage: [CFG="--cfg=K:V ..."] [ITERS=10] bench/halo_scale.sh [N...]   (default: 1024 4096 16384 65536)
# CFG goes to both tools (e.g. --cfg=surf/precision:1e-7, see RESULTS.md).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1024 4096 16384 65536)
smpi_max=${SMPI_MAX:-4096}
iters=${ITERS:-10}
read -r -a cfg <<< "${CFG:-}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
have_smpi=0
command -v smpirun >/dev/null && have_smpi=1
"$top/wrappers/simcc" -O2 "$top/bench/halo2d.c" -o "$work/halo_simpi"
[ $have_smpi = 0 ] || smpicc -O2 "$top/bench/halo2d.c" -o "$work/halo_smpi" 2>/dev/null || have_smpi=0

# runs "$@": prints "wall cpu rss_mb", the program's line in $work/out
measure() {
  if /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$@" >"$work/out" 2>"$work/err"; then
    awk '{printf "%.2f %.2f %.0f\n", $1, $2 + $3, $4 / 1024}' "$work/t"
  else
    echo "failed - -"
    tail -2 "$work/err" >&2
  fi
}
field() { sed -n "s/.*$1.*/\\1/p" "$work/out"; }
per_msg() { awk -v c="$1" -v p="$2" -v m="$3" 'BEGIN{ if (c + 0 > 0 && m > 0) printf "%.2f", (c - p) / m * 1e6; else printf "-" }'; }

printf '%7s %-8s %8s %8s %7s %12s %9s %9s %11s %10s\n' ranks tool "wall (s)" "CPU (s)" "RSS MB" "simulated" \
  messages "comp (s)" "us/message" "x 1st"
first=
for n in "${sizes[@]}"; do
  read -r w c r < <(measure "$top/wrappers/simrun" -q -np "$n" "${cfg[@]}" "$work/halo_simpi" "$iters" 64)
  sim=$(field 'simulated \([0-9.]*\) s') msgs=$(field ', \([0-9]*\) messages') comp=$(field 'computation \([0-9.]*\) s')
  [ -n "$msgs" ] || { echo "simrun failed at $n ranks" >&2; cat "$work/err" >&2; exit 1; }
  pm=$(per_msg "$c" "$comp" "$msgs")
  [ -n "$first" ] || first=$pm
  printf '%7d %-8s %8s %8s %7s %12s %9s %9s %11s %10s\n' "$n" simrun "$w" "$c" "$r" "$sim" "$msgs" "$comp" "$pm" \
    "$(awk -v a="$pm" -v b="$first" 'BEGIN{printf "%.2f", a / b}')"
  if [ $have_smpi = 1 ] && [ "$n" -le "$smpi_max" ]; then
    "$top/bench/cluster_of.sh" "$n" > "$work/p.xml"
    read -r w2 c2 r2 < <(measure smpirun -np "$n" -platform "$work/p.xml" -no-privatize --log=root.thres:error \
      "${cfg[@]}" "$work/halo_smpi" "$iters" 64)
    printf '%7d %-8s %8s %8s %7s %12s %9s %9s %11s %10s\n' "$n" smpirun "$w2" "$c2" "$r2" \
      "$(field 'simulated \([0-9.]*\) s')" "$(field ', \([0-9]*\) messages')" "($comp)" "$(per_msg "$c2" "$comp" "$msgs")" \
      "CPU x $(awk -v a="$c" -v b="$c2" 'BEGIN{ if (a > 0 && b > 0) printf "%.2f", b / a; else printf "-" }')"
  fi
done
