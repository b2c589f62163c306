/* what: rank 0 alone calls MPI_Bcast (a root that needs no reply does not block): the
 *   run ends normally, but a warning names the collective, the rank, its line and how
 *   many members never called it
 * np: 4
 * exit: 0
 * stderr: warning: collective 1 on MPI_COMM_WORLD: rank 0 called MPI_Bcast at coll_only_some.c:16 .*which 3 of its 4 members never called
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, x = 1;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
