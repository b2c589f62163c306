/* what this tests: messages into and out of global and static variables,
 *   whichever side gets there first (a receive posted before the send, and a
 *   rendezvous send from a global array received later): with privatization,
 *   each rank's globals are its own even when another rank moves the data
 * np: 3
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

static int small_in = -1;
int big_out[300000]; /* 1.2 MB: sent by rendezvous */
static int big_in[300000];

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  for (int i = 0; i < 300000; i++)
    big_out[i] = rank * 1000000 + i;
  if (rank == 0) {
    /* posted first: rank 1 sends later, into our static */
    MPI_Recv(&small_in, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Barrier(MPI_COMM_WORLD);
    /* rank 2's rendezvous send was posted before this receive */
    MPI_Recv(big_in, 300000, MPI_INT, 2, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else if (rank == 1) {
    small_in = 555; /* our own copy: must not reach rank 0 */
    int v = 41 + rank;
    MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
  } else {
    MPI_Request r;
    MPI_Isend(big_out, 300000, MPI_INT, 0, 1, MPI_COMM_WORLD, &r);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
  }
  long sum = 0;
  for (int i = 0; i < 300000; i++)
    sum += big_in[i];
  printf("rank %d: small_in %d big_in[7] %d sum %ld big_out[0] %d\n", rank, small_in, big_in[7], sum, big_out[0]);
  MPI_Finalize();
  return 0;
}
