/* what this tests: persistent requests: Send_init/Recv_init, Start, Startall, Wait, Waitall,
 *   reuse over several iterations, Wait on an inactive request, Request_free
 * np: 3
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

#define ITERS 5

int main(int argc, char **argv)
{
    int rank, size, left, right, it, sbuf[2], rbuf[2], count;
    MPI_Request reqs[2], sreq, rreq;
    MPI_Status st, sts[2];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;

    /* ring with Startall/Waitall */
    MPI_Recv_init(rbuf, 2, MPI_INT, left, 4, MPI_COMM_WORLD, &reqs[0]);
    MPI_Send_init(sbuf, 2, MPI_INT, right, 4, MPI_COMM_WORLD, &reqs[1]);
    for (it = 0; it < ITERS; it++) {
        sbuf[0] = rank;
        sbuf[1] = it * 10 + rank;
        rbuf[0] = rbuf[1] = -1;
        MPI_Startall(2, reqs);
        MPI_Waitall(2, reqs, sts);
        MPI_Get_count(&sts[0], MPI_INT, &count);
        printf("rank %d: iter %d got %d %d from %d tag %d count %d\n", rank, it, rbuf[0], rbuf[1],
               sts[0].MPI_SOURCE, sts[0].MPI_TAG, count);
    }
    printf("rank %d: requests still allocated after Waitall: %d\n", rank,
           reqs[0] != MPI_REQUEST_NULL && reqs[1] != MPI_REQUEST_NULL);

    /* Wait on an inactive persistent request returns at once with an empty status */
    st.MPI_SOURCE = -77;
    st.MPI_TAG = -77;
    MPI_Wait(&reqs[0], &st);
    MPI_Get_count(&st, MPI_INT, &count);
    printf("rank %d: inactive wait source is ANY_SOURCE=%d tag is ANY_TAG=%d count=%d\n", rank,
           st.MPI_SOURCE == MPI_ANY_SOURCE, st.MPI_TAG == MPI_ANY_TAG, count);
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
    printf("rank %d: freed requests are null: %d\n", rank,
           reqs[0] == MPI_REQUEST_NULL && reqs[1] == MPI_REQUEST_NULL);

    /* the other way round with separate Start calls, receive started after the send */
    MPI_Send_init(sbuf, 1, MPI_INT, left, 9, MPI_COMM_WORLD, &sreq);
    MPI_Recv_init(rbuf, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &rreq);
    for (it = 0; it < ITERS; it++) {
        sbuf[0] = 1000 * it + rank;
        MPI_Start(&sreq);
        MPI_Start(&rreq);
        MPI_Wait(&rreq, &st);
        MPI_Wait(&sreq, MPI_STATUS_IGNORE);
        printf("rank %d: reverse iter %d got %d from %d tag %d\n", rank, it, rbuf[0], st.MPI_SOURCE,
               st.MPI_TAG);
    }
    MPI_Request_free(&sreq);
    MPI_Request_free(&rreq);
    MPI_Finalize();
    return 0;
}
