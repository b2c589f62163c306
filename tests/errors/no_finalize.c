/* what: rank 0 returns from main without calling MPI_Finalize (rank 1 does call it);
 *   the exit status is not checked, but a warning must name the rank and MPI_Finalize
 * np: 2
 * stderr: rank 0.*MPI_Finalize
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Barrier(MPI_COMM_WORLD);
    printf("rank %d: done\n", rank);
    if (rank == 0)
        return 0;
    MPI_Finalize();
    return 0;
}
