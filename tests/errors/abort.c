/* what: rank 2 of 4 calls abort() while the others wait in a barrier
 * np: 4
 * exit: nonzero
 * stderr: rank 2
 * stderr: SIGABRT
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 2)
        abort();
    MPI_Barrier(MPI_COMM_WORLD);
    printf("rank %d: not reached\n", rank);
    MPI_Finalize();
    return 0;
}
