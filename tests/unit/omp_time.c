/* OpenMP regions timed on the simulated host's cores (tests/unit/omp_timing.sh). Each mode
 * prints the simulated seconds its region took on rank 0:
 *   balanced S      every thread of the team computes S / team size seconds (injected)
 *   imbalanced S    thread i computes (i + 1) * S seconds (injected)
 *   measured N      a parallel loop of N iterations of real computation (static schedule)
 *   steps N K       K steps of: measured loop of N iterations, a parallel region with no
 *                   work, an Allreduce (as a hybrid code's time step); with or without -fopenmp
 * Every rank runs the same region; the region is bracketed by barriers, after a first region
 * that starts the threads (their first touches of memory are not what is measured). */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

static volatile double sink;

static double spin(long n, double x)
{
  for (long i = 0; i < n; i++)
    x = x * 1.0000001 + 1e-9;
  return x;
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const char *mode = argc > 1 ? argv[1] : "balanced";
  double s = argc > 2 ? atof(argv[2]) : 0.01;
  long n = argc > 2 ? atol(argv[2]) : 1000000, k = argc > 3 ? atol(argv[3]) : 10;
#pragma omp parallel
  sink = 1;
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  if (!strcmp(mode, "balanced")) {
#pragma omp parallel
    {
      int t = 1;
#ifdef _OPENMP
      t = omp_get_num_threads();
#endif
      smpi_execute(s / t);
    }
  } else if (!strcmp(mode, "imbalanced")) {
#pragma omp parallel
    {
      int i = 0;
#ifdef _OPENMP
      i = omp_get_thread_num();
#endif
      smpi_execute((i + 1) * s);
    }
  } else if (!strcmp(mode, "measured")) {
    double x = 0;
#pragma omp parallel for schedule(static) reduction(+ : x)
    for (int c = 0; c < 64; c++)
      x += spin(n / 64, c);
    sink = x;
  } else if (!strcmp(mode, "steps")) {
    double x = 1;
    for (long step = 0; step < k; step++) {
      x = spin(n, x);
#pragma omp parallel
      {
        sink = x;
      }
      MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    }
    sink = x;
  }
  double t1 = MPI_Wtime();
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank == 0)
    printf("%.9f\n", t1 - t0);
  MPI_Finalize();
  return 0;
}
