/* A ping-pong whose receives complete by polling with MPI_Test (bench/patterns.sh).
 * Usage: test_pingpong ROUND_TRIPS BYTES */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
static void recv_polling(char *b, int sz, int from) {
  MPI_Request r; int f = 0;
  MPI_Irecv(b, sz, MPI_CHAR, from, 0, MPI_COMM_WORLD, &r);
  while (!f) MPI_Test(&r, &f, MPI_STATUS_IGNORE);
}
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int me; MPI_Comm_rank(MPI_COMM_WORLD, &me);
  int n = atoi(argv[1]), sz = atoi(argv[2]);
  char *b = calloc(sz, 1);
  for (int i = 0; i < n; i++) {
    if (me == 0) { MPI_Send(b, sz, MPI_CHAR, 1, 0, MPI_COMM_WORLD); recv_polling(b, sz, 1); }
    else { recv_polling(b, sz, 0); MPI_Send(b, sz, MPI_CHAR, 0, 0, MPI_COMM_WORLD); }
  }
  if (me == 0) printf("%d round trips of %d bytes: %.6f s\n", n, sz, MPI_Wtime());
  MPI_Finalize();
}
