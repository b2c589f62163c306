#!/usr/bin/env bash
# MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) groups the ranks that run on the
# same simulated host: with a hostfile of 3 slots per host, 7 ranks make
# groups of 3, 3 and 1.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/st.c" <<'C'
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, srank, ssize;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm shm;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &shm);
  MPI_Comm_rank(shm, &srank);
  MPI_Comm_size(shm, &ssize);
  char host[MPI_MAX_PROCESSOR_NAME];
  int len;
  MPI_Get_processor_name(host, &len);
  printf("rank %d on %s: shared rank %d of %d\n", rank, host, srank, ssize);
  MPI_Comm_free(&shm);
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" "$work/st.c" -o "$work/st"
printf 'node-0:3\nnode-1:3\nnode-2:3\n' > "$work/hosts"
out=$("$top/wrappers/simrun" -q -np 7 -platform "$top/platforms/cluster.xml" -hostfile "$work/hosts" "$work/st" | sort)
want='rank 0 on node-0: shared rank 0 of 3
rank 1 on node-0: shared rank 1 of 3
rank 2 on node-0: shared rank 2 of 3
rank 3 on node-1: shared rank 0 of 3
rank 4 on node-1: shared rank 1 of 3
rank 5 on node-1: shared rank 2 of 3
rank 6 on node-2: shared rank 0 of 1'
if [ "$out" = "$want" ]; then echo "ok"; else printf 'FAIL: got\n%s\n' "$out"; exit 1; fi
