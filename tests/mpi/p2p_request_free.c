/* what this tests: Request_free on active Isends (small and 1 MiB) still delivers the data;
 *   freed handles become MPI_REQUEST_NULL; freeing an inactive persistent request;
 *   many freed rendezvous Isends in a row, each delivered whole
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BIG (1 << 18)
#define ROUNDS 16 /* BIG / ROUNDS ints: 64 KiB, rendezvous */

int main(int argc, char **argv)
{
    int rank, i, small = 12345, *big;
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    big = malloc(BIG * sizeof(int));

    if (rank == 0) {
        int ack;
        for (i = 0; i < BIG; i++)
            big[i] = i % 1000;
        MPI_Isend(&small, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req);
        MPI_Request_free(&req);
        printf("freed small isend handle is null: %d\n", req == MPI_REQUEST_NULL);
        MPI_Isend(big, BIG, MPI_INT, 1, 2, MPI_COMM_WORLD, &req);
        MPI_Request_free(&req);
        printf("freed large isend handle is null: %d\n", req == MPI_REQUEST_NULL);
        /* the buffers must stay valid until the receiver says it has everything */
        MPI_Recv(&ack, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("receiver acknowledged: small %d, large sum %d\n", ack / 1000000, ack % 1000000);

        /* freed while the receiver has not posted anything yet */
        for (int k = 0; k < ROUNDS; k++) {
            MPI_Isend(big + k * (BIG / ROUNDS), BIG / ROUNDS, MPI_INT, 1, 10 + k, MPI_COMM_WORLD, &req);
            MPI_Request_free(&req);
        }
        MPI_Recv(&ack, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("%d freed rendezvous sends, received sum %d\n", ROUNDS, ack);

        MPI_Send_init(&small, 1, MPI_INT, 1, 4, MPI_COMM_WORLD, &req);
        MPI_Start(&req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Request_free(&req);
        printf("freed persistent handle is null: %d\n", req == MPI_REQUEST_NULL);
    } else if (rank == 1) {
        int v = -1, ack;
        long sum = 0;
        MPI_Recv(big, BIG, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&v, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = 0; i < BIG; i++)
            sum += big[i];
        ack = (v % 100) * 1000000 + (int)(sum % 1000000);
        MPI_Send(&ack, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
        sum = 0;
        for (int k = ROUNDS - 1; k >= 0; k--) { /* in reverse order: each waits for the receive */
            MPI_Recv(big, BIG / ROUNDS, MPI_INT, 0, 10 + k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            for (i = 0; i < BIG / ROUNDS; i++)
                sum += big[i] * (k + 1);
        }
        ack = (int)(sum % 1000000000);
        MPI_Send(&ack, 1, MPI_INT, 0, 5, MPI_COMM_WORLD);
        MPI_Recv(&v, 1, MPI_INT, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    free(big);
    MPI_Finalize();
    return 0;
}
