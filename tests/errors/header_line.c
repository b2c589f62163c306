/* what: a deadlock in code from a header: the report names the header's line, not the .c file
 * np: 2
 * exit: nonzero
 * stderr: rank 0: in MPI_Recv .* at header_line\.h:6 \(wait_for_rank_one\)
 */
#include "header_line.h"

int main(int argc, char **argv)
{
    int rank, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        wait_for_rank_one();
    else
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
