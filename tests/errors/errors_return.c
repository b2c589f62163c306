/* what: with MPI_ERRORS_RETURN a send to an invalid rank returns MPI_ERR_RANK to the program,
 *   which prints the error class and finishes normally
 * np: 2
 * exit: 0
 * stdout: rank 0: MPI_Send returned MPI_ERR_RANK
 * stdout: rank 0: still running
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size, v = 1, err, cls;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (rank == 0) {
        err = MPI_Send(&v, 1, MPI_INT, size + 3, 0, MPI_COMM_WORLD);
        MPI_Error_class(err, &cls);
        printf("rank 0: MPI_Send returned %s\n",
               err == MPI_SUCCESS ? "MPI_SUCCESS" : cls == MPI_ERR_RANK ? "MPI_ERR_RANK" : "another error");
    }
    MPI_Barrier(MPI_COMM_WORLD);
    printf("rank %d: still running\n", rank);
    MPI_Finalize();
    return 0;
}
