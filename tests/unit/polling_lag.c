/* Polling without a SimGrid call per pass (kernel.c's lag).
 * Rank 0 reads MPI_Wtime 100,000 times, counts the steps shorter than
 * smpi/wtime (1e-8 s: time lost), spins on the clock up to 1 ms, then puts a
 * flag into rank 1's window and sends it the time it did. Rank 1 polls its
 * window with MPI_Win_sync until the flag shows, then receives rank 0's time.
 * Prints: the short steps, the time rank 1 saw the flag after it was put, the
 * time rank 1 received the message, the passes of its poll. */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, *flag;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &flag, &win);
  *flag = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Win_lock_all(0, win);
  double t0 = MPI_Wtime();
  if (rank == 0) {
    long odd = 0;
    double last = t0;
    for (int i = 0; i < 100000; i++) {
      double t = MPI_Wtime();
      odd += t - last < 1e-8 - 1e-12;
      last = t;
    }
    while (MPI_Wtime() - t0 < 1e-3)
      ;
    int one = 1;
    double put = MPI_Wtime();
    MPI_Put(&one, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    MPI_Win_flush(1, win);
    MPI_Send(&put, 1, MPI_DOUBLE, 1, 0, MPI_COMM_WORLD);
    printf("short steps %ld\n", odd);
  } else {
    long passes = 0;
    while (!*(volatile int *)flag) {
      MPI_Win_sync(win);
      passes++;
    }
    double seen = MPI_Wtime(), put;
    MPI_Recv(&put, 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("seen after %.9f received at %.9f passes %ld\n", seen - put, MPI_Wtime() - t0, passes);
  }
  MPI_Win_unlock_all(win);
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
