/* what: a negative block length names the array element and its value
 * np: 1
 * exit: nonzero
 * stderr: MPI_Type_indexed
 * stderr: array_of_blocklengths\[1\] is negative \(-3\)
 * stderr: MPI_ERR_COUNT
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Datatype t;

    MPI_Init(&argc, &argv);
    MPI_Type_indexed(2, (int[]){1, -3}, (int[]){0, 2}, MPI_INT, &t);
    printf("not reached\n");
    MPI_Finalize();
    return 0;
}
