/* what: a Get with no epoch open (no fence, start or lock before it)
 * np: 2
 * exit: nonzero
 * stderr: rank 1: MPI_Get: no access epoch to rank 0 is open \(call MPI_Win_fence, MPI_Win_start or MPI_Win_lock first\) \[MPI_ERR_RMA_SYNC\] at .*rma_no_epoch\.c:[0-9]+
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, buf[4] = {0}, v;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 1)
        MPI_Get(&v, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
