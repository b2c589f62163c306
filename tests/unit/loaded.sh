#!/usr/bin/env bash
# The suite holds on a busy machine (a laptop with other work on it): with two busy loops per
# core beside it, a subset of the tests that time things (simulated times against formulas,
# measured computation, many programs built and run) passes. tests/run limits each process's
# CPU time and scales its wall-time limits by the machine's load; this runs it in a build folder
# of its own.
# time limit: 900
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
busy=()
trap 'kill "${busy[@]}" 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq $((2 * $(nproc)))); do
  sh -c 'while :; do :; done' &
  busy+=($!)
done
SIMPI_TEST_BUILD=$work "$top/tests/run" mpi/coll_allreduce mpi/omp_master_mpi errors/deadlock_cycle \
  unit/coll_timing.sh unit/platforms.sh unit/extrap.sh unit/omp_timing.sh unit/burst_load.sh unit/samples.sh
