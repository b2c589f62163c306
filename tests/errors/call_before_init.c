/* what: an MPI call before MPI_Init
 * np: 1
 * exit: nonzero
 * stderr: rank 0: MPI_Barrier called before MPI_Init at .*call_before_init\.c:[0-9]+
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Init(&argc, &argv);
    MPI_Finalize();
    return 0;
}
