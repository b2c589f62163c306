/* what: a program that finds an error, reports it from rank 0 and has every rank call
 *   exit(1) without MPI_Finalize (under MPICH the status is 1 or, when mpiexec kills a
 *   rank first, 9): the job ends with status 1 and rank 0's message is printed, even
 *   though rank 0 is the last to reach exit in simulated time
 * np: 4
 * exit: 1
 * stdout: ^error: cannot open the input file$
 * stderr: called exit\(1\) at exit_all_error.c:27 .*before MPI_Finalize: the job ends with status 1
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
    FILE *in = fopen("/nonexistent/simpi-input.dat", "r");
    if (!in && rank == 0) {
        for (int i = 0; i < 200000; i++) /* rank 0 is behind the others */
            x += i;
        printf("error: cannot open the input file\n");
    }
    if (!in)
        exit(1);
    MPI_Finalize();
    return 0;
}
