/* what this tests: synchronous sends: Issend does not complete before the matching receive
 *   is posted; Ssend of small, zero-size and large messages; Issend + Wait
 * np: 2
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BIG (1 << 18)

int main(int argc, char **argv)
{
    int rank, i, v, flag, count;
    MPI_Request req;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    /* rank 1 cannot post its receive before leaving the barrier, which rank 0 enters
       only after testing its Issend */
    if (rank == 0) {
        v = 17;
        MPI_Issend(&v, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &req);
        MPI_Test(&req, &flag, MPI_STATUS_IGNORE);
        printf("rank 0: issend complete before receive posted: %d\n", flag);
        MPI_Barrier(MPI_COMM_WORLD);
        if (!flag)
            MPI_Wait(&req, MPI_STATUS_IGNORE);
        printf("rank 0: issend complete after wait: %d\n", req == MPI_REQUEST_NULL);
    } else if (rank == 1) {
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Recv(&v, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &st);
        printf("rank 1: issend value %d tag %d\n", v, st.MPI_TAG);
    } else {
        MPI_Barrier(MPI_COMM_WORLD);
    }

    /* blocking Ssend: small, zero, large; receiver preposts some and not others */
    if (rank == 0) {
        int *big = malloc(BIG * sizeof(int));
        for (i = 0; i < BIG; i++)
            big[i] = 3 * i;
        v = 23;
        MPI_Ssend(&v, 1, MPI_INT, 1, 2, MPI_COMM_WORLD);
        MPI_Ssend(NULL, 0, MPI_INT, 1, 3, MPI_COMM_WORLD);
        MPI_Ssend(big, BIG, MPI_INT, 1, 4, MPI_COMM_WORLD);
        for (i = 0; i < BIG; i++)
            big[i] = -3 * i;
        MPI_Issend(big, BIG, MPI_INT, 1, 5, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        free(big);
    } else if (rank == 1) {
        int *big = malloc(BIG * sizeof(int)), w = -1;
        MPI_Request rr;
        MPI_Irecv(&w, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, &rr);
        MPI_Wait(&rr, &st);
        printf("rank 1: ssend value %d\n", w);
        MPI_Recv(&w, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        printf("rank 1: zero-size ssend count %d tag %d buffer untouched %d\n", count, st.MPI_TAG, w == 23);
        MPI_Recv(big, BIG, MPI_INT, 0, 4, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        printf("rank 1: large ssend count %d values %d %d %d\n", count, big[0], big[1], big[BIG - 1]);
        MPI_Recv(big, BIG, MPI_INT, 0, 5, MPI_COMM_WORLD, &st);
        printf("rank 1: large issend values %d %d %d\n", big[0], big[1], big[BIG - 1]);
        free(big);
    }
    MPI_Finalize();
    return 0;
}
