/* what: rank 0 waits for its Buffer_iflush while rank 1 waits for a message rank 0 sends
 *   after it: simpi delivers a buffered message when its receive is posted, so the flush
 *   cannot complete; the deadlock report names the flush
 * np: 2
 * exit: nonzero
 * stderr: deadlock
 * stderr: rank 0: in MPI_Wait waiting for its buffered sends to be received \(MPI_Buffer_iflush\)
 * stderr: rank 1: in MPI_Recv waiting for a message from rank 0 \(tag 9
 * stderr: buffer_iflush_deadlock\.c:[0-9]+
 */
#include <mpi.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, v = 1, w;
    MPI_Request r;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        int size = 100 + MPI_BSEND_OVERHEAD;
        MPI_Buffer_attach(malloc(size), size);
        MPI_Bsend(&v, 1, MPI_INT, 1, 5, MPI_COMM_WORLD);
        MPI_Buffer_iflush(&r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        MPI_Send(&v, 1, MPI_INT, 1, 9, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&w, 1, MPI_INT, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&w, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
