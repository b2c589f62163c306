/* what: --timeout stops a run whose rank 1 computes forever, naming the rank and the
 *   line it computes at; the line rank 0 printed is not lost; status 255
 * np: 2
 * args: --timeout=1
 * exit: 255
 * stdout: ^rank 0 waits$
 * stderr: time limit of 1 s of wall time \(--timeout\) was reached
 * stderr: rank 1 is computing at timeout_compute.c:2[23]
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank;
    volatile long x = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        printf("rank 0 waits\n");
    MPI_Barrier(MPI_COMM_WORLD);
    while (rank == 1)
        x++;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
