/* what this tests: ready sends (Rsend, Irsend) to receives that are known to be posted,
 *   small and large messages
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BIG 100000

int main(int argc, char **argv)
{
    int rank, i;
    MPI_Request reqs[3];
    MPI_Status sts[3];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 1) {
        int a = -1, b = -1, count;
        double *big = malloc(BIG * sizeof(double));
        MPI_Irecv(&a, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&b, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, &reqs[1]);
        MPI_Irecv(big, BIG, MPI_DOUBLE, 0, 3, MPI_COMM_WORLD, &reqs[2]);
        MPI_Send(NULL, 0, MPI_INT, 0, 0, MPI_COMM_WORLD); /* "ready" */
        MPI_Waitall(3, reqs, sts);
        printf("rsend value %d tag %d\n", a, sts[0].MPI_TAG);
        printf("irsend value %d tag %d\n", b, sts[1].MPI_TAG);
        MPI_Get_count(&sts[2], MPI_DOUBLE, &count);
        printf("large rsend count %d values %.1f %.1f\n", count, big[0], big[BIG - 1]);
        free(big);
    } else if (rank == 0) {
        int a = 5, b = 6;
        double *big = malloc(BIG * sizeof(double));
        MPI_Request req;
        for (i = 0; i < BIG; i++)
            big[i] = i + 0.5;
        MPI_Recv(NULL, 0, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Rsend(&a, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
        MPI_Irsend(&b, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Rsend(big, BIG, MPI_DOUBLE, 1, 3, MPI_COMM_WORLD);
        free(big);
    }
    MPI_Finalize();
    return 0;
}
