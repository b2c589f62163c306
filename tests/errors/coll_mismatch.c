/* what: a collective called with different roots on different ranks is
 *   reported with both calls and their source lines
 * np: 3
 * exit: nonzero
 * stderr: warning: collective 1 on MPI_COMM_WORLD does not match across ranks: rank [0-9] called MPI_Bcast
 * stderr: rank 2 called MPI_Bcast \(root 1, 4 bytes\) at coll_mismatch\.c:[0-9]+
 * stderr: rank [01] called MPI_Bcast \(root 0, 4 bytes\) at coll_mismatch\.c:[0-9]+
 */
#include <mpi.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, v = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 2)
    MPI_Bcast(&v, 1, MPI_INT, 1, MPI_COMM_WORLD); /* should be root 0, as the others */
  else
    MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
