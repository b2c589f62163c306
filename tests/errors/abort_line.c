/* what: abort() in a function called from main: the backtrace names the line of the abort() and
 *   the line of the call in main, not the lines after them
 * np: 2
 * exit: nonzero
 * stderr: SIGABRT
 * stderr: #[0-9] abort_line\.c:14 \(fail\)
 * stderr: #[0-9] abort_line\.c:23 \(main\)
 */
#include <mpi.h>
#include <stdlib.h>

static void fail(int rank)
{
    if (rank == 1) abort();
    (void)rank;
}

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    fail(rank);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
