#!/usr/bin/env bash
# SMPI source compatibility: sampling counts (LOCAL per rank, GLOBAL per
# site, threshold stopping), injected costs visible in MPI_Wtime
# (SMPI_SAMPLE_DELAY/FLOPS, smpi_execute*), skipped iterations charged at the
# mean, simulated clocks (gettimeofday, sleep), shared and partially shared
# memory (two buffers from one line are not taken for one), SMPI_SHARED_CALL.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
check() { # name got want
  if [ "$2" = "$3" ]; then echo "ok: $1"; else printf 'FAIL: %s\n  got:  %s\n  want: %s\n' "$1" "$2" "$3"; fail=1; fi
}
"$top/wrappers/simcc" -O1 "$top/tests/smpi/sample_counts.c" -o "$work/counts"
"$top/wrappers/simcc" -O1 "$top/tests/smpi/inject.c" -o "$work/inject"
"$top/wrappers/simcc" -O1 "$top/tests/smpi/shared.c" -o "$work/shared"
"$top/wrappers/simcc" -O1 "$top/tests/smpi/shared_helper.c" -o "$work/shared_helper"
"$top/wrappers/simcc" -O1 -DSIMPI_NO_CLOCK_OVERRIDE "$top/tests/smpi/inject.c" -o "$work/inject_real"
run() { "$top/wrappers/simrun" -q "$@"; }

check "sampling counts" "$(run -np 4 "$work/counts" | sort | tr '\n' ' ')" \
  "global: 5 bodies run in all, 4 loops ended local: each rank ran 3 of 20 never: 6 bodies run threshold: 2 bodies run "
# costs: no measured computation, no clock charge, exact times
check "injected costs" "$(run -np 1 --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 "$work/inject")" \
  "delay 0.500000 flops 2.000000 execute 0.250000 execute_flops 0.500000 benched 0.125000 gettimeofday 3.375000 sleep 2.000000 usleep 0.250000 nanosleep 1.500000 time =gettimeofday date real"
# host-speed is the speed of the machine that runs the program: seconds measured
# (or given) on a faster one are more flops for the 1 Gf simulated hosts
check "host speed scales known seconds" \
  "$(run -np 1 --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 --cfg=smpi/host-speed:2Gf "$work/inject" | cut -d' ' -f1-8)" \
  "delay 1.000000 flops 2.000000 execute 0.500000 execute_flops 0.500000"
out=$(run -np 1 --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 "$work/inject_real")
case "$out" in *"gettimeofday 3.375000"*) check "clock override can be turned off" "real" "simulated" ;; *) echo "ok: -DSIMPI_NO_CLOCK_OVERRIDE keeps the real clocks" ;; esac
for mode in local global; do
  check "shared memory ($mode)" "$(run -np 3 --cfg=smpi/shared-malloc:$mode "$work/shared" | sort | tr '\n' ' ')" \
    "rank 1: shared sees 42, partial shared part sees 7, private part sees 0, call computed elsewhere: 1 rank 2: shared sees 42, partial shared part sees 7, private part sees 0, call computed elsewhere: 1 "
done
check "buffers from one shared line are not aliases" "$(run -np 3 "$work/shared_helper" 2>&1 | tr '\n' ' ')" \
  "allreduce between shared buffers: done same private buffer: MPI_ERR_BUFFER "
check "no sharing" "$(run -np 3 --cfg=smpi/shared-malloc:no "$work/shared" | sort | head -1)" \
  "rank 1: shared sees 0, partial shared part sees 0, private part sees 0, call computed elsewhere: 1"
# skipped iterations cost the mean of the sampled ones (timed by the CPU
# clock, as the program times them): without the measured computation, the
# simulated time of the loop is the 36 skipped iterations at the mean, 0.9 of
# the 40 bodies the program would have run
ratio=$(run -np 1 --cfg=smpi/simulate-computation:no "$work/counts" mean)
awk -v r="$ratio" 'BEGIN { exit !(r > 0.75 && r < 1.05) }' && echo "ok: skipped iterations charged at the mean ($ratio)" ||
  { echo "FAIL: skipped iterations charged at the mean: ratio $ratio"; fail=1; }
exit $fail
