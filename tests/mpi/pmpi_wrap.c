/* what this tests: a profiling layer: the program defines MPI_Send and
 *   MPI_Barrier itself, counts the calls and forwards them to PMPI_
 * np: 4
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

static int sends, barriers;

int MPI_Send(const void *buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
  sends++;
  return PMPI_Send(buf, count, type, dest, tag, comm);
}

int MPI_Barrier(MPI_Comm comm)
{
  barriers++;
  return PMPI_Barrier(comm);
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size, v;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  for (int i = 0; i < 3; i++) {
    if (rank == 0)
      for (int d = 1; d < size; d++)
        MPI_Send(&d, 1, MPI_INT, d, i, MPI_COMM_WORLD);
    else
      MPI_Recv(&v, 1, MPI_INT, 0, i, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
  }
  /* collectives inside the library must not show up as the user's sends */
  int sum;
  MPI_Allreduce(&rank, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  printf("rank %d: %d sends, %d barriers, sum %d\n", rank, sends, barriers, sum);
  MPI_Finalize();
  return 0;
}
