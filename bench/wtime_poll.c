/* A rank waits for the clock: MPI_Wtime in a loop until SPAN simulated
 * seconds have passed (bsendpending's shape: it waits 2 s so). Rank 0 prints
 * how many calls that took. Usage: wtime_poll SPAN */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double span = argc > 1 ? atof(argv[1]) : 0.01, t0 = MPI_Wtime();
  long k = 0;
  while (MPI_Wtime() - t0 < span)
    k++;
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0)
    printf("calls %ld\n", k);
  MPI_Finalize();
  return 0;
}
