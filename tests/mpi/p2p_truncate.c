/* what this tests: with MPI_ERRORS_RETURN, a message longer than the receive buffer gives
 *   MPI_ERR_TRUNCATE from Recv, from Wait, and MPI_ERR_IN_STATUS from Waitall; later messages
 *   still arrive intact
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static const char *cname(int err)
{
    int c;
    if (err == MPI_SUCCESS)
        return "MPI_SUCCESS";
    MPI_Error_class(err, &c);
    if (c == MPI_ERR_TRUNCATE) return "MPI_ERR_TRUNCATE";
    if (c == MPI_ERR_IN_STATUS) return "MPI_ERR_IN_STATUS";
    return "other class";
}

#define BIG (1 << 18)

int main(int argc, char **argv)
{
    int rank, i, err, buf[10], small[5];
    MPI_Request reqs[2];
    MPI_Status st, sts[2];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);

    for (i = 0; i < 10; i++)
        buf[i] = 100 + i;
    if (rank == 0) {
        int *big = malloc(BIG * sizeof(int));
        for (i = 0; i < BIG; i++)
            big[i] = i;
        MPI_Send(buf, 10, MPI_INT, 1, 1, MPI_COMM_WORLD);
        MPI_Send(buf, 10, MPI_INT, 1, 2, MPI_COMM_WORLD);
        MPI_Send(buf, 10, MPI_INT, 1, 3, MPI_COMM_WORLD);
        MPI_Send(buf, 2, MPI_INT, 1, 4, MPI_COMM_WORLD);
        MPI_Send(buf, 10, MPI_INT, 1, 5, MPI_COMM_WORLD);
        MPI_Send(buf, 10, MPI_INT, 1, 6, MPI_COMM_WORLD);
        MPI_Send(big, BIG, MPI_INT, 1, 7, MPI_COMM_WORLD);
        free(big);
    } else if (rank == 1) {
        int *half = malloc(BIG / 2 * sizeof(int));

        err = MPI_Recv(small, 5, MPI_INT, 0, 1, MPI_COMM_WORLD, &st);
        printf("Recv 10 ints into 5: %s\n", cname(err));

        err = MPI_Irecv(small, 5, MPI_INT, 0, 2, MPI_COMM_WORLD, &reqs[0]);
        printf("Irecv 10 ints into 5: %s\n", cname(err));
        err = MPI_Wait(&reqs[0], &st);
        printf("Wait: %s, request is null: %d\n", cname(err), reqs[0] == MPI_REQUEST_NULL);

        /* Waitall: one fine, one truncated (in this order: MPICH 4.0 marks the requests after
           a failed one MPI_ERR_PENDING) */
        MPI_Irecv(small, 5, MPI_INT, 0, 4, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(small, 5, MPI_INT, 0, 3, MPI_COMM_WORLD, &reqs[1]);
        err = MPI_Waitall(2, reqs, sts);
        printf("Waitall: %s, status[0].MPI_ERROR %s, status[1].MPI_ERROR %s\n", cname(err),
               cname(sts[0].MPI_ERROR), cname(sts[1].MPI_ERROR));

        /* exact fit still fine */
        err = MPI_Recv(buf, 10, MPI_INT, 0, 5, MPI_COMM_WORLD, &st);
        printf("Recv 10 ints into 10: %s, values %d..%d\n", cname(err), buf[0], buf[9]);
        err = MPI_Recv(buf, 20, MPI_INT, 0, 6, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &i);
        printf("Recv 10 ints into 20: %s, count %d\n", cname(err), i);

        /* large (rendezvous) message truncated */
        err = MPI_Recv(half, BIG / 2, MPI_INT, 0, 7, MPI_COMM_WORLD, &st);
        printf("Recv %d ints into %d: %s\n", BIG, BIG / 2, cname(err));
        free(half);
    }
    /* communication still works afterwards */
    i = rank + 1;
    MPI_Allreduce(&i, &err, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 1)
        printf("allreduce afterwards: %d\n", err);
    MPI_Finalize();
    return 0;
}
