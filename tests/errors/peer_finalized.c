/* what: rank 0 waits for a message that rank 1 never sends: rank 1 finalized; the
 *   deadlock report says that the peer already called MPI_Finalize, and where
 * np: 2
 * exit: nonzero
 * stderr: rank 0: in MPI_Recv waiting for a message from rank 1 .*but rank 1 has already called MPI_Finalize at peer_finalized.c:14
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, x;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) MPI_Recv(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
