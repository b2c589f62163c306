/* what: rank 1 dereferences a NULL pointer after MPI_Init while rank 0 waits in a barrier
 * np: 2
 * exit: nonzero
 * stderr: rank 1
 * stderr: SIGSEGV
 * stderr: #0 segv\.c:19 \(main\)
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank;
    int *volatile p = NULL; /* volatile: the compiler cannot turn the store into a trap */

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1)
        *p = 42;
    MPI_Barrier(MPI_COMM_WORLD);
    printf("rank %d: not reached\n", rank);
    MPI_Finalize();
    return 0;
}
