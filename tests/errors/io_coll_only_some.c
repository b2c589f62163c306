/* what: a collective file call that one member never makes: the run ends in the deadlock report,
 *   which names the waiting ranks' MPI_File_write_all and its line
 * np: 3
 * exit: nonzero
 * stderr: deadlock
 * stderr: rank [01]: in MPI_File_write_all waiting .* on the file .io_coll_only_some.dat.\) at io_coll_only_some.c:1[0-9]
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, x = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_File fh;
    MPI_File_open(MPI_COMM_WORLD, "io_coll_only_some.dat", MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE,
                  MPI_INFO_NULL, &fh);
    if (rank != 2)
        MPI_File_write_all(fh, &x, 1, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
