/* bcast_compare: three ways to broadcast a buffer from rank 0 to all ranks,
 * timed for several message sizes:
 *   MPI_Bcast  the library's own algorithm;
 *   linear     rank 0 sends the buffer to every other rank in turn:
 *              size-1 messages, all leaving the root one after another;
 *   binomial   a tree built with Send/Recv: in round k every rank that has
 *              the data sends it to the rank 2^k further on, so the number
 *              of ranks holding it doubles each round: ceil(log2 size) rounds.
 * Each broadcast is timed from the moment the root starts it (after a
 * barrier) to the moment the last rank has the data, and averaged over REPS
 * repetitions. A barrier does not release all ranks at once: with a
 * dissemination barrier a rank may leave it several message latencies after
 * another. So when the clocks are global (MPI_WTIME_IS_GLOBAL; true in simpi,
 * whose MPI_Wtime is one simulated clock), the latest end time is compared
 * with the root's start time; otherwise each rank's own elapsed time is used,
 * which misses how late some ranks started. A last line says whether every
 * rank received the right bytes with every method.
 * Shows: why collective algorithms matter (latency-bound small messages,
 * bandwidth-bound large ones), and how to time a collective fairly.
 * Usage: bcast_compare [REPS [MAXSIZE]]   (default 5 repetitions; sizes 1,
 *        16, 256, ... bytes up to MAXSIZE, default 1 MiB) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

/* Linear broadcast: the root sends to each rank, one after the other. */
static void bcast_linear(char *buf, int n, int root, MPI_Comm comm)
{
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (rank == root) {
    for (int r = 0; r < size; r++)
      if (r != root)
        MPI_Send(buf, n, MPI_BYTE, r, 0, comm);
  } else {
    MPI_Recv(buf, n, MPI_BYTE, root, 0, comm, MPI_STATUS_IGNORE);
  }
}

/* Binomial-tree broadcast. Ranks are renumbered relative to the root
 * (rel = 0 is the root). A rank with rel > 0 receives once, from rel minus
 * its lowest set bit; then it sends to rel + m for every power of two m
 * below that bit, the largest first (its subtree is the largest). With 8
 * ranks: round 1: 0 -> 4; round 2: 0 -> 2, 4 -> 6; round 3: 0 -> 1, 2 -> 3,
 * 4 -> 5, 6 -> 7. */
static void bcast_binomial(char *buf, int n, int root, MPI_Comm comm)
{
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  int rel = (rank - root + size) % size;
  int mask = 1;
  while (mask < size && !(rel & mask)) /* my lowest set bit (size for the root) */
    mask <<= 1;
  if (rel != 0) {
    int parent = ((rel - mask) + root) % size;
    MPI_Recv(buf, n, MPI_BYTE, parent, 1, comm, MPI_STATUS_IGNORE);
  }
  /* Children: rel + mask/2, rel + mask/4, ..., rel + 1, those that exist. */
  for (mask >>= 1; mask > 0; mask >>= 1)
    if (rel + mask < size)
      MPI_Send(buf, n, MPI_BYTE, (rel + mask + root) % size, 1, comm);
}

typedef void (*bcast_fn)(char *, int, int, MPI_Comm);

static void bcast_library(char *buf, int n, int root, MPI_Comm comm)
{
  MPI_Bcast(buf, n, MPI_BYTE, root, comm);
}

/* Fills buf with a pattern that depends on the size and the method. */
static void fill(char *buf, int n, int method)
{
  for (int i = 0; i < n; i++)
    buf[i] = (char)((i * 7 + n + method * 13) & 0x7f);
}

static int check(const char *buf, int n, int method)
{
  for (int i = 0; i < n; i++)
    if (buf[i] != (char)((i * 7 + n + method * 13) & 0x7f))
      return 0;
  return 1;
}

int main(int argc, char **argv)
{
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int reps = argc > 1 ? atoi(argv[1]) : 5;
  int max = argc > 2 ? atoi(argv[2]) : 1 << 20;
  if (reps < 1 || max < 1) {
    if (rank == 0)
      fprintf(stderr, "usage: bcast_compare [REPS [MAXSIZE]]\n");
    MPI_Finalize();
    return 1;
  }
  const char *names[3] = {"MPI_Bcast", "linear", "binomial"};
  bcast_fn fns[3] = {bcast_library, bcast_linear, bcast_binomial};
  char *buf = malloc((size_t)max);
  int ok = 1;
  int *is_global, flag;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_WTIME_IS_GLOBAL, &is_global, &flag);
  int global = flag && *is_global;

  if (rank == 0) {
    printf("bcast_compare: %d ranks, root 0, %d repetitions\n", size, reps);
    printf("time from the %s until the last rank has the data\n",
           global ? "root's start (global clock)" : "start on each rank (clocks not global)");
    printf("%10s %14s %14s %14s   (microseconds)\n", "bytes", names[0], names[1], names[2]);
  }
  for (int n = 1; n <= max; n = n > max / 16 ? max + 1 : n * 16) {
    double us[3];
    for (int m = 0; m < 3; m++) {
      double total = 0.0;
      for (int r = 0; r < reps; r++) {
        /* The root fills the buffer and the others clear theirs outside
         * the timed part; the barrier starts everyone together. */
        if (rank == 0)
          fill(buf, n, m);
        else
          for (int i = 0; i < n; i++)
            buf[i] = 0;
        MPI_Barrier(MPI_COMM_WORLD);
        double t0 = MPI_Wtime();
        fns[m](buf, n, 0, MPI_COMM_WORLD);
        double t1 = MPI_Wtime();
        ok &= check(buf, n, m);
        /* The latest end time, or the longest elapsed time, on rank 0. */
        double x = global ? t1 : t1 - t0, xmax;
        MPI_Reduce(&x, &xmax, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
        total += global ? xmax - t0 : xmax;
      }
      us[m] = 1e6 * total / reps;
    }
    if (rank == 0)
      printf("%10d %14.2f %14.2f %14.2f\n", n, us[0], us[1], us[2]);
  }

  int all_ok;
  MPI_Reduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("data check: %s\n", all_ok ? "every rank received the right data with every method" : "WRONG DATA");
  free(buf);
  MPI_Finalize();
  return 0;
}
