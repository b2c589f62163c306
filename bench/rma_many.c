/* Many one-sided operations in flight at once, the shape of the public MPI
 * suite's rma/manyrma2: 2 ranks, EPOCHS fence epochs, in each of which every
 * rank makes N one-int MPI_Put or MPI_Accumulate (MPI_SUM) calls to the
 * other's window; between two calls, WORK dependent multiply-adds computing
 * the value sent (measured computation, as a real code's; 0: nothing, as in
 * manyrma2). Rank 0 checks its window and prints the simulated time of the
 * epochs (bench/rma_many.sh).
 * Usage: rma_many put|acc N EPOCHS [WORK] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  if (argc < 4) {
    fprintf(stderr, "usage: rma_many put|acc N EPOCHS [WORK]\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  int acc = !strcmp(argv[1], "acc"), n = atoi(argv[2]), epochs = atoi(argv[3]), rank, one = 1;
  long work = argc > 4 ? atol(argv[4]) : 0;
  volatile double x = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  int *buf = calloc((size_t)n, sizeof(int));
  MPI_Win win;
  MPI_Win_create(buf, (MPI_Aint)n * (MPI_Aint)sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
  double t0 = MPI_Wtime();
  for (int e = 0; e < epochs; e++) {
    MPI_Win_fence(0, win);
    for (int i = 0; i < n; i++) {
      double v = x;
      for (long k = 0; k < work; k++)
        v = v * 0.999999 + 1e-9;
      x = v;
      one = 1 + (v < 0); /* the value sent depends on the work, which stays */
      if (acc)
        MPI_Accumulate(&one, 1, MPI_INT, 1 - rank, i, 1, MPI_INT, MPI_SUM, win);
      else
        MPI_Put(&one, 1, MPI_INT, 1 - rank, i, 1, MPI_INT, win);
    }
    MPI_Win_fence(0, win);
  }
  double t = MPI_Wtime() - t0;
  int want = acc ? epochs : 1, bad = 0;
  for (int i = 0; i < n; i++)
    bad += buf[i] != want;
  if (rank == 0)
    printf("%s %d x %d: %d wrong, simulated %.6f s\n", argv[1], n, epochs, bad, t);
  MPI_Win_free(&win);
  free(buf);
  MPI_Finalize();
  return bad != 0;
}
