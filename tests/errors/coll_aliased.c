/* what: MPI_Allreduce with the same buffer as input and output (MPI_IN_PLACE is the way)
 * np: 2
 * exit: nonzero
 * stderr: MPI_Allreduce: send and receive buffers are the same memory \(use MPI_IN_PLACE\) \[MPI_ERR_BUFFER\]
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int v[2] = {1, 2};
    MPI_Init(&argc, &argv);
    MPI_Allreduce(v, v, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
