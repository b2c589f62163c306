#!/usr/bin/env bash
# Request-based RMA operations are completed by flushes and unlocks too (MPI
# 3.1, 11.5.4): an Rput/Rget of 4 MiB followed by a flush costs what a Put/Get
# followed by a flush costs, and the Wait on its request afterwards costs
# nothing; an Rput's transfer is finished by Win_unlock as well.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/rf.c" <<'C'
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#define N (1 << 19) /* doubles: 4 MiB */
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int me;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  double *mem, *buf = calloc(N, sizeof *buf);
  MPI_Win w;
  MPI_Win_allocate(N * sizeof(double), sizeof(double), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &w);
  if (me == 0) {
    MPI_Request r;
    double t0, t1, t2;
    MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, w);
    t0 = MPI_Wtime(); MPI_Put(buf, N, MPI_DOUBLE, 1, 0, N, MPI_DOUBLE, w); MPI_Win_flush(1, w); t1 = MPI_Wtime();
    printf("put+flush %.6f\n", t1 - t0);
    t0 = MPI_Wtime(); MPI_Rput(buf, N, MPI_DOUBLE, 1, 0, N, MPI_DOUBLE, w, &r); MPI_Win_flush(1, w); t1 = MPI_Wtime();
    MPI_Wait(&r, MPI_STATUS_IGNORE); t2 = MPI_Wtime();
    printf("rput+flush %.6f wait %.6f\n", t1 - t0, t2 - t1);
    t0 = MPI_Wtime(); MPI_Get(buf, N, MPI_DOUBLE, 1, 0, N, MPI_DOUBLE, w); MPI_Win_flush(1, w); t1 = MPI_Wtime();
    printf("get+flush %.6f\n", t1 - t0);
    t0 = MPI_Wtime(); MPI_Rget(buf, N, MPI_DOUBLE, 1, 0, N, MPI_DOUBLE, w, &r); MPI_Win_flush(1, w); t1 = MPI_Wtime();
    MPI_Wait(&r, MPI_STATUS_IGNORE); t2 = MPI_Wtime();
    printf("rget+flush %.6f wait %.6f\n", t1 - t0, t2 - t1);
    t0 = MPI_Wtime(); MPI_Rput(buf, N, MPI_DOUBLE, 1, 0, N, MPI_DOUBLE, w, &r); MPI_Win_unlock(1, w); t1 = MPI_Wtime();
    MPI_Wait(&r, MPI_STATUS_IGNORE); t2 = MPI_Wtime();
    printf("rput+unlock %.6f wait %.6f\n", t1 - t0, t2 - t1);
  }
  MPI_Win_free(&w);
  free(buf);
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" "$work/rf.c" -o "$work/rf"
printf 'node-0\nnode-5\n' > "$work/hosts"
"$top/wrappers/simrun" -q -np 2 -platform "$top/platforms/cluster.xml" -hostfile "$work/hosts" \
  --cfg=smpi/simulate-computation:no "$work/rf" > "$work/out"
cat "$work/out"
awk '
  /^put\+flush/ { put = $2 } /^get\+flush/ { get = $2 }
  /^rput\+flush/ { if ($2 != put || $4 != "0.000000") bad = 1 }
  /^rget\+flush/ { if ($2 != get || $4 != "0.000000") bad = 1 }
  /^rput\+unlock/ { if ($2 < put || $4 != "0.000000") bad = 1 }
  END { if (put + 0 < 0.001 || get + 0 < 0.001) bad = 1; exit bad }' "$work/out"
echo ok
