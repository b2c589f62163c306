/* what: an MPI call after MPI_Finalize
 * np: 2
 * exit: nonzero
 * stderr: rank [01]: MPI_Send called after MPI_Finalize at .*call_after_finalize\.c:[0-9]+
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int v = 1;
    MPI_Init(&argc, &argv);
    MPI_Finalize();
    MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
    return 0;
}
