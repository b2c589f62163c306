/* A compute-bound kernel for tests/unit/burst_load.sh: phases of short
 * bursts (a few microseconds each) between messages, then of long bursts
 * between allreduces; rank 0 prints the simulated time of each phase, and
 * what the long phase should take: per iteration, the longest of the ranks'
 * bursts as the process's CPU clock saw it (ranks run one at a time in this
 * process, so the CPU time around a rank's burst is that burst's own). */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

static unsigned keys[4096];

static unsigned work(int n, unsigned h)
{
  for (int i = 0; i < n; i++) {
    h = h * 1103515245u + 12345u;
    keys[h % 4096] += h >> 7;
  }
  return h;
}

static double seconds(const struct rusage *u)
{
  return (double)(u->ru_utime.tv_sec + u->ru_stime.tv_sec) + 1e-6 * (double)(u->ru_utime.tv_usec + u->ru_stime.tv_usec);
}

int main(int argc, char **argv)
{
  int rank, size, iters = argc > 1 ? atoi(argv[1]) : 500, short_work = argc > 2 ? atoi(argv[2]) : 5000;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  unsigned h = (unsigned)rank, in;
  double t0 = MPI_Wtime();
  for (int it = 0; it < iters; it++) {
    h = work(short_work, h);
    MPI_Sendrecv(&h, 1, MPI_UNSIGNED, (rank + 1) % size, 0, &in, 1, MPI_UNSIGNED, (rank + size - 1) % size, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    h ^= in;
  }
  MPI_Barrier(MPI_COMM_WORLD);
  double t1 = MPI_Wtime();
  double cpu = 0;
  for (int it = 0; it < 5; it++) {
    struct rusage u0, u1;
    getrusage(RUSAGE_SELF, &u0);
    h = work(3000000, h);
    getrusage(RUSAGE_SELF, &u1);
    double d = seconds(&u1) - seconds(&u0);
    MPI_Allreduce(MPI_IN_PLACE, &d, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, &h, 1, MPI_UNSIGNED, MPI_BXOR, MPI_COMM_WORLD);
    cpu += d;
  }
  double t2 = MPI_Wtime();
  if (rank == 0)
    printf("%.6f %.6f %.6f\n", t1 - t0, t2 - t1, cpu);
  MPI_Finalize();
  return 0;
}
