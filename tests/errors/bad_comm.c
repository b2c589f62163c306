/* what: MPI_Send on a garbage communicator handle (12345 cast to MPI_Comm)
 * np: 2
 * exit: nonzero
 * stderr: rank 0
 * stderr: MPI_Send
 * stderr: MPI_ERR_COMM|invalid comm
 * stderr: bad_comm\.c:[0-9]+
 */
#include <mpi.h>
#include <stdint.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, v = 1;
    /* MPI_Comm is an int in MPICH and may be a pointer elsewhere: go through an integer
       variable of pointer width so that the cast compiles either way */
    volatile intptr_t junk = 12345;
    MPI_Comm comm = (MPI_Comm)junk;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        MPI_Send(&v, 1, MPI_INT, 1, 0, comm);
    MPI_Barrier(MPI_COMM_WORLD);
    printf("rank %d: not reached\n", rank);
    MPI_Finalize();
    return 0;
}
