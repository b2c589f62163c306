/* what: --time-limit stops a run that loops on barriers once the simulated clock
 *   passes the limit, with where every rank is; status 255
 * np: 3
 * args: --time-limit=0.01
 * exit: 255
 * stdout: ^round 0$
 * stderr: the simulated time limit of 0.01 s \(--time-limit\) was reached at simulated time 0.01
 * stderr: rank 2: in MPI_Barrier.* at time_limit.c:19
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0;; i++) {
        MPI_Barrier(MPI_COMM_WORLD);
        if (rank == 0 && i % 100 == 0)
            printf("round %d\n", i);
    }
    MPI_Finalize();
    return 0;
}
