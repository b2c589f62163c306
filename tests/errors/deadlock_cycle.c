/* what: a cycle of three blocking receives; the report names the cycle
 * np: 3
 * exit: nonzero
 * stderr: deadlock at simulated time
 * stderr: rank 0 waits for rank 1, which waits for rank 2, which waits for rank 0
 * stderr: rank 2: in MPI_Recv waiting for a message from rank 0 .*deadlock_cycle\.c:[0-9]+
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size, x = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Recv(&x, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
