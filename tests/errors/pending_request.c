/* what: requests never completed before MPI_Finalize: rank 0 has an Irecv that nothing matches,
 *   rank 1 an Isend that nobody receives and that is never waited for
 * np: 2
 * stderr: rank 0.*(pending|request)|(pending|request).*rank 0
 * stderr: rank 1.*(pending|request)|(pending|request).*rank 1
 * stderr: a receive started at pending_request.c:20
 * stderr: a send started at pending_request.c:22
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, in = 0, out = 5;
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Irecv(&in, 1, MPI_INT, 1, 99, MPI_COMM_WORLD, &req);
    else if (rank == 1)
        MPI_Isend(&out, 1, MPI_INT, 0, 98, MPI_COMM_WORLD, &req);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
