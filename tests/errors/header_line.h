/* Used by header_line.c: a blocking receive written in a header. */
#include <mpi.h>
static void wait_for_rank_one(void)
{
    int v;
    MPI_Recv(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
