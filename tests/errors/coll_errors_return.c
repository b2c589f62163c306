/* what: with MPI_ERRORS_RETURN, bad collective and operation arguments return their error
 *   class and the program goes on: root, count, datatype, operation, buffers, MPI_IN_PLACE
 *   where it is not allowed, null arrays and requests, freeing a predefined operation,
 *   freeing or cancelling an active nonblocking collective request
 * np: 2
 * exit: 0
 * stdout: ^bad root: MPI_ERR_ROOT$
 * stdout: ^negative count: MPI_ERR_COUNT$
 * stdout: ^null datatype: MPI_ERR_TYPE$
 * stdout: ^null operation: MPI_ERR_OP$
 * stdout: ^MPI_LAND on doubles: MPI_ERR_OP$
 * stdout: ^null buffer: MPI_ERR_BUFFER$
 * stdout: ^MPI_IN_PLACE in MPI_Bcast: MPI_ERR_BUFFER$
 * stdout: ^MPI_IN_PLACE as the receive buffer of MPI_Allreduce: MPI_ERR_BUFFER$
 * stdout: ^null recvcounts in MPI_Allgatherv: MPI_ERR_ARG$
 * stdout: ^negative recvcount in MPI_Reduce_scatter: MPI_ERR_COUNT$
 * stdout: ^null request in MPI_Ibarrier: MPI_ERR_ARG$
 * stdout: ^free MPI_SUM: MPI_ERR_OP$
 * stdout: ^free an active ibarrier request: MPI_ERR_REQUEST$
 * stdout: ^cancel an active ibarrier request: MPI_ERR_REQUEST$
 * stdout: ^still running$
 */
#include <mpi.h>
#include <stdio.h>

static const char *cls(int err)
{
    int c;
    MPI_Error_class(err, &c);
    switch (c) {
    case MPI_SUCCESS: return "MPI_SUCCESS";
    case MPI_ERR_ROOT: return "MPI_ERR_ROOT";
    case MPI_ERR_COUNT: return "MPI_ERR_COUNT";
    case MPI_ERR_TYPE: return "MPI_ERR_TYPE";
    case MPI_ERR_OP: return "MPI_ERR_OP";
    case MPI_ERR_BUFFER: return "MPI_ERR_BUFFER";
    case MPI_ERR_ARG: return "MPI_ERR_ARG";
    case MPI_ERR_REQUEST: return "MPI_ERR_REQUEST";
    }
    return "another error";
}

int main(int argc, char **argv)
{
    int rank, v[4] = {1, 2, 3, 4}, w[4], counts[2] = {1, -1};
    double d = 1, e;
    MPI_Op sum = MPI_SUM;
    MPI_Request r;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    /* every rank makes the same bad calls: none of them communicates */
    int e1 = MPI_Bcast(v, 1, MPI_INT, -1, MPI_COMM_WORLD);
    int e2 = MPI_Allreduce(v, w, -1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    int e3 = MPI_Allreduce(v, w, 1, MPI_DATATYPE_NULL, MPI_SUM, MPI_COMM_WORLD);
    int e4 = MPI_Allreduce(v, w, 1, MPI_INT, MPI_OP_NULL, MPI_COMM_WORLD);
    int e5 = MPI_Allreduce(&d, &e, 1, MPI_DOUBLE, MPI_LAND, MPI_COMM_WORLD);
    int e6 = MPI_Allreduce(NULL, w, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    int e7 = MPI_Bcast(MPI_IN_PLACE, 1, MPI_INT, 0, MPI_COMM_WORLD);
    int e8 = MPI_Allreduce(v, MPI_IN_PLACE, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    int e9 = MPI_Allgatherv(v, 1, MPI_INT, w, NULL, counts, MPI_INT, MPI_COMM_WORLD);
    int e10 = MPI_Reduce_scatter(v, w, counts, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    int e11 = MPI_Ibarrier(MPI_COMM_WORLD, NULL);
    int e12 = MPI_Op_free(&sum);
    if (rank == 0) {
        printf("bad root: %s\n", cls(e1));
        printf("negative count: %s\n", cls(e2));
        printf("null datatype: %s\n", cls(e3));
        printf("null operation: %s\n", cls(e4));
        printf("MPI_LAND on doubles: %s\n", cls(e5));
        printf("null buffer: %s\n", cls(e6));
        printf("MPI_IN_PLACE in MPI_Bcast: %s\n", cls(e7));
        printf("MPI_IN_PLACE as the receive buffer of MPI_Allreduce: %s\n", cls(e8));
        printf("null recvcounts in MPI_Allgatherv: %s\n", cls(e9));
        printf("negative recvcount in MPI_Reduce_scatter: %s\n", cls(e10));
        printf("null request in MPI_Ibarrier: %s\n", cls(e11));
        printf("free MPI_SUM: %s\n", cls(e12));
    }
    MPI_Ibarrier(MPI_COMM_WORLD, &r);
    int e13 = MPI_Request_free(&r);
    int e14 = MPI_Cancel(&r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    if (rank == 0) {
        printf("free an active ibarrier request: %s\n", cls(e13));
        printf("cancel an active ibarrier request: %s\n", cls(e14));
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        printf("still running\n");
    MPI_Finalize();
    return 0;
}
