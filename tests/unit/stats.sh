#!/usr/bin/env bash
# --stats: the per-rank table counts the messages and bytes each rank sent and
# splits simulated time into computation and MPI families; the call sites
# table names the receive where the time went, with its source line.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/st.c" <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, buf[100] = {0};
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < 3; i++)
    if (rank == 0)
      MPI_Send(buf, 100, MPI_INT, 1, 0, MPI_COMM_WORLD);
    else
      MPI_Recv(buf, 100, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* the waiting line */
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" "$work/st.c" -o "$work/st"
out=$("$top/wrappers/simrun" -q -np 2 --stats --cfg=smpi/simulate-computation:no "$work/st" 2>&1)
fail=0
want() {
  if grep -Eq -- "$1" <<< "$out"; then echo "ok: $2"; else echo "FAIL: $2 (no line matching $1)"; fail=1; fi
}
want '^  0 +0\.000000 +[0-9.]+ +0\.000000 +[0-9.]+ +3 +1200$' "rank 0 sent 3 messages, 1200 bytes, no computation"
want '^  1 +0\.000000 +0\.000[0-9]*[1-9][0-9]* +0\.000000 +[0-9.]+ +0 +0$' "rank 1 spent its time in point-to-point"
want '^ +0\.000[0-9]*[1-9][0-9]* +3 +MPI_Recv +st\.c:11 ' "the receive line leads the call sites"
printf '%s\n' "$out" | head -3
exit $fail
