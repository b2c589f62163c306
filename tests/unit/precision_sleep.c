/* Spins on MPI_Wtime until 100 us of simulated time have passed; prints how
 * many calls it took and the simulated time that passed. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  double t0 = MPI_Wtime();
  long n = 0;
  while (MPI_Wtime() < t0 + 1e-4 && n < 100000000)
    n++;
  printf("%ld %.9f\n", n, MPI_Wtime() - t0);
  MPI_Finalize();
  return 0;
}
