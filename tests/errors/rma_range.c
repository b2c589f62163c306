/* what: a Put beyond the end of the target's window
 * np: 2
 * exit: nonzero
 * stderr: rank 0: MPI_Put: target bytes \[28, 36\) at displacement 7 are outside rank 1's window \(32 bytes\) \[MPI_ERR_RMA_RANGE\] at .*rma_range\.c:[0-9]+
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, buf[8] = {0};
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(buf, 8 * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    if (rank == 0)
        MPI_Put(buf, 2, MPI_INT, 1, 7, 2, MPI_INT, win);
    MPI_Win_fence(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
