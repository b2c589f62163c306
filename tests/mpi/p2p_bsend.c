/* what this tests: buffered sends: Buffer_attach, Bsend and Ibsend complete before the
 *   receive is posted, Buffer_detach returns the buffer and waits for delivery, reattach/reuse
 * np: 2
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 100
#define LARGE 50000

int main(int argc, char **argv)
{
    int rank, i, it, size, a[N], b[N], c[N], *large;
    void *buf, *dbuf;
    int dsize;
    MPI_Request req;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    large = malloc(LARGE * sizeof(int));
    size = 3 * (N * (int)sizeof(int) + MPI_BSEND_OVERHEAD) + LARGE * (int)sizeof(int) + MPI_BSEND_OVERHEAD;
    buf = malloc(size);

    if (rank == 0) {
        int flag = 0;
        for (i = 0; i < N; i++) {
            a[i] = i;
            b[i] = 2 * i;
            c[i] = 3 * i;
        }
        for (i = 0; i < LARGE; i++)
            large[i] = i ^ 0x55;
        MPI_Buffer_attach(buf, size);
        MPI_Bsend(a, N, MPI_INT, 1, 1, MPI_COMM_WORLD);
        MPI_Bsend(b, N, MPI_INT, 1, 2, MPI_COMM_WORLD);
        MPI_Ibsend(c, N, MPI_INT, 1, 3, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        MPI_Bsend(large, LARGE, MPI_INT, 1, 4, MPI_COMM_WORLD);
        /* the user buffers can be overwritten at once */
        for (i = 0; i < N; i++)
            a[i] = b[i] = c[i] = -1;
        for (i = 0; i < LARGE; i++)
            large[i] = -1;
        flag = 1;
        /* rank 1 posts its receives only after this barrier: the sends above were local */
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Buffer_detach(&dbuf, &dsize);
        printf("rank 0: bsends completed before receives: %d\n", flag);
        printf("rank 0: detach returned same buffer=%d same size=%d\n", dbuf == buf, dsize == size);
    } else if (rank == 1) {
        long sum = 0;
        MPI_Barrier(MPI_COMM_WORLD);
        /* receive in another order than sent */
        MPI_Recv(c, N, MPI_INT, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(large, LARGE, MPI_INT, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(a, N, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(b, N, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (i = 0; i < LARGE; i++)
            sum += large[i];
        printf("rank 1: a[1]=%d a[99]=%d b[99]=%d c[99]=%d large sum=%ld\n", a[1], a[99], b[99], c[99], sum);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* reuse: attach, bsend, detach, 10 times; rank 1 receives each message */
    for (it = 0; it < 10; it++) {
        if (rank == 0) {
            MPI_Buffer_attach(buf, size);
            for (i = 0; i < N; i++)
                a[i] = it * 1000 + i;
            MPI_Bsend(a, N, MPI_INT, 1, 10 + it, MPI_COMM_WORLD);
            MPI_Buffer_detach(&dbuf, &dsize);
        } else if (rank == 1) {
            MPI_Recv(a, N, MPI_INT, 0, 10 + it, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            printf("rank 1: round %d got %d..%d\n", it, a[0], a[N - 1]);
        }
    }
    free(buf);
    free(large);
    MPI_Finalize();
    return 0;
}
