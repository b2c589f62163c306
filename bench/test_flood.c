/* A sender far ahead of its receiver (bench/patterns.sh): rank 0 sends N
 * messages of B bytes with MPI_Send (eager below 64 KiB, so it never waits),
 * rank 1 receives them one by one with MPI_Recv.
 * Usage: test_flood N B */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int me, n = atoi(argv[1]), b = atoi(argv[2]);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  char *buf = calloc((size_t)b, 1);
  long sum = 0;
  for (int i = 0; i < n; i++) {
    if (me == 0) {
      buf[0] = (char)i;
      MPI_Send(buf, b, MPI_CHAR, 1, 0, MPI_COMM_WORLD);
    } else if (me == 1) {
      MPI_Recv(buf, b, MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      sum += (unsigned char)buf[0];
    }
  }
  if (me == 1)
    printf("%d messages of %d bytes: checksum %ld, %.6f s\n", n, b, sum, MPI_Wtime());
  free(buf);
  MPI_Finalize();
  return 0;
}
