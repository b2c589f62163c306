/* what: rank 1 calls exit(0) before MPI_Finalize while the others wait for it in a
 *   barrier: a warning when it exits, then the deadlock report names the exit
 * np: 3
 * exit: nonzero
 * stderr: warning: rank 1 called exit\(0\) at exit_deadlock.c:18 .*without calling MPI_Finalize
 * stderr: rank 0: in MPI_Barrier
 * stderr: rank 1: called exit at exit_deadlock.c:18 .*before MPI_Finalize
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1)
        exit(0);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
