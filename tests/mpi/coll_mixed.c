/* what this tests: 16 ranks: every collective back to back with changing roots, while user
 *   point-to-point messages (same tags, wildcard receives) are pending: collectives never
 *   match user messages and vice versa; many collectives in a loop
 * np: 16
 */
#include <mpi.h>
#include <stdio.h>

#define MAXP 64

int main(int argc, char **argv)
{
    int rank, size, i, it, v, ok = 1, oks[MAXP];
    int a[MAXP], b[MAXP], wild = -1, early = -1;
    MPI_Request wreq, sreqs[MAXP];
    MPI_Status wst;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* pending user traffic: a wildcard receive on rank 0, a message to every rank from rank 0 */
    if (rank == 0) {
        MPI_Irecv(&wild, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &wreq);
        for (i = 1; i < size; i++) {
            a[i] = 1000 + i;
            MPI_Isend(&a[i], 1, MPI_INT, i, 0, MPI_COMM_WORLD, &sreqs[i]);
        }
    }

    v = rank == 3 ? 333 : -1;
    MPI_Bcast(&v, 1, MPI_INT, 3, MPI_COMM_WORLD);
    ok = ok && v == 333;

    v = rank + 1;
    b[0] = -1;
    MPI_Reduce(&v, b, 1, MPI_INT, MPI_SUM, 5, MPI_COMM_WORLD);
    if (rank == 5)
        ok = ok && b[0] == size * (size + 1) / 2;

    MPI_Allreduce(&v, b, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    ok = ok && b[0] == size;

    MPI_Gather(&v, 1, MPI_INT, a, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0)
        for (i = 0; i < size; i++)
            ok = ok && a[i] == i + 1;

    for (i = 0; i < size; i++)
        a[i] = 2 * i;
    MPI_Scatter(a, 1, MPI_INT, &v, 1, MPI_INT, size - 1, MPI_COMM_WORLD);
    ok = ok && v == 2 * rank;

    MPI_Allgather(&rank, 1, MPI_INT, b, 1, MPI_INT, MPI_COMM_WORLD);
    for (i = 0; i < size; i++)
        ok = ok && b[i] == i;

    for (i = 0; i < size; i++)
        a[i] = rank * size + i;
    MPI_Alltoall(a, 1, MPI_INT, b, 1, MPI_INT, MPI_COMM_WORLD);
    for (i = 0; i < size; i++)
        ok = ok && b[i] == i * size + rank;

    MPI_Barrier(MPI_COMM_WORLD);

    /* many collectives in a row with moving roots */
    for (it = 0; it < 6; it++) {
        int root = (it * 7) % size, x = rank == root ? it : -1, y;
        MPI_Bcast(&x, 1, MPI_INT, root, MPI_COMM_WORLD);
        MPI_Allreduce(&x, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        ok = ok && x == it && y == it * size;
    }

    /* now the user messages: the early one from rank 0, then rank 7 satisfies the wildcard */
    if (rank > 0) {
        MPI_Recv(&early, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        ok = ok && early == 1000 + rank;
    }
    if (rank == 7 % size && rank != 0) {
        v = 77;
        MPI_Send(&v, 1, MPI_INT, 0, 77, MPI_COMM_WORLD);
    }
    if (rank == 0) {
        MPI_Waitall(size - 1, &sreqs[1], MPI_STATUSES_IGNORE);
        MPI_Wait(&wreq, &wst);
        printf("wildcard receive got %d from %d tag %d\n", wild, wst.MPI_SOURCE, wst.MPI_TAG);
    }

    MPI_Gather(&ok, 1, MPI_INT, oks, 1, MPI_INT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("size %d\n", size);
        for (i = 0; i < size; i++)
            printf("rank %d %s\n", i, oks[i] ? "OK" : "FAIL");
    }
    MPI_Finalize();
    return 0;
}
