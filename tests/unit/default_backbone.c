/* The first half of the ranks each send 1 MiB to their partner in the second
 * half, all at once: every transfer crosses the backbone. Rank 0 prints the
 * longest time a rank took. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size, n = 1 << 20;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  char *buf = calloc((size_t)n, 1);
  double t0 = MPI_Wtime();
  if (rank < size / 2)
    MPI_Send(buf, n, MPI_CHAR, rank + size / 2, 0, MPI_COMM_WORLD);
  else
    MPI_Recv(buf, n, MPI_CHAR, rank - size / 2, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  double t = MPI_Wtime() - t0, most;
  MPI_Reduce(&t, &most, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("%.9f\n", most);
  free(buf);
  MPI_Finalize();
  return 0;
}
