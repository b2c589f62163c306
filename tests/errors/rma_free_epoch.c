/* what: a window freed while an access epoch (Win_start) is still open
 * np: 2
 * exit: nonzero
 * stderr: rank 1: MPI_Win_free: an access epoch opened by MPI_Win_start is not closed \(no MPI_Win_complete\) \[MPI_ERR_RMA_SYNC\] at .*rma_free_epoch\.c:[0-9]+
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, buf[4] = {0}, zero = 0, one = 1;
    MPI_Win win;
    MPI_Group world, g;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Group_incl(world, 1, &one, &g);
        MPI_Win_post(g, 0, win);
        MPI_Win_wait(win);
    } else {
        MPI_Group_incl(world, 1, &zero, &g);
        MPI_Win_start(g, 0, win);
        MPI_Put(&one, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
