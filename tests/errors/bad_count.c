/* what: MPI_Send with a negative count
 * np: 2
 * exit: nonzero
 * stderr: rank 0
 * stderr: MPI_Send
 * stderr: MPI_ERR_COUNT|invalid count
 * stderr: bad_count\.c:[0-9]+
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, v[4] = {0, 0, 0, 0};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Send(v, -4, MPI_INT, 1, 0, MPI_COMM_WORLD);
    else
        MPI_Recv(v, 4, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank %d: not reached\n", rank);
    MPI_Finalize();
    return 0;
}
