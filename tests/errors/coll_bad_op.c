/* what: MPI_Allreduce with MPI_MAXLOC on MPI_INT (defined only on pair types)
 * np: 2
 * exit: nonzero
 * stderr: MPI_Allreduce: operation .* is not defined on MPI_INT \[MPI_ERR_OP\]
 * stderr: coll_bad_op\.c:[0-9]+
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int v = 1, w;
    MPI_Init(&argc, &argv);
    MPI_Allreduce(&v, &w, 1, MPI_INT, MPI_MAXLOC, MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
