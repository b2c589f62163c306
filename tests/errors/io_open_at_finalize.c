/* what: a file still open at MPI_Finalize (erroneous: files must be closed first) gets a warning
 *   naming the rank, the file and the line that opened it
 * np: 2
 * exit: 0
 * stderr: warning: rank [01]: MPI_Finalize with file 'io_open_at_finalize.dat' still open \(opened at io_open_at_finalize.c:1[0-9]
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_File fh;
    MPI_File_open(MPI_COMM_WORLD, "io_open_at_finalize.dat", MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
    MPI_Finalize();
    return 0;
}
