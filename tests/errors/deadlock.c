/* what: deadlock of two blocking receives (each rank waits for the other)
 * np: 2
 * exit: nonzero
 * stderr: deadlock
 * stderr: rank 0.*MPI_Recv
 * stderr: rank 1.*MPI_Recv
 * stderr: deadlock\.c:[0-9]+
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, peer, v = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    peer = 1 - rank;
    MPI_Recv(&v, 1, MPI_INT, peer, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Send(&v, 1, MPI_INT, peer, 0, MPI_COMM_WORLD);
    printf("rank %d: not reached\n", rank);
    MPI_Finalize();
    return 0;
}
