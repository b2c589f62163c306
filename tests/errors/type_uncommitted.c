/* what: MPI_Send with a derived datatype that was never committed
 * np: 2
 * exit: nonzero
 * stderr: rank 0
 * stderr: MPI_Send
 * stderr: not committed
 * stderr: MPI_ERR_TYPE
 * stderr: type_uncommitted\.c:[0-9]+
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, v[4] = {0};
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_vector(2, 1, 2, MPI_INT, &t);
    if (rank == 0)
        MPI_Send(v, 1, t, 1, 0, MPI_COMM_WORLD);
    else
        MPI_Recv(v, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank %d: not reached\n", rank);
    MPI_Finalize();
    return 0;
}
