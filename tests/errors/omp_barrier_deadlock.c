/* what: only some threads of an OpenMP team reach a barrier (a non-conforming program): the
 *   deadlock report names the rank, each waiting thread, what it runs and the barrier's line
 * np: 1
 * cflags: -fopenmp
 * env: OMP_NUM_THREADS=3
 * exit: nonzero
 * stderr: deadlock
 * stderr: rank 0: in an OpenMP barrier at omp_barrier_deadlock.c:18
 * stderr: rank 0, thread [12] \(running omp_barrier_deadlock.c:1[5-7] .*\): in an OpenMP barrier at omp_barrier_deadlock.c:18
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
