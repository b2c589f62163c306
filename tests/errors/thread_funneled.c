/* what: at MPI_THREAD_FUNNELED, an OpenMP worker thread calls MPI_Send: one error naming the
 *   rank, the thread, the function it runs, the call's line and the level
 * np: 2
 * cflags: -fopenmp
 * env: OMP_NUM_THREADS=2
 * exit: nonzero
 * stderr: rank [01]: MPI_Send called by thread 1 \(running thread_funneled.c:17 .*\) at thread_funneled.c:20 .*MPI_THREAD_FUNNELED
 */
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv)
{
    int provided, rank, x = 1;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 1)
            MPI_Send(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
