/* pi: integrates 4/(1+x^2) over [0,1] with N intervals split among the
 * ranks, then MPI_Reduce sums the parts on rank 0.
 * Usage: pi [N]   (default 10000000) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long n = argc > 1 ? atol(argv[1]) : 10000000;
  double h = 1.0 / (double)n, part = 0.0, pi = 0.0;
  double t0 = MPI_Wtime();
  for (long i = rank; i < n; i += size) {
    double x = h * ((double)i + 0.5);
    part += 4.0 / (1.0 + x * x);
  }
  part *= h;
  MPI_Reduce(&part, &pi, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("pi = %.12f (error %.2e) with %ld intervals on %d ranks in %.6f s simulated\n", pi, pi - 3.141592653589793,
           n, size, MPI_Wtime() - t0);
  MPI_Finalize();
  return 0;
}
