/* what: MPI_Bcast where the root sends more than the others expect: the receiving ranks get
 *   MPI_ERR_TRUNCATE (binomial tree forced, so the root's children are the ones to see it)
 * np: 3
 * args: --cfg=smpi/bcast:binomial_tree
 * exit: nonzero
 * stderr: rank [12]: MPI_Bcast: a message was truncated: the ranks' type signatures differ \[MPI_ERR_TRUNCATE\]
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, v[8] = {0};
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Bcast(v, rank == 0 ? 8 : 4, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
