#!/usr/bin/env bash
# MPI_Comm_split_type(MPI_COMM_TYPE_SHARED) groups the ranks that run on the
# same simulated host: with a hostfile of 3 slots per host, 7 ranks make
# groups of 3, 3 and 1. MPI 4.0's HW_GUIDED with mpi_hw_resource_type
# "mpi_shared_memory" gives the same groups, and so does HW_UNGUIDED on the
# world (naming that level in its info); HW_UNGUIDED within one host finds no
# smaller level: MPI_COMM_NULL.
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
  MPI_Info info, ginfo;
  MPI_Comm ung, gui, inner;
  int r1, r2, flag;
  char level[64] = "";
  MPI_Info_create(&info);
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_UNGUIDED, rank, info, &ung);
  MPI_Info_get(info, "mpi_hw_resource_type", 63, level, &flag);
  MPI_Info_create(&ginfo);
  MPI_Info_set(ginfo, "mpi_hw_resource_type", "mpi_shared_memory");
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_HW_GUIDED, rank, ginfo, &gui);
  MPI_Comm_compare(ung, shm, &r1);
  MPI_Comm_compare(gui, shm, &r2);
  MPI_Comm_split_type(shm, MPI_COMM_TYPE_HW_UNGUIDED, rank, MPI_INFO_NULL, &inner);
  printf("rank %d on %s: shared rank %d of %d; unguided %s (%s), guided %s; within the host %s\n", rank, host, srank,
         ssize, r1 == MPI_CONGRUENT ? "same" : "other", level, r2 == MPI_CONGRUENT ? "same" : "other",
         inner == MPI_COMM_NULL ? "MPI_COMM_NULL" : "a communicator");
  MPI_Comm_free(&ung);
  MPI_Comm_free(&gui);
  MPI_Info_free(&info);
  MPI_Info_free(&ginfo);
  MPI_Comm_free(&shm);
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" "$work/st.c" -o "$work/st"
printf 'node-0:3\nnode-1:3\nnode-2:3\n' > "$work/hosts"
out=$("$top/wrappers/simrun" -q -np 7 -platform "$top/platforms/cluster.xml" -hostfile "$work/hosts" "$work/st" | sort)
want='rank 0 on node-0: shared rank 0 of 3; unguided same (mpi_shared_memory), guided same; within the host MPI_COMM_NULL
rank 1 on node-0: shared rank 1 of 3; unguided same (mpi_shared_memory), guided same; within the host MPI_COMM_NULL
rank 2 on node-0: shared rank 2 of 3; unguided same (mpi_shared_memory), guided same; within the host MPI_COMM_NULL
rank 3 on node-1: shared rank 0 of 3; unguided same (mpi_shared_memory), guided same; within the host MPI_COMM_NULL
rank 4 on node-1: shared rank 1 of 3; unguided same (mpi_shared_memory), guided same; within the host MPI_COMM_NULL
rank 5 on node-1: shared rank 2 of 3; unguided same (mpi_shared_memory), guided same; within the host MPI_COMM_NULL
rank 6 on node-2: shared rank 0 of 1; unguided same (mpi_shared_memory), guided same; within the host MPI_COMM_NULL'
if [ "$out" = "$want" ]; then echo "ok"; else printf 'FAIL: got\n%s\n' "$out"; exit 1; fi
