/* what: rank 0 keeps an exclusive lock while it waits for rank 1, which waits for that lock
 * np: 2
 * exit: nonzero
 * stderr: deadlock
 * stderr: rank 0: in MPI_Recv waiting for a message from rank 1 .*rma_lock_deadlock\.c:[0-9]+
 * stderr: rank 1: in MPI_Win_lock waiting for the exclusive lock on rank 0's window \(held by an exclusive lock of rank 0\) at .*rma_lock_deadlock\.c:[0-9]+
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, buf[4] = {0}, v = 0;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0)
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        MPI_Recv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 0, 0, win);
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Win_unlock(0, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
