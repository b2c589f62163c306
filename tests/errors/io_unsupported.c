/* what: what simpi's MPI-IO does not support is refused, never ignored: MPI_Register_datarep
 *   records a name without conversion functions, as MPICH does, but a view in it is
 *   MPI_ERR_UNSUPPORTED_DATAREP; an "external32" view of MPI_LONG (4 bytes there, 8 in memory:
 *   the view would need a layout of its own) ends the run (the file's handler is
 *   MPI_ERRORS_ARE_FATAL) naming the rank, the call and the class
 * np: 1
 * exit: nonzero
 * stdout: view in a registered representation: unsupported datarep
 * stderr: rank 0: MPI_File_set_view: an external32 view whose etype or filetype has another size .*\[MPI_ERR_UNSUPPORTED_DATAREP\] at io_unsupported.c:2[0-9]
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int cls;
    MPI_Register_datarep("mine", MPI_CONVERSION_FN_NULL, MPI_CONVERSION_FN_NULL, NULL, NULL);
    MPI_File fh;
    MPI_File_open(MPI_COMM_WORLD, "io_unsupported.dat", MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    MPI_Error_class(MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "mine", MPI_INFO_NULL), &cls);
    if (cls == MPI_ERR_UNSUPPORTED_DATAREP)
        printf("view in a registered representation: unsupported datarep\n");
    MPI_File_set_errhandler(fh, MPI_ERRORS_ARE_FATAL);
    fflush(stdout);
    MPI_File_set_view(fh, 0, MPI_LONG, MPI_LONG, "external32", MPI_INFO_NULL);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
