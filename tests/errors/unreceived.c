/* what: a message sent and never received is reported at the end, with the
 *   line that sent it (the run itself succeeds, as under a real MPI)
 * np: 2
 * exit: 0
 * stderr: warning: message from rank 0 to rank 1 \(tag 7, MPI_COMM_WORLD, 4 bytes\) sent at unreceived\.c:[0-9]+ .*was never received
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, x = 5;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    MPI_Send(&x, 1, MPI_INT, 1, 7, MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
