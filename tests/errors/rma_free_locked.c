/* what: a window freed while this rank still holds a lock on it
 * np: 2
 * exit: nonzero
 * stderr: rank 0: MPI_Win_free: this rank still holds a lock on rank 1's window \(no MPI_Win_unlock\) \[MPI_ERR_RMA_SYNC\] at .*rma_free_locked\.c:[0-9]+
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, buf[4] = {0}, v = 5;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Put(&v, 1, MPI_INT, 1, 0, 1, MPI_INT, win);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
