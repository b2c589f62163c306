/* what: a nonblocking barrier that rank 1 never joins: the deadlock report shows rank 0 in
 *   MPI_Wait on the collective and rank 1 in its receive
 * np: 2
 * exit: nonzero
 * stderr: deadlock
 * stderr: rank 0: in MPI_Wait waiting for a message from rank 1 \(tag [0-9]+, MPI_Ibarrier on MPI_COMM_WORLD\)
 * stderr: rank 1: in MPI_Recv waiting for a message from rank 0
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, v;
    MPI_Request r;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Ibarrier(MPI_COMM_WORLD, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    } else
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
