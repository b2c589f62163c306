/* what: MPI_Abort with an error code whose low byte is 0 (256) must not exit with 0
 * np: 2
 * exit: 1
 * stderr: rank 0 called MPI_Abort\(MPI_COMM_WORLD, 256\) at mpi_abort_256.c:15
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        MPI_Abort(MPI_COMM_WORLD, 256);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
