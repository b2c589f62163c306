#!/usr/bin/env bash
# Per-call overheads: smpi/os (blocking send), smpi/ois (non-blocking send)
# and smpi/or (receive) add exactly their offset to the simulated time, as in
# SMPI (checked against smpirun 3.32 on this platform).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/ovh.c" <<'C'
#include <mpi.h>
#include <stdio.h>
int main(int c, char **v)
{
  MPI_Init(&c, &v);
  int r, x = 1;
  MPI_Request q;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  if (r == 0) {
    double t = MPI_Wtime();
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    double t1 = MPI_Wtime();
    MPI_Isend(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, &q);
    double t2 = MPI_Wtime();
    MPI_Wait(&q, MPI_STATUS_IGNORE);
    printf("send %.6f isend %.6f\n", t1 - t, t2 - t1);
  } else {
    double t = MPI_Wtime();
    MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("recv %.6f\n", MPI_Wtime() - t);
    MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" "$work/ovh.c" -o "$work/ovh"
printf 'node-0\nnode-1\n' > "$work/hosts"
out=$("$top/wrappers/simrun" -q -np 2 -platform "$top/platforms/cluster.xml" -hostfile "$work/hosts" \
  --cfg=smpi/simulate-computation:no --cfg=smpi/wtime:0 --cfg=smpi/os:0:0.001:0 --cfg=smpi/ois:0:0.002:0 \
  --cfg=smpi/or:0:0.003:0 "$work/ovh" | sort)
# recv: 1 ms of send overhead, the 42.3 us transfer, then 3 ms of receive overhead
want=$(printf 'recv 0.004042\nsend 0.001000 isend 0.002000')
if [ "$out" = "$want" ]; then
  echo "ok: $out"
else
  printf 'FAIL: got\n%s\nwant\n%s\n' "$out" "$want"
  exit 1
fi
