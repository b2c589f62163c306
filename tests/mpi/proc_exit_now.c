/* what this tests: _exit() and _Exit() after MPI_Finalize end only the calling rank,
 *   without running its atexit handlers (exit() runs them), and the job's status is
 *   the ranks' statuses or'ed: rank 1 _exit(4), rank 2 _Exit(8), rank 0 exit(0): 12
 * np: 3
 * sort: yes
 * status: 12
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int rank = -1;

static void handler(void) { printf("rank %d: atexit handler\n", rank); }

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    atexit(handler);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    printf("rank %d: leaving\n", rank);
    fflush(stdout); /* _exit and _Exit flush nothing */
    if (rank == 1)
        _exit(4);
    if (rank == 2)
        _Exit(8);
    exit(0);
}
