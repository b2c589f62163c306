/* what: MPI_Bcast with a root outside the communicator
 * np: 3
 * exit: nonzero
 * stderr: rank [0-2]: MPI_Bcast: invalid root 3 \(communicator size 3\) \[MPI_ERR_ROOT\]
 * stderr: coll_bad_root\.c:[0-9]+
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int v = 0;
    MPI_Init(&argc, &argv);
    MPI_Bcast(&v, 1, MPI_INT, 3, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
