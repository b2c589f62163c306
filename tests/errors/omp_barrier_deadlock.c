/* what: only some threads of an OpenMP team reach a barrier (a non-conforming program): barriers
 *   count arrivals, as libgomp's do, so the skipping thread's arrival at the region's end
 *   completes the barrier and the others then wait at the end for ever; the deadlock report names
 *   the rank and each waiting thread, with what it runs and the region's line
 * np: 1
 * cflags: -fopenmp
 * env: OMP_NUM_THREADS=3
 * exit: nonzero
 * stderr: deadlock
 * stderr: rank 0: in the end of an OpenMP parallel region at omp_barrier_deadlock.c:18
 * stderr: rank 0, thread 1 \(running omp_barrier_deadlock.c:19 .*\): in the end of an OpenMP parallel region
 */
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
#pragma omp parallel
    {
        if (omp_get_thread_num() != 2) {
#pragma omp barrier
        }
    }
    MPI_Finalize();
    return 0;
}
