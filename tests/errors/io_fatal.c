/* what: MPI-IO errors are returned by default (MPI_ERRORS_RETURN on MPI_FILE_NULL); once the program
 *   sets MPI_ERRORS_ARE_FATAL there, opening a missing file ends the run naming the rank, the call,
 *   the file, the error class and the line
 * np: 2
 * exit: nonzero
 * stdout: returned MPI_ERR_NO_SUCH_FILE
 * stderr: rank [01]: MPI_File_open: cannot open file 'io_fatal_missing.dat': .* \[MPI_ERR_NO_SUCH_FILE\] at io_fatal.c:2[0-9]
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, cls;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File fh;
    int rc = MPI_File_open(MPI_COMM_WORLD, "io_fatal_missing.dat", MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    MPI_Error_class(rc, &cls);
    if (rank == 0 && cls == MPI_ERR_NO_SUCH_FILE)
        printf("returned MPI_ERR_NO_SUCH_FILE\n");
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_ARE_FATAL);
    MPI_File_open(MPI_COMM_WORLD, "io_fatal_missing.dat", MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
    MPI_Finalize();
    return 0;
}
