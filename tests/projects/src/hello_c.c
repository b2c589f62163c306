/* One of the three programs of the build-system checks: MPI from C. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, size, sum;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Reduce(&rank, &sum, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("C: %d ranks, sum %d\n", size, sum);
  MPI_Finalize();
  return 0;
}
