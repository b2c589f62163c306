/* what: rank 1 calls MPI_Abort(MPI_COMM_WORLD, 3); the whole run exits with status 3
 * np: 3
 * exit: 3
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1)
        MPI_Abort(MPI_COMM_WORLD, 3);
    MPI_Barrier(MPI_COMM_WORLD);
    printf("rank %d: not reached\n", rank);
    MPI_Finalize();
    return 0;
}
