/* what: MPI_Type_free of a predefined datatype
 * np: 1
 * exit: nonzero
 * stderr: MPI_Type_free
 * stderr: MPI_DOUBLE is predefined
 * stderr: MPI_ERR_TYPE
 * stderr: type_free_predefined\.c:[0-9]+
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Datatype t = MPI_DOUBLE;

    MPI_Init(&argc, &argv);
    MPI_Type_free(&t);
    printf("not reached\n");
    MPI_Finalize();
    return 0;
}
