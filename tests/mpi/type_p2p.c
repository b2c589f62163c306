/* what this tests: derived types in every send mode and in large (rendezvous) transfers:
 *   Isend/Irecv of a strided type freed before Wait (the transfer completes normally),
 *   Ssend, Bsend, Rsend, persistent requests, Sendrecv_replace, Probe then Recv, a
 *   receive posted before and after the send, truncation into a smaller derived buffer
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BIG 40000 /* doubles: 320 KB with gaps, past the eager limits */

static long long sum_every_other(const double *d, int n)
{
    long long s = 0;
    for (int i = 0; i < n; i += 2)
        s += (long long)d[i];
    return s;
}

int main(int argc, char **argv)
{
    int rank, i;
    MPI_Datatype every2, tmp;
    MPI_Request rq;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    double *big = malloc(sizeof(double) * 2 * BIG);

    /* 1. large Isend/Irecv whose types are freed while the transfer is pending */
    MPI_Type_vector(BIG, 1, 2, MPI_DOUBLE, &every2);
    MPI_Type_commit(&every2);
    for (i = 0; i < 2 * BIG; i++)
        big[i] = rank == 0 ? (i % 2 ? -1 : i / 2) : -5;
    if (rank == 0) {
        MPI_Isend(big, 1, every2, 1, 0, MPI_COMM_WORLD, &rq);
        MPI_Type_free(&every2);
        for (i = 0; i < 100; i++) { /* reuse handles and memory */
            MPI_Type_contiguous(i + 1, MPI_INT, &tmp);
            MPI_Type_free(&tmp);
        }
        MPI_Wait(&rq, MPI_STATUS_IGNORE);
    } else {
        MPI_Irecv(big, 1, every2, 0, 0, MPI_COMM_WORLD, &rq);
        MPI_Type_free(&every2);
        for (i = 0; i < 100; i++) {
            MPI_Type_vector(i + 1, 1, 3, MPI_DOUBLE, &tmp);
            MPI_Type_free(&tmp);
        }
        MPI_Wait(&rq, &st);
        int c;
        MPI_Get_count(&st, MPI_DOUBLE, &c);
        printf("big: %d doubles, sum of values %lld, gap %g, last %g\n", c, sum_every_other(big, 2 * BIG), big[1],
               big[2 * BIG - 2]);
    }

    /* 2. the send modes with a small derived type (3 ints out of 6) */
    MPI_Datatype v3;
    int a[6], b[6];
    MPI_Type_vector(3, 1, 2, MPI_INT, &v3);
    MPI_Type_commit(&v3);
    for (i = 0; i < 6; i++)
        a[i] = 10 * rank + i;
    if (rank == 0) {
        int bsize = 3 * sizeof(int) + MPI_BSEND_OVERHEAD;
        void *bbuf = malloc((size_t)bsize);
        MPI_Ssend(a, 1, v3, 1, 1, MPI_COMM_WORLD);
        MPI_Buffer_attach(bbuf, bsize);
        MPI_Bsend(a + 1, 1, v3, 1, 2, MPI_COMM_WORLD);
        MPI_Buffer_detach(&bbuf, &bsize);
        free(bbuf);
        MPI_Recv(NULL, 0, MPI_INT, 1, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE); /* receiver is ready */
        MPI_Rsend(a, 1, v3, 1, 3, MPI_COMM_WORLD);
        MPI_Send_init(a, 1, v3, 1, 4, MPI_COMM_WORLD, &rq);
        for (i = 0; i < 2; i++) {
            a[0] = 100 + i;
            MPI_Start(&rq);
            MPI_Wait(&rq, MPI_STATUS_IGNORE);
        }
        MPI_Request_free(&rq);
        MPI_Send(a, 1, v3, 1, 5, MPI_COMM_WORLD);
    } else {
        MPI_Request r3;
        for (i = 0; i < 6; i++)
            b[i] = -1;
        MPI_Recv(b, 3, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("ssend: %d %d %d\n", b[0], b[1], b[2]);
        MPI_Recv(b, 1, v3, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("bsend: %d %d %d %d %d %d\n", b[0], b[1], b[2], b[3], b[4], b[5]);
        for (i = 0; i < 6; i++)
            b[i] = -1;
        MPI_Irecv(b + 1, 1, v3, 0, 3, MPI_COMM_WORLD, &r3);
        MPI_Send(NULL, 0, MPI_INT, 0, 99, MPI_COMM_WORLD);
        MPI_Wait(&r3, MPI_STATUS_IGNORE);
        printf("rsend: %d %d %d %d %d %d\n", b[0], b[1], b[2], b[3], b[4], b[5]);
        MPI_Recv_init(b, 3, MPI_INT, 0, 4, MPI_COMM_WORLD, &r3);
        for (i = 0; i < 2; i++) {
            MPI_Start(&r3);
            MPI_Wait(&r3, MPI_STATUS_IGNORE);
            printf("persistent %d: %d %d %d\n", i, b[0], b[1], b[2]);
        }
        MPI_Request_free(&r3);
        MPI_Probe(0, 5, MPI_COMM_WORLD, &st);
        int c, e;
        MPI_Get_count(&st, v3, &c);
        MPI_Get_elements(&st, v3, &e);
        MPI_Recv(b, c, v3, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("probed: count %d elements %d: %d %d %d\n", c, e, b[0], b[2], b[4]);
    }

    /* 3. Sendrecv_replace on a derived type, between the two ranks */
    for (i = 0; i < 6; i++)
        a[i] = 10 * rank + i;
    MPI_Sendrecv_replace(a, 1, v3, 1 - rank, 6, 1 - rank, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (rank == 1)
        printf("sendrecv_replace: %d %d %d %d %d %d\n", a[0], a[1], a[2], a[3], a[4], a[5]);

    /* 4. truncation: 2 elements sent, room for 1 */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (rank == 0)
        MPI_Send(a, 2, MPI_INT, 1, 7, MPI_COMM_WORLD);
    else {
        MPI_Datatype one;
        MPI_Type_create_resized(MPI_INT, 0, 8, &one);
        MPI_Type_commit(&one);
        for (i = 0; i < 6; i++)
            b[i] = -1;
        int rc = MPI_Recv(b, 1, one, 0, 7, MPI_COMM_WORLD, &st), cls, c;
        MPI_Error_class(rc, &cls);
        MPI_Get_count(&st, MPI_INT, &c);
        printf("truncated: %s\n", cls == MPI_ERR_TRUNCATE ? "MPI_ERR_TRUNCATE" : "other"); /* contents undefined */
        MPI_Type_free(&one);
    }
    MPI_Type_free(&v3);
    free(big);
    MPI_Finalize();
    return 0;
}
