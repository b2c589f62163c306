#!/usr/bin/env bash
# Start-up scale: a hello as a first real program writes it (Init, the host
# name, five ranks print, Barrier, Finalize: bench/hello_named.c), and its
# lower bound that computes nothing between Init and the barrier
# (bench/hello_barrier.c), with N ranks on the embedded
# default platform under simrun (privatization on), with its default
# collective selector (MPICH's rules: a dissemination barrier) and with
# smpi/coll-selector:smpi (smpirun's own algorithms), and the same program
# under smpirun (privatization off: SMPI's dlopen privatization dies at
# 10,000 ranks) on the same cluster of N hosts, up to SMPI_MAX ranks (default
# 20000: its barrier grows as N^2.5 and its stacks stop it at 100,000).
# Prints wall and CPU seconds (user + system: the machine may be shared) and
# peak RSS of each, and smpirun/simrun ratios of CPU time.
# Usage: bench/hello_scale.sh [N...]   (default: 1000 10000)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000)
smpi_max=${SMPI_MAX:-20000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
have_smpi=0
command -v smpirun >/dev/null && have_smpi=1
for prog in named barrier; do
  "$top/wrappers/simcc" -O2 "$top/bench/hello_$prog.c" -o "$work/${prog}_simpi"
  [ $have_smpi = 0 ] || smpicc -O2 "$top/bench/hello_$prog.c" -o "$work/${prog}_smpi" 2>/dev/null || have_smpi=0
done

# runs "$@", prints "wall cpu rss_mb" or "failed"
measure() {
  if /usr/bin/time -f "%e %U %S %M" -o "$work/t" "$@" >/dev/null 2>"$work/err"; then
    awk '{printf "%.2f %.2f %.0f\n", $1, $2 + $3, $4 / 1024}' "$work/t"
  else
    echo "failed - -"
    tail -2 "$work/err" >&2
  fi
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN{ if (a + 0 > 0 && b + 0 > 0) printf "%.2f", b / a; else printf "-" }'; }

printf '%8s %-8s %-9s %9s %9s %8s %9s %9s %8s %8s\n' ranks program selector "wall (s)" "CPU (s)" "RSS MB" \
  "smpirun" "CPU (s)" "RSS MB" "CPU x"
for n in "${sizes[@]}"; do
  for prog in named barrier; do
    mw=- mc=- mr=-
    if [ $have_smpi = 1 ] && [ "$n" -le "$smpi_max" ]; then
      "$top/bench/cluster_of.sh" "$n" > "$work/p.xml"
      read -r mw mc mr < <(measure smpirun -np "$n" -platform "$work/p.xml" -no-privatize \
        --log=root.thres:error "$work/${prog}_smpi")
    fi
    for sel in default smpi; do
      cfg=()
      [ $sel = smpi ] && cfg=(--cfg=smpi/coll-selector:smpi)
      read -r sw sc sr < <(measure "$top/wrappers/simrun" -q -np "$n" "${cfg[@]}" "$work/${prog}_simpi")
      printf '%8d %-8s %-9s %9s %9s %8s %9s %9s %8s %8s\n' "$n" "$prog" "$sel" "$sw" "$sc" "$sr" "$mw" "$mc" "$mr" \
        "$(ratio "$sc" "$mc")"
    done
  done
done
