/* ring: a token of SIZE bytes goes round the ranks ITERS times.
 * Usage: ring [ITERS [SIZE]]   (default 100 iterations of 1024 bytes) */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int iters = argc > 1 ? atoi(argv[1]) : 100;
  int bytes = argc > 2 ? atoi(argv[2]) : 1024;
  char *buf = malloc((size_t)bytes + 1);
  memset(buf, 0, (size_t)bytes + 1);
  int next = (rank + 1) % size, prev = (rank + size - 1) % size;
  double t0 = MPI_Wtime();
  for (int i = 0; i < iters; i++) {
    if (rank == 0) {
      buf[0] = (char)i;
      MPI_Send(buf, bytes, MPI_BYTE, next, 0, MPI_COMM_WORLD);
      MPI_Recv(buf, bytes, MPI_BYTE, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
      MPI_Recv(buf, bytes, MPI_BYTE, prev, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      MPI_Send(buf, bytes, MPI_BYTE, next, 0, MPI_COMM_WORLD);
    }
  }
  double t = MPI_Wtime() - t0;
  if (rank == 0)
    printf("ring: %d ranks, %d laps of %d bytes: %.6f s simulated, %.3f us per hop\n", size, iters, bytes, t,
           1e6 * t / ((double)iters * size));
  free(buf);
  MPI_Finalize();
  return 0;
}
