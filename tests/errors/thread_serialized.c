/* what: at MPI_THREAD_SERIALIZED, a thread calls MPI_Send while another thread of its rank is
 *   blocked in MPI_Recv: one error naming both threads and the calls
 * np: 2
 * cflags: -fopenmp
 * env: OMP_NUM_THREADS=2
 * exit: nonzero
 * stderr: MPI_(Send|Recv) called by thread [01] at thread_serialized.c:2[02] .*while thread [01] is inside MPI_(Recv|Send).*MPI_THREAD_SERIALIZED
 */
#include <mpi.h>
#include <omp.h>

int main(int argc, char **argv)
{
    int provided, rank, x = 1, y;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
#pragma omp parallel num_threads(2)
    {
        if (omp_get_thread_num() == 1)
            MPI_Recv(&y, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        else
            MPI_Send(&x, 1, MPI_INT, 1 - rank, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
