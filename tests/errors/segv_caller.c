/* what: a segfault in a called function: the backtrace names the faulting line and the caller's
 *   line of the call (not the line after it)
 * np: 2
 * exit: nonzero
 * stderr: SIGSEGV
 * stderr: #0 segv_caller\.c:15 \(store\)
 * stderr: #1 segv_caller\.c:24 \(main\)
 */
#include <mpi.h>
#include <stdio.h>

static __attribute__((noinline)) void store(int *volatile p, int rank)
{
    if (rank == 1)
        *p = 42;
}

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int *volatile p = NULL;
    store(p, rank);
    printf("%d\n", rank);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
