/* what this tests: Put, Get, Accumulate (contiguous and derived datatypes),
 * Fetch_and_op and Get_accumulate in passive-target epochs (exclusive locks
 * on one rank, shared ones on rank 0, Win_lock_all with flushes)
 * np: 2 4 7
 */
#include "rma_cases.h"

static void epoch_open(int target)
{
    if (target == ALL)
        MPI_Win_lock_all(0, win);
    else if (target == ZERO)
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
    else
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, target, 0, win);
}

static void epoch_close(int target)
{
    if (target == ALL) {
        MPI_Win_flush_all(win);
        MPI_Win_flush_local_all(win);
        MPI_Win_unlock_all(win);
    } else {
        target = target == ZERO ? 0 : target;
        MPI_Win_flush(target, win);
        MPI_Win_flush_local(target, win);
        MPI_Win_unlock(target, win);
    }
    MPI_Barrier(MPI_COMM_WORLD); /* every rank's epoch is over */
}
static void local_begin(void) { MPI_Win_lock(MPI_LOCK_EXCLUSIVE, rank, 0, win); }
static void local_end(void) { MPI_Win_unlock(rank, win); }

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_allocate(N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win);
    run_cases("lock");
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
