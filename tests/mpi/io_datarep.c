/* what: MPI_Register_datarep as MPICH (ROMIO) has it: a representation with conversion functions
 *       is refused (MPI_ERR_CONVERSION), one without them is registered, the same name twice is
 *       MPI_ERR_DUP_DATAREP, and a view in a registered or unknown representation is
 *       MPI_ERR_UNSUPPORTED_DATAREP; the file stays usable in "native"
 * np: 1 2 3 4 7
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static int conv(void *userbuf, MPI_Datatype dt, int count, void *filebuf, MPI_Offset position, void *extra)
{
    (void)dt, (void)position, (void)extra;
    memcpy(filebuf, userbuf, (size_t)count * sizeof(int));
    return MPI_SUCCESS;
}

static int ext(MPI_Datatype dt, MPI_Aint *e, void *extra)
{
    MPI_Aint lb;
    (void)extra;
    return MPI_Type_get_extent(dt, &lb, e);
}

static int rank;

static void show(const char *what, int err)
{
    int c = MPI_SUCCESS;
    if (err)
        MPI_Error_class(err, &c);
    const char *name = c == MPI_SUCCESS ? "success" : c == MPI_ERR_CONVERSION ? "MPI_ERR_CONVERSION"
                       : c == MPI_ERR_DUP_DATAREP ? "MPI_ERR_DUP_DATAREP"
                       : c == MPI_ERR_UNSUPPORTED_DATAREP ? "MPI_ERR_UNSUPPORTED_DATAREP" : "another class";
    if (rank == 0)
        printf("%s: %s\n", what, name);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);
    show("register with conversions", MPI_Register_datarep("conv", conv, conv, ext, NULL));
    show("register without", MPI_Register_datarep("plain", MPI_CONVERSION_FN_NULL, MPI_CONVERSION_FN_NULL, ext, NULL));
    show("register it again", MPI_Register_datarep("plain", MPI_CONVERSION_FN_NULL, MPI_CONVERSION_FN_NULL, ext, NULL));
    MPI_File fh;
    MPI_File_open(MPI_COMM_WORLD, "io_datarep.dat", MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    show("view in the registered one", MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "plain", MPI_INFO_NULL));
    show("view in an unknown one", MPI_File_set_view(fh, 0, MPI_INT, MPI_INT, "nosuch", MPI_INFO_NULL));
    int v[4] = {rank, rank + 1, rank + 2, rank + 3}, back[4] = {0};
    show("write", MPI_File_write_at_all(fh, rank * 4, v, 4, MPI_INT, MPI_STATUS_IGNORE));
    show("read", MPI_File_read_at_all(fh, rank * 4, back, 4, MPI_INT, MPI_STATUS_IGNORE));
    int ok = !memcmp(v, back, sizeof v), all;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("data read back: %s\n", all ? "ok" : "wrong");
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
