/* what: what simpi's MPI-IO does not support is refused, never ignored: MPI_Register_datarep
 *   returns MPI_ERR_UNSUPPORTED_OPERATION, and a view in "external32" ends the run (the file's
 *   handler is MPI_ERRORS_ARE_FATAL) naming the rank, the call and the class
 * np: 1
 * exit: nonzero
 * stdout: MPI_Register_datarep: unsupported operation
 * stderr: rank 0: MPI_File_set_view: data representation "external32" is not supported .*\[MPI_ERR_UNSUPPORTED_DATAREP\] at io_unsupported.c:2[0-9]
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int cls;
    int rc = MPI_Register_datarep("mine", MPI_CONVERSION_FN_NULL, MPI_CONVERSION_FN_NULL, NULL, NULL);
    MPI_Error_class(rc, &cls);
    if (cls == MPI_ERR_UNSUPPORTED_OPERATION)
        printf("MPI_Register_datarep: unsupported operation\n");
    MPI_File fh;
    MPI_File_open(MPI_COMM_WORLD, "io_unsupported.dat", MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    MPI_File_set_errhandler(fh, MPI_ERRORS_ARE_FATAL);
    fflush(stdout);
    MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "external32", MPI_INFO_NULL);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
