/* what this tests: non-overtaking order between one sender and one receiver (same tag,
 *   ANY_TAG, mixed small and large messages), matching by tag out of order, earliest-posted
 *   receive wins when two posted receives match
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define NMSG 50
#define BIG (1 << 18) /* ints: 1 MiB */

int main(int argc, char **argv)
{
    int rank, i, v, vals[NMSG];
    MPI_Request reqs[NMSG];
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    /* 1: NMSG messages with tags i%3, received with ANY_TAG: values and tags in send order */
    if (rank == 0) {
        for (i = 0; i < NMSG; i++) {
            v = i;
            MPI_Send(&v, 1, MPI_INT, 1, i % 3, MPI_COMM_WORLD);
        }
    } else if (rank == 1) {
        int ok = 1;
        for (i = 0; i < NMSG; i++) {
            MPI_Recv(&v, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            if (v != i || st.MPI_TAG != i % 3)
                ok = 0;
        }
        printf("1 any-tag order over %d messages: %s\n", NMSG, ok ? "OK" : "FAIL");
    }

    /* 2: tags 0,1,2 sent in that order, received as 2,1,0 */
    if (rank == 0) {
        for (i = 0; i < 3; i++) {
            vals[i] = 10 + i;
            MPI_Isend(&vals[i], 1, MPI_INT, 1, i, MPI_COMM_WORLD, &reqs[i]);
        }
        MPI_Waitall(3, reqs, MPI_STATUSES_IGNORE);
    } else if (rank == 1) {
        for (i = 2; i >= 0; i--) {
            MPI_Recv(&v, 1, MPI_INT, 0, i, MPI_COMM_WORLD, &st);
            printf("2 recv tag %d: value %d tag %d\n", i, v, st.MPI_TAG);
        }
    }

    /* 3: small, large, small, large with one tag: received in that order */
    {
        int *big1 = malloc(BIG * sizeof(int)), *big2 = malloc(BIG * sizeof(int));
        int *r[4], cnt[4], s1 = 1, s2 = 2;
        for (i = 0; i < 4; i++)
            r[i] = malloc(BIG * sizeof(int));
        if (rank == 0) {
            for (i = 0; i < BIG; i++) {
                big1[i] = i;
                big2[i] = -i;
            }
            MPI_Isend(&s1, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, &reqs[0]);
            MPI_Isend(big1, BIG, MPI_INT, 1, 5, MPI_COMM_WORLD, &reqs[1]);
            MPI_Isend(&s2, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, &reqs[2]);
            MPI_Isend(big2, BIG, MPI_INT, 1, 5, MPI_COMM_WORLD, &reqs[3]);
            MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
        } else if (rank == 1) {
            MPI_Status sts[4];
            for (i = 0; i < 4; i++)
                MPI_Irecv(r[i], BIG, MPI_INT, 0, 5, MPI_COMM_WORLD, &reqs[i]);
            MPI_Waitall(4, reqs, sts);
            for (i = 0; i < 4; i++)
                MPI_Get_count(&sts[i], MPI_INT, &cnt[i]);
            printf("3 counts: %d %d %d %d\n", cnt[0], cnt[1], cnt[2], cnt[3]);
            printf("3 values: %d | %d %d %d | %d | %d %d %d\n", r[0][0], r[1][0], r[1][1],
                   r[1][BIG - 1], r[2][0], r[3][0], r[3][1], r[3][BIG - 1]);
        }
        for (i = 0; i < 4; i++)
            free(r[i]);
        free(big1);
        free(big2);
    }

    /* 4: two posted receives (ANY_TAG, then tag 1) both match; the earlier posted gets
     *    the earlier message */
    if (rank == 1) {
        int a = -1, b = -1;
        MPI_Irecv(&a, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&b, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &reqs[1]);
        MPI_Send(&a, 0, MPI_INT, 0, 99, MPI_COMM_WORLD); /* receives are posted */
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        printf("4 first posted got %d, second posted got %d\n", a, b);
    } else if (rank == 0) {
        MPI_Recv(NULL, 0, MPI_INT, 1, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        v = 111;
        MPI_Send(&v, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
        v = 222;
        MPI_Send(&v, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
    }

    /* 5: same as 4 but the messages arrive before the receives are posted */
    if (rank == 0) {
        v = 333;
        MPI_Send(&v, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
        v = 444;
        MPI_Send(&v, 1, MPI_INT, 1, 1, MPI_COMM_WORLD);
        MPI_Send(&v, 0, MPI_INT, 1, 98, MPI_COMM_WORLD);
    } else if (rank == 1) {
        int a = -1, b = -1;
        MPI_Recv(NULL, 0, MPI_INT, 0, 98, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Irecv(&a, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&b, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &reqs[1]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        printf("5 first posted got %d, second posted got %d\n", a, b);
    }
    MPI_Finalize();
    return 0;
}
