/* what this tests: 1 MiB and 4 MiB messages (rendezvous): blocking, simultaneous Isend
 *   exchange, receive posted late, Irecv posted early; and zero-size messages (NULL buffer,
 *   buffer left untouched, Get_count 0)
 * np: 2
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define MIB (1 << 20)

static unsigned long csum(const double *p, int n)
{
    unsigned long s = 0;
    int i;
    for (i = 0; i < n; i++)
        s = s * 1000003u + (unsigned long)(p[i] * 4.0);
    return s;
}

int main(int argc, char **argv)
{
    int rank, peer, i, count, sizes[2] = {MIB / 8, 4 * MIB / 8}, s;
    double *sbuf, *rbuf;
    MPI_Request reqs[2];
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    peer = 1 - rank;
    sbuf = malloc(4 * MIB);
    rbuf = malloc(4 * MIB);

    for (s = 0; s < 2; s++) {
        int n = sizes[s];
        for (i = 0; i < n; i++)
            sbuf[i] = rank * 0.5 + i * 0.25;

        /* 1: blocking, 0 -> 1 */
        if (rank == 0) {
            MPI_Send(sbuf, n, MPI_DOUBLE, 1, 1, MPI_COMM_WORLD);
        } else {
            MPI_Recv(rbuf, n, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_DOUBLE, &count);
            printf("rank 1: %d MiB blocking: count %d last %.2f csum %lu\n", n * 8 / MIB, count,
                   rbuf[n - 1], csum(rbuf, count));
        }

        /* 2: both send at the same time, nonblocking */
        MPI_Isend(sbuf, n, MPI_DOUBLE, peer, 2, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(rbuf, n, MPI_DOUBLE, peer, 2, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        printf("rank %d: %d MiB exchange: first %.2f last %.2f csum %lu\n", rank, n * 8 / MIB, rbuf[0],
               rbuf[n - 1], csum(rbuf, n));

        /* 3: receive posted late (after a barrier), sender nonblocking */
        if (rank == 1) {
            MPI_Isend(sbuf, n, MPI_DOUBLE, 0, 3, MPI_COMM_WORLD, &reqs[0]);
            MPI_Barrier(MPI_COMM_WORLD);
            MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
        } else {
            MPI_Barrier(MPI_COMM_WORLD);
            MPI_Recv(rbuf, n, MPI_DOUBLE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_DOUBLE, &count);
            printf("rank 0: %d MiB late receive: source %d tag %d count %d csum %lu\n", n * 8 / MIB,
                   st.MPI_SOURCE, st.MPI_TAG, count, csum(rbuf, count));
        }

        /* 4: receive posted early (before a barrier), blocking send after it */
        if (rank == 0) {
            MPI_Irecv(rbuf, n, MPI_DOUBLE, 1, 4, MPI_COMM_WORLD, &reqs[0]);
            MPI_Barrier(MPI_COMM_WORLD);
            MPI_Wait(&reqs[0], &st);
            printf("rank 0: %d MiB early receive: csum %lu\n", n * 8 / MIB, csum(rbuf, n));
        } else {
            MPI_Barrier(MPI_COMM_WORLD);
            MPI_Send(sbuf, n, MPI_DOUBLE, 0, 4, MPI_COMM_WORLD);
        }
    }

    /* zero-size messages */
    rbuf[0] = -1.0;
    if (rank == 0) {
        MPI_Send(NULL, 0, MPI_DOUBLE, 1, 5, MPI_COMM_WORLD);
        MPI_Send(sbuf, 0, MPI_DOUBLE, 1, 6, MPI_COMM_WORLD);
        MPI_Isend(NULL, 0, MPI_INT, 1, 7, MPI_COMM_WORLD, &reqs[0]);
        MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(rbuf, 10, MPI_DOUBLE, 0, 5, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_DOUBLE, &count);
        printf("rank 1: zero-size from NULL: count %d tag %d untouched %d\n", count, st.MPI_TAG,
               rbuf[0] == -1.0);
        MPI_Recv(NULL, 0, MPI_DOUBLE, 0, 6, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_DOUBLE, &count);
        printf("rank 1: zero-size into NULL: count %d tag %d\n", count, st.MPI_TAG);
        MPI_Irecv(rbuf, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &reqs[0]);
        MPI_Wait(&reqs[0], &st);
        MPI_Get_count(&st, MPI_INT, &count);
        printf("rank 1: zero-size irecv: count %d tag %d untouched %d\n", count, st.MPI_TAG,
               rbuf[0] == -1.0);
    }
    free(sbuf);
    free(rbuf);
    MPI_Finalize();
    return 0;
}
