/* slow: a parallel program that is not parallel. It sums 1/k^2 for k = 1..N
 * (the sum tends to pi^2/6), each rank taking one block of the terms, but a
 * token carries the running sum from rank size-1 down to rank 0: rank r
 * waits for the token from rank r+1, adds its block, and passes it to rank
 * r-1. Rank r's work therefore starts only when rank r+1's is done: the
 * ranks compute one after another, and more ranks do not make it faster
 * (they only add one message per rank).
 *
 * How the simulated time shows it: under simrun all ranks really run one
 * after the other on this machine's core anyway, so the wall time is the same
 * whatever the code does. But each rank's computation is placed on its own
 * simulated host, starting when that rank is ready: in this program a rank
 * is only ready when the token arrives, so the computations line up end to
 * end on the simulated clock. Compare
 *     simrun -np 1 ./slow;  simrun -np 2 ./slow;  ... -np 4, -np 8
 * (elapsed time about constant) with the same runs of "./slow fixed", where
 * every rank computes its block at once and MPI_Reduce adds the blocks:
 * the elapsed time then falls like 1/ranks. The timeline printed at the end
 * (when MPI_Wtime is a global clock, as in simpi) shows when each rank
 * computed.
 * Usage: slow [fixed] [N]   (default N = 20000000) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sum of 1/k^2 for k in [first, first + count), largest k first: adding the
 * small terms first loses less to rounding. */
static double block_sum(long first, long count)
{
  double s = 0.0;
  for (long k = first + count - 1; k >= first; k--)
    s += 1.0 / ((double)k * (double)k);
  return s;
}

int main(int argc, char **argv)
{
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int fixed = argc > 1 && strcmp(argv[1], "fixed") == 0;
  long n = argc > 1 + fixed ? atol(argv[1 + fixed]) : 20000000;
  if (n < 1) {
    if (rank == 0)
      fprintf(stderr, "usage: slow [fixed] [N] with N >= 1\n");
    MPI_Finalize();
    return 1;
  }
  /* My block of terms, from 1 + first. Rank 0 has the largest terms. */
  long count = n / size + (rank < n % size ? 1 : 0);
  long first = 1 + rank * (n / size) + (rank < n % size ? rank : n % size);

  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime(), begin, end, sum = 0.0;
  if (!fixed) {
    /* The serialised version: the token is the running sum. Rank size-1
     * starts; each other rank waits for it, adds its block, and sends it on
     * towards rank 0, which ends with the total. The receive is what makes
     * each rank wait for all the ranks above it. */
    double token = 0.0;
    if (rank != size - 1)
      MPI_Recv(&token, 1, MPI_DOUBLE, rank + 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    begin = MPI_Wtime();
    token += block_sum(first, count);
    end = MPI_Wtime();
    if (rank != 0)
      MPI_Send(&token, 1, MPI_DOUBLE, rank - 1, 0, MPI_COMM_WORLD);
    sum = token;
  } else {
    /* The fix: compute at once, combine at the end. */
    begin = MPI_Wtime();
    double part = block_sum(first, count);
    end = MPI_Wtime();
    MPI_Reduce(&part, &sum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  }
  double t = MPI_Wtime() - t0;

  /* When did each rank compute? Gather (begin, end) on rank 0. */
  double mine[2] = {begin - t0, end - t0};
  double *all = rank == 0 ? malloc(2 * (size_t)size * sizeof *all) : NULL;
  MPI_Gather(mine, 2, MPI_DOUBLE, all, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  int *is_global, flag;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &is_global, &flag);

  if (rank == 0) {
    printf("slow (%s): sum of 1/k^2 for k = 1..%ld on %d ranks: %.12f\n",
           fixed ? "fixed, Reduce" : "token passed from rank to rank", n, size, sum);
    printf("elapsed time (MPI_Wtime): %.6f s\n", t);
    if (flag && *is_global)
      for (int r = 0; r < size; r++)
        printf("  timeline: rank %2d computed from %.6f to %.6f s\n", r, all[2 * r], all[2 * r + 1]);
  }
  free(all);
  MPI_Finalize();
  return 0;
}
