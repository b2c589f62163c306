/* what this tests: Put, Get, Accumulate (contiguous and derived datatypes),
 * Fetch_and_op and Get_accumulate in post/start/complete/wait epochs (every
 * rank exposes to and accesses all, or one neighbour), on a Win_create window
 * np: 2 4 7
 */
#include "rma_cases.h"

static MPI_Group world, one_target, one_origin;

static void epoch_open(int target)
{
    if (target == ALL) {
        MPI_Win_post(world, 0, win);
        MPI_Win_start(world, 0, win);
        return;
    }
    int origin = (rank + size - 1) % size, zero = 0;
    if (target == ZERO) /* rank 0 exposes to all */
        MPI_Group_incl(world, rank == 0 ? size : 0, (int[]){0, 1, 2, 3, 4, 5, 6, 7}, &one_origin);
    else
        MPI_Group_incl(world, 1, &origin, &one_origin);
    MPI_Group_incl(world, 1, target == ZERO ? &zero : &target, &one_target);
    MPI_Win_post(one_origin, 0, win);
    MPI_Win_start(one_target, 0, win);
}

static void epoch_close(int target)
{
    MPI_Win_complete(win);
    if (target != ALL && rank % 2) { /* half the ranks poll with Win_test */
        int flag = 0;
        while (!flag)
            MPI_Win_test(win, &flag);
    } else
        MPI_Win_wait(win);
    if (target != ALL) {
        MPI_Group_free(&one_target);
        MPI_Group_free(&one_origin);
    }
}
static void local_begin(void) {}
static void local_end(void) {}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    mem = malloc(N * sizeof(int));
    MPI_Win_create(mem, N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    run_cases("pscw");
    MPI_Win_free(&win);
    MPI_Group_free(&world);
    free(mem);
    MPI_Finalize();
    return 0;
}
