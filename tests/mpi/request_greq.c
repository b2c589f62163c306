/* what this tests: MPI_Request_get_status (completion seen without freeing the request, its
 *   status as Wait gives it) and generalized requests: the query callback fills the status of
 *   Wait/Test/Waitany, the free callback runs when the request is freed (at MPI_Grequest_complete
 *   when MPI_Request_free came first), the cancel callback gets whether it is complete
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>

static int frees, cancels, last_complete = -1;

static int query(void *extra, MPI_Status *st)
{
    MPI_Status_set_elements(st, MPI_INT, *(int *)extra);
    MPI_Status_set_cancelled(st, 0);
    st->MPI_SOURCE = MPI_UNDEFINED;
    st->MPI_TAG = MPI_UNDEFINED;
    return MPI_SUCCESS;
}
static int free_fn(void *extra)
{
    (void)extra;
    frees++;
    return MPI_SUCCESS;
}
static int cancel_fn(void *extra, int complete)
{
    (void)extra;
    cancels++;
    last_complete = complete;
    return MPI_SUCCESS;
}

int main(int argc, char **argv)
{
    int rank, flag, count, idx, n = 5, x = 0;
    MPI_Status st;
    MPI_Request r, rs[2];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        MPI_Irecv(&x, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, &r);
        MPI_Request_get_status(r, &flag, &st);
        printf("get_status before the send: flag %d\n", flag);
        MPI_Barrier(MPI_COMM_WORLD);
        do
            MPI_Request_get_status(r, &flag, &st);
        while (!flag);
        MPI_Get_count(&st, MPI_INT, &count);
        printf("get_status after: source %d tag %d count %d, request still valid %d\n", st.MPI_SOURCE,
               st.MPI_TAG, count, r != MPI_REQUEST_NULL);
        MPI_Wait(&r, &st);
        printf("wait afterwards: source %d value %d, request now null %d\n", st.MPI_SOURCE, x,
               r == MPI_REQUEST_NULL);
        MPI_Request_get_status(MPI_REQUEST_NULL, &flag, &st);
        printf("get_status of MPI_REQUEST_NULL: flag %d\n", flag);

        MPI_Grequest_start(query, free_fn, cancel_fn, &n, &r);
        MPI_Test(&r, &flag, &st);
        printf("generalized request tested before completion: flag %d\n", flag);
        MPI_Cancel(&r);
        printf("cancel before completion: callback called %d with complete %d\n", cancels, last_complete);
        MPI_Grequest_complete(r);
        MPI_Wait(&r, &st);
        MPI_Get_elements(&st, MPI_INT, &count);
        printf("wait after completion: elements %d from the query, frees %d, request null %d\n", count, frees,
               r == MPI_REQUEST_NULL);

        MPI_Grequest_start(query, free_fn, cancel_fn, &n, &r);
        MPI_Request keep = r;
        MPI_Request_free(&r);
        printf("freed before completion: frees %d\n", frees);
        MPI_Grequest_complete(keep);
        printf("then completed: frees %d\n", frees);
        MPI_Grequest_start(query, free_fn, cancel_fn, &n, &rs[0]);
        MPI_Grequest_start(query, free_fn, cancel_fn, &n, &rs[1]);
        MPI_Grequest_complete(rs[1]);
        MPI_Waitany(2, rs, &idx, &st);
        printf("waitany with one of two completed: index %d\n", idx);
        MPI_Grequest_complete(rs[0]);
        MPI_Request_get_status(rs[0], &flag, &st);
        MPI_Get_elements(&st, MPI_INT, &count);
        printf("get_status of a completed generalized request: flag %d elements %d frees %d\n", flag, count,
               frees);
        MPI_Wait(&rs[0], MPI_STATUS_IGNORE);
        printf("frees at the end: %d\n", frees);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
        x = 42;
        MPI_Send(&x, 1, MPI_INT, 0, 7, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
