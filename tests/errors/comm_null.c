/* what: MPI_Send on MPI_COMM_NULL: the message names MPI_COMM_NULL,
 *   not its handle's number
 * np: 2
 * exit: nonzero
 * stderr: rank [01]: MPI_Send: the communicator is MPI_COMM_NULL \[MPI_ERR_COMM\] at comm_null.c:14
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int x = 1, rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Send(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_NULL);
    MPI_Finalize();
    return 0;
}
