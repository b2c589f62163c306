/* what: MPI_Send with tag -5 (negative tags other than MPI_ANY_TAG on receives are invalid)
 * np: 2
 * exit: nonzero
 * stderr: rank 0
 * stderr: MPI_Send
 * stderr: MPI_ERR_TAG|invalid tag
 * stderr: bad_tag\.c:[0-9]+
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, v = 1;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Send(&v, 1, MPI_INT, 1, -5, MPI_COMM_WORLD);
    else
        MPI_Recv(&v, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank %d: not reached\n", rank);
    MPI_Finalize();
    return 0;
}
