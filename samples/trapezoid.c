/* trapezoid: integrates sin(x) over [A,B] with the trapezoid rule. The N
 * trapezoids are cut into one contiguous block per rank; each rank sums its
 * block and MPI_Reduce adds the partial sums on rank 0.
 * Shows: block decomposition of a loop, MPI_Reduce, and strong scaling: the
 * work is really executed and timed, so the simulated time falls as ranks are
 * added (compare -np 1, 2, 4, 8 and the serialised samples/slow.c).
 * Usage: trapezoid [N [A B]]   (default 4194304 trapezoids over [0, pi];
 *        the exact integral over [0, pi] is 2) */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static double f(double x) { return sin(x); }

/* The exact integral of f over [a,b], to report the error. */
static double exact(double a, double b) { return cos(a) - cos(b); }

/* Trapezoid rule over [a, a + n*h] with n trapezoids of width h. */
static double trapezoids(double a, long n, double h)
{
  double sum = (f(a) + f(a + (double)n * h)) / 2.0;
  for (long i = 1; i < n; i++)
    sum += f(a + (double)i * h);
  return sum * h;
}

int main(int argc, char **argv)
{
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  long n = argc > 1 ? atol(argv[1]) : 4194304;
  double a = argc > 3 ? atof(argv[2]) : 0.0;
  double b = argc > 3 ? atof(argv[3]) : 3.14159265358979323846;
  if (n < 1) {
    if (rank == 0)
      fprintf(stderr, "usage: trapezoid [N [A B]] with N >= 1\n");
    MPI_Finalize();
    return 1;
  }
  double h = (b - a) / (double)n;

  /* Rank r gets trapezoids [first, first + count): the first n % size ranks
   * take one more than the others, so the blocks differ by at most one. */
  long count = n / size + (rank < n % size ? 1 : 0);
  long first = rank * (n / size) + (rank < n % size ? rank : n % size);

  double t0 = MPI_Wtime();
  double part = trapezoids(a + (double)first * h, count, h);
  double total = 0.0;
  MPI_Reduce(&part, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  double t = MPI_Wtime() - t0;

  /* Only rank 0 prints. Ten decimals: partial sums added in another order
   * (another MPI, another number of ranks) may differ in the last bits. */
  if (rank == 0) {
    printf("integral of sin(x) from %.6f to %.6f with %ld trapezoids: %.10f\n", a, b, n, total);
    printf("error against the exact value: %.1e\n", fabs(total - exact(a, b)));
    printf("elapsed time (MPI_Wtime): %.6f s on %d ranks\n", t, size);
  }
  MPI_Finalize();
  return 0;
}
