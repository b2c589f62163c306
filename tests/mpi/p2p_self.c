/* what this tests: a single rank: messages to itself on MPI_COMM_WORLD and MPI_COMM_SELF
 *   (Isend+Recv, Irecv+Send, Sendrecv, Probe), and every collective with one rank
 * np: 1
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size, a = 5, b = -1, c[3] = {1, 2, 3}, d[3], count;
    MPI_Request req, reqs[2];
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    printf("rank %d of %d\n", rank, size);

    MPI_Isend(&a, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &req);
    MPI_Recv(&b, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &st);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    printf("isend+recv to self: %d source %d tag %d\n", b, st.MPI_SOURCE, st.MPI_TAG);

    b = -1;
    MPI_Irecv(&b, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_SELF, &req);
    a = 6;
    MPI_Send(&a, 1, MPI_INT, 0, 2, MPI_COMM_SELF);
    MPI_Wait(&req, &st);
    printf("irecv+send on COMM_SELF: %d source %d tag %d\n", b, st.MPI_SOURCE, st.MPI_TAG);

    MPI_Sendrecv(c, 3, MPI_INT, 0, 3, d, 3, MPI_INT, 0, 3, MPI_COMM_WORLD, &st);
    printf("sendrecv with self: %d %d %d\n", d[0], d[1], d[2]);

    MPI_Isend(c, 3, MPI_INT, 0, 4, MPI_COMM_SELF, &req);
    MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_SELF, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    printf("probe on self: source %d tag %d count %d\n", st.MPI_SOURCE, st.MPI_TAG, count);
    MPI_Recv(d, 3, MPI_INT, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);

    /* messages on WORLD and SELF do not mix */
    a = 10;
    MPI_Isend(&a, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &reqs[0]);
    b = 20;
    MPI_Isend(&b, 1, MPI_INT, 0, 5, MPI_COMM_SELF, &reqs[1]);
    MPI_Recv(&d[0], 1, MPI_INT, 0, 5, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    MPI_Recv(&d[1], 1, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    printf("self got %d, world got %d\n", d[0], d[1]);

    /* collectives with one rank */
    MPI_Barrier(MPI_COMM_WORLD);
    a = 9;
    MPI_Bcast(&a, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Reduce(c, d, 3, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    printf("bcast %d reduce %d %d %d\n", a, d[0], d[1], d[2]);
    MPI_Allreduce(c, d, 3, MPI_INT, MPI_PROD, MPI_COMM_WORLD);
    printf("allreduce prod %d %d %d\n", d[0], d[1], d[2]);
    MPI_Gather(c, 2, MPI_INT, d, 2, MPI_INT, 0, MPI_COMM_WORLD);
    printf("gather %d %d\n", d[0], d[1]);
    MPI_Scatter(c, 3, MPI_INT, d, 3, MPI_INT, 0, MPI_COMM_WORLD);
    printf("scatter %d %d %d\n", d[0], d[1], d[2]);
    MPI_Allgather(c, 1, MPI_INT, d, 1, MPI_INT, MPI_COMM_WORLD);
    printf("allgather %d\n", d[0]);
    MPI_Alltoall(c + 2, 1, MPI_INT, d, 1, MPI_INT, MPI_COMM_WORLD);
    printf("alltoall %d\n", d[0]);
    MPI_Finalize();
    return 0;
}
