/* pingpong: ranks 0 and 1 bounce messages of growing size and print the
 * one-way time and bandwidth for each size: the network's latency and
 * bandwidth as the simulated platform sees them.
 * Usage: pingpong [REPS [MAXSIZE]]   (default 10 repetitions, up to 16 MiB) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (size < 2) {
    if (rank == 0)
      fprintf(stderr, "pingpong needs at least 2 ranks\n");
    MPI_Finalize();
    return 1;
  }
  int reps = argc > 1 ? atoi(argv[1]) : 10;
  long max = argc > 2 ? atol(argv[2]) : 16L << 20;
  char *buf = calloc((size_t)max + 1, 1);
  if (rank == 0)
    printf("%12s %16s %14s\n", "bytes", "one-way (us)", "MB/s");
  for (long n = 1; n <= max; n *= 4) {
    /* one untimed round trip first: both ranks then start the clock in step */
    double t0 = 0;
    for (int i = -1; i < reps; i++) {
      if (i == 0)
        t0 = MPI_Wtime();
      if (rank == 0) {
        MPI_Send(buf, (int)n, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(buf, (int)n, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else if (rank == 1) {
        MPI_Recv(buf, (int)n, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buf, (int)n, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
      }
    }
    double oneway = (MPI_Wtime() - t0) / (2.0 * reps);
    if (rank == 0)
      printf("%12ld %16.3f %14.2f\n", n, oneway * 1e6, (double)n / oneway / 1e6);
  }
  free(buf);
  MPI_Finalize();
  return 0;
}
