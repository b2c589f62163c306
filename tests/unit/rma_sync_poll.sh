#!/usr/bin/env bash
# A rank polling its own window with MPI_Win_sync (unified memory) sees
# another rank's Put, even with computation not simulated: Win_sync lets the
# other ranks run (it used to spin forever there). MPICH 4.0 itself hangs on
# this program (its target needs progress), so simpi alone runs it.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/poll.c" <<'C'
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  volatile int flag[1] = {0};
  MPI_Win win;
  MPI_Win_create((void *)flag, sizeof flag, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  MPI_Win_lock_all(0, win);
  if (rank == 0) {
    while (flag[0] == 0)
      MPI_Win_sync(win);
    printf("rank 0 saw %d\n", flag[0]);
  } else {
    int seven = 7;
    MPI_Put(&seven, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    MPI_Win_flush(0, win);
  }
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" -O2 "$work/poll.c" -o "$work/poll"
out=$(timeout 20 "$top/wrappers/simrun" -q -np 2 --cfg=smpi/simulate-computation:no "$work/poll")
[ "$out" = "rank 0 saw 7" ] || { echo "FAIL: got '$out'"; exit 1; }
echo "ok: Win_sync polling sees the Put"
