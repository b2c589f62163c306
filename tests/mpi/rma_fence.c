/* what this tests: Put, Get, Accumulate (contiguous and derived datatypes),
 * Fetch_and_op and Get_accumulate in fence epochs, on a Win_allocate window
 * np: 2 4 7
 */
#include "rma_cases.h"

static void epoch_open(int target) { (void)target; MPI_Win_fence(0, win); }
static void epoch_close(int target) { (void)target; MPI_Win_fence(0, win); }
static void local_begin(void) {}
static void local_end(void) {}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_allocate(N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    run_cases("fence");
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
