/* what: a receive into the buffer of a send still in flight is reported with
 *   both lines (the run goes on, as under a real MPI, where the data sent
 *   would be undefined); receives beside it, or after its Wait, are not
 * np: 2
 * exit: 0
 * stderr: ^simpi: warning: rank 0: MPI_Recv at recv_into_send\.c:19 \(main\) receives into the buffer of a send still in flight \(to rank 1, started at recv_into_send\.c:17 \(main\)\): the send may not complete with the data it was given$
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, a[8] = {0};
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    MPI_Request r;
    MPI_Isend(a + 2, 4, MPI_INT, 1, 2, MPI_COMM_WORLD, &r); /* a[2..5] */
    MPI_Recv(a + 6, 2, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* beside: fine */
    MPI_Recv(a + 5, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* overlaps a[5] */
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MPI_Recv(a + 2, 1, MPI_INT, 1, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* after the Wait: fine */
  } else {
    int b[4];
    MPI_Recv(b, 4, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(b, 2, MPI_INT, 0, 1, MPI_COMM_WORLD);
    MPI_Send(b, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
    MPI_Send(b, 1, MPI_INT, 0, 4, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return 0;
}
