/* what: rank 1 calls exit(2) before MPI_Finalize: the job ends with status 2, with one
 *   message naming the rank and the line; rank 0, which prints a line (still in stdout's
 *   buffer) a little later in simulated time, does not lose it
 * np: 2
 * exit: 2
 * stdout: ^rank 0 computed 
 * stderr: rank 1 called exit\(2\) at exit_job.c:20 .*before MPI_Finalize: the job ends with status 2
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank;
    volatile double x = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1)
        exit(2);
    for (int i = 0; i < 100000; i++)
        x += i * 0.5;
    printf("rank 0 computed %g\n", x);
    MPI_Recv(NULL, 0, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
