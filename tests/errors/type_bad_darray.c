/* what: MPI_Type_create_darray whose process grid does not match size names the mismatch
 * np: 1
 * exit: nonzero
 * stderr: MPI_Type_create_darray
 * stderr: process grid has 3 processes, size is 4
 * stderr: MPI_ERR_ARG
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Type_create_darray(4, 0, 1, (int[]){10}, (int[]){MPI_DISTRIBUTE_BLOCK}, (int[]){MPI_DISTRIBUTE_DFLT_DARG},
                           (int[]){3}, MPI_ORDER_C, MPI_INT, &t);
    printf("not reached\n");
    MPI_Finalize();
    return 0;
}
