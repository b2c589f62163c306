/* what: recording a time-independent trace of a program that uses MPI-IO (the format has no lines
 *   for it): refused at the first file call, naming the rank and the call
 * np: 2
 * args: --trace-ti=trace_io.ti
 * exit: nonzero
 * stderr: rank [01]: MPI_File_open: MPI-IO calls cannot be recorded in a time-independent trace
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_File fh;
    MPI_File_open(MPI_COMM_WORLD, "trace_io.dat", MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
    MPI_File_close(&fh);
    MPI_Finalize();
    return 0;
}
