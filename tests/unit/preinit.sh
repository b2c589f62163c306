#!/usr/bin/env bash
# Simulated time starts at MPI_Init, as in SMPI: 20 ms of CPU time computed
# before MPI_Init count in the rank's clock() but not in MPI_Wtime or the
# run's simulated time; the same 20 ms after MPI_Init are simulated. smpirun
# (when installed) is checked to behave so too. The loop reads the CPU clock
# at every turn: bursts shorter than smpi/cpu-threshold between two clock
# reads go on instead of being dropped, or the loop would take no time.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail=0
cat > p.c <<'C'
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double cpu(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
static void spin(double s) { volatile double x = 0; double t0 = cpu(); while (cpu() - t0 < s) x += 1; }
int main(int argc, char **argv)
{
  int after = argc > 1 && atoi(argv[1]);
  if (!after)
    spin(0.02);
  MPI_Init(&argc, &argv);
  if (after)
    spin(0.02);
  MPI_Barrier(MPI_COMM_WORLD);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    printf("%.6f %.6f\n", MPI_Wtime(), (double)clock() / CLOCKS_PER_SEC);
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" -O1 p.c -o p || exit 1
read -r before cpu_before < <("$top/wrappers/simrun" -q -np 2 ./p 0)
read -r after cpu_after < <("$top/wrappers/simrun" -q -np 2 ./p 1)
echo "before MPI_Init: Wtime $before s, clock() $cpu_before s; after: Wtime $after s, clock() $cpu_after s"
awk -v w="$before" -v c="$cpu_before" 'BEGIN { exit !(w < 0.001 && c >= 0.019) }' || { echo "FAIL: before MPI_Init"; fail=1; }
awk -v w="$after" 'BEGIN { exit !(w >= 0.019 && w < 0.03) }' || { echo "FAIL: after MPI_Init"; fail=1; }
if command -v smpirun >/dev/null && command -v smpicc >/dev/null; then
  printf '<?xml version="1.0"?>\n<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">\n<platform version="4.1">\n<cluster id="c" prefix="node-" radical="0-1" suffix="" speed="1Gf" bw="10Gbps" lat="1us"/>\n</platform>\n' > plat.xml
  printf 'node-0\nnode-1\n' > hosts
  smpicc -O1 p.c -o ps 2>/dev/null || exit 1
  for a in 0 1; do
    read -r w _ < <(smpirun -np 2 -platform plat.xml -hostfile hosts --cfg=smpi/host-speed:1Gf ./ps "$a" 2>/dev/null)
    echo "smpirun, computing $([ "$a" = 1 ] && echo after || echo before) MPI_Init: Wtime $w s"
    [ -n "$w" ] && awk -v w="$w" -v a="$a" 'BEGIN { exit !(a ? w >= 0.019 : w < 0.001) }' || { echo "FAIL: smpirun differs ($a)"; fail=1; }
  done
fi
exit $fail
