#!/usr/bin/env bash
# OpenMP regions take the time the simulated host's cores give them (tests/unit/omp_time.c):
# - T threads sharing W seconds of work on a host of C cores take W / min(T, C), for C = 1, 4, 64
#   and T = 1, 2, 4, 8 (injected work: within 1%);
# - an imbalanced region takes its slowest thread's share;
# - two ranks on one 8-core host share its cores (4 threads each: W/4; 8 threads each: W/4 too;
#   within 2%: the two ranks start their regions a few microseconds of measured time apart);
# - measured computation: 8 threads on 64 cores are 8 times faster than one, however many cores
#   this machine has (within 15%);
# - a -fopenmp build run with one thread simulates the time of the plain build (within 2% for
#   measured steps, the best of seven runs each; within 0.1% for injected work).
# time limit: 240
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 -fopenmp "$top/tests/unit/omp_time.c" -o "$work/omp"
"$top/wrappers/simcc" -O2 "$top/tests/unit/omp_time.c" -o "$work/plain"
platform() { # platform CORES HOSTS
  cat >"$work/p$1.xml" <<XML
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="c" prefix="node-" suffix="" radical="0-$(($2 - 1))" speed="1Gf" core="$1"
           bw="10Gbps" lat="10us" bb_bw="100Gbps" bb_lat="1us"/>
</platform>
XML
}
fail=0
# close GOT WANT TOL WHAT: within TOL of WANT (relative), or 2 us (what simpi's own calls may add)
close() {
  if awk -v g="$1" -v w="$2" -v t="$3" 'BEGIN { d = g - w; if (d < 0) d = -d; exit !(d <= t * w || d <= 2e-6) }'; then
    echo "ok: $4: $1 s (expected $2)"
  else
    echo "FAIL: $4: $1 s, expected $2 (tolerance $3)"
    fail=1
  fi
}
run() { # run THREADS PLATFORM NP PROG ARGS...
  local t=$1 p=$2 np=$3
  shift 3
  OMP_NUM_THREADS=$t "$top/wrappers/simrun" -q -np "$np" -platform "$p" "$@"
}
W=0.008
for c in 1 4 64; do
  platform "$c" 2
  for t in 1 2 4 8; do
    want=$(awk -v w=$W -v t=$t -v c=$c 'BEGIN { m = t < c ? t : c; printf "%.9f", w / m }')
    close "$(run $t "$work/p$c.xml" 2 "$work/omp" balanced $W)" "$want" 0.01 "$t threads on $c cores"
  done
done
platform 4 2
close "$(run 4 "$work/p4.xml" 2 "$work/omp" imbalanced 0.001)" 0.004 0.01 "imbalanced region, 4 threads"
platform 8 1
for t in 4 8; do
  close "$(run $t "$work/p8.xml" 2 "$work/omp" balanced $W)" "$(awk -v w=$W 'BEGIN { printf "%.9f", w / 4 }')" 0.02 \
    "two ranks of $t threads on one 8-core host"
done
platform 64 1
one=$(run 1 "$work/p64.xml" 1 "$work/omp" measured 40000000)
eight=$(run 8 "$work/p64.xml" 1 "$work/omp" measured 40000000)
close "$(awk -v a="$one" -v b="$eight" 'BEGIN { printf "%.4f", a / b }')" 8 0.15 "measured loop: speed-up of 8 threads on 64 cores"
# the best of seven runs of each build, taken in turn (measured time only grows with noise)
plain="" omp=""
min() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || b < a) print b; else print a }'; }
for _ in 1 2 3 4 5 6 7; do
  plain=$(min "$plain" "$(run 1 "$work/p64.xml" 2 "$work/plain" steps 2000000 20)")
  omp=$(min "$omp" "$(run 1 "$work/p64.xml" 2 "$work/omp" steps 2000000 20)")
done
close "$omp" "$plain" 0.02 "one thread of a -fopenmp build against the plain build (measured steps)"
close "$(run 1 "$work/p64.xml" 2 "$work/omp" balanced $W)" "$(run 1 "$work/p64.xml" 2 "$work/plain" balanced $W)" 0.001 \
  "one thread of a -fopenmp build against the plain build (injected work)"
exit $fail
