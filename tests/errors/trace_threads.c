/* what: recording a time-independent trace of a program whose OpenMP threads call MPI (the format
 *   has no threads): refused at the first such call, naming the rank, the thread and the line
 * np: 2
 * cflags: -fopenmp
 * env: OMP_NUM_THREADS=2
 * args: --trace-ti=trace_threads.ti
 * exit: nonzero
 * stderr: rank [01]: MPI_Sendrecv called by thread 1 at trace_threads.c:2[0-9] .*a time-independent trace .*main thread only
 */
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv)
{
    int provided, rank, x = 1, y;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 1)
            MPI_Sendrecv(&x, 1, MPI_INT, 1 - rank, 0, &y, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
