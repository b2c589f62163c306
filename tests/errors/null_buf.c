/* what: MPI_Send of 3 ints from a NULL buffer
 * np: 2
 * exit: nonzero
 * stderr: rank 0
 * stderr: MPI_Send
 * stderr: MPI_ERR_BUFFER|invalid buffer
 * stderr: null_buf\.c:[0-9]+
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, v[3];
    int *volatile nothing = NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Send(nothing, 3, MPI_INT, 1, 0, MPI_COMM_WORLD);
    else
        MPI_Recv(v, 3, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank %d: not reached\n", rank);
    MPI_Finalize();
    return 0;
}
