/* Passive-target lock contention: every rank but 0 takes rank 0's window
 * exclusively ROUNDS times to read, increment and write back a counter,
 * while rank 0 sits in a barrier. Prints the counter and rank 0's
 * simulated time from the first barrier to the last. */
#include <mpi.h>
#include <stdio.h>

#define ROUNDS 100

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size, *mem;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Win win;
  MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win);
  *mem = 0;
  MPI_Barrier(MPI_COMM_WORLD);
  double t0 = MPI_Wtime();
  if (rank != 0)
    for (int i = 0; i < ROUNDS; i++) {
      int v;
      MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
      MPI_Get(&v, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
      MPI_Win_flush(0, win);
      v++;
      MPI_Put(&v, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
      MPI_Win_unlock(0, win);
    }
  MPI_Barrier(MPI_COMM_WORLD);
  double t = MPI_Wtime() - t0;
  if (rank == 0) { /* its own window memory, read in an epoch as a portable program must */
    MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    int count = *mem;
    MPI_Win_unlock(0, win);
    printf("count %d time %.9f\n", count, t);
  }
  MPI_Win_free(&win);
  MPI_Finalize();
  return 0;
}
