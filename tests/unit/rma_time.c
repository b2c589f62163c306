/* Put and Get ping in fence and lock epochs (tests/unit/rma_timing.sh,
 * bench/rma_smpi.sh): prints "MODE SIZE MICROSECONDS" per epoch, measured
 * by rank 0 over 10 epochs, for sizes from 8 B to 4 MiB. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, n = 10;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  const int sizes[] = {8, 64, 512, 4096, 32768, 262144, 1048576, 4194304};
  const int max = 4194304;
  char *base, *buf = calloc(max, 1);
  MPI_Win win;
  MPI_Win_allocate(max, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
  const char *modes[] = {"fence-put", "fence-get", "lock-put", "lock-get"};
  for (int m = 0; m < 4; m++)
    for (int k = 0; k < (int)(sizeof sizes / sizeof *sizes); k++) {
      int s = sizes[k];
      MPI_Barrier(MPI_COMM_WORLD);
      double t0 = MPI_Wtime();
      for (int i = 0; i < n; i++) {
        if (m < 2) {
          MPI_Win_fence(0, win);
          if (rank == 0) {
            if (m == 0)
              MPI_Put(buf, s, MPI_CHAR, 1, 0, s, MPI_CHAR, win);
            else
              MPI_Get(buf, s, MPI_CHAR, 1, 0, s, MPI_CHAR, win);
          }
          MPI_Win_fence(0, win);
        } else if (rank == 0) {
          MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
          if (m == 2)
            MPI_Put(buf, s, MPI_CHAR, 1, 0, s, MPI_CHAR, win);
          else
            MPI_Get(buf, s, MPI_CHAR, 1, 0, s, MPI_CHAR, win);
          MPI_Win_unlock(1, win);
        }
      }
      double t = (MPI_Wtime() - t0) / n;
      if (rank == 0)
        printf("%s %d %.3f\n", modes[m], s, t * 1e6);
    }
  MPI_Win_free(&win);
  free(buf);
  MPI_Finalize();
  return 0;
}
