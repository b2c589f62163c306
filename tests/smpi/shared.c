/* Shared memory: a write through rank 0's pointer is seen through the
 * others'; the private part of a partially shared block is not; a shared
 * call runs once. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>

static int computed;
static int *expensive(int n)
{
  computed++;
  int *p = malloc(sizeof *p);
  *p = n;
  return p;
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  size_t big = 64 << 20, page = 4096;
  int *a = SMPI_SHARED_MALLOC(big);
  /* [0, 16 pages) shared, [16, 32 pages) private */
  size_t ranges[2] = {0, 16 * page};
  char *p = SMPI_PARTIAL_SHARED_MALLOC(32 * page, ranges, 1);
  if (rank == 0) {
    a[0] = 42;
    p[100] = 7;
    p[20 * page] = 9;
  }
  MPI_Barrier(MPI_COMM_WORLD);
  int *r = SMPI_SHARED_CALL(expensive, "key", 5);
  /* the first rank to get there runs it; the others get its result without
   * running it (computed is a global, so each rank counts its own calls) */
  int total = 0;
  MPI_Allreduce(&computed, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  int ok = *r == 5 && total == 1;
  if (rank != 0)
    printf("rank %d: shared sees %d, partial shared part sees %d, private part sees %d, call computed elsewhere: %d\n",
           rank, a[0], p[100], p[20 * page], ok);
  MPI_Barrier(MPI_COMM_WORLD);
  SMPI_SHARED_FREE(a);
  SMPI_SHARED_FREE(p);
  MPI_Finalize();
  return 0;
}
