/* what this tests: Test, Testall, Testany: on MPI_REQUEST_NULL, on requests that cannot have
 *   completed yet (their message is sent after a barrier), Testall leaves requests untouched
 *   when not all are complete, polling loops until completion
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, flag, idx, a = -1, b = -1, dummy = 0;
    MPI_Request req, reqs[3];
    MPI_Status st, sts[3];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        req = MPI_REQUEST_NULL;
        flag = 0;
        st.MPI_SOURCE = st.MPI_TAG = -77;
        MPI_Test(&req, &flag, &st);
        printf("test on null: flag=%d source is ANY_SOURCE=%d tag is ANY_TAG=%d\n", flag,
               st.MPI_SOURCE == MPI_ANY_SOURCE, st.MPI_TAG == MPI_ANY_TAG);

        reqs[0] = reqs[1] = MPI_REQUEST_NULL;
        flag = 0;
        MPI_Testany(2, reqs, &idx, &flag, &st);
        printf("testany on all null: flag=%d index is MPI_UNDEFINED=%d\n", flag, idx == MPI_UNDEFINED);
        flag = 0;
        MPI_Testall(2, reqs, &flag, sts);
        printf("testall on all null: flag=%d\n", flag);

        /* reqs[0] completes at once (PROC_NULL); reqs[1] and reqs[2] need rank 1, which sends
           only after the barrier */
        MPI_Irecv(&dummy, 1, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &reqs[0]);
        MPI_Irecv(&a, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &reqs[1]);
        MPI_Irecv(&b, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, &reqs[2]);
        flag = 1;
        MPI_Test(&reqs[1], &flag, &st);
        printf("test before barrier: flag=%d\n", flag);
        flag = 1;
        MPI_Testall(3, reqs, &flag, sts);
        printf("testall before barrier: flag=%d, requests kept: %d %d %d\n", flag,
               reqs[0] != MPI_REQUEST_NULL, reqs[1] != MPI_REQUEST_NULL, reqs[2] != MPI_REQUEST_NULL);
        flag = 0;
        MPI_Testany(3, reqs, &idx, &flag, &st);
        printf("testany before barrier: flag=%d index=%d\n", flag, idx);
        flag = 1;
        MPI_Testany(3, reqs, &idx, &flag, &st);
        printf("testany again before barrier: flag=%d\n", flag);
        MPI_Barrier(MPI_COMM_WORLD);

        /* poll for the first, then poll for the rest */
        do {
            MPI_Test(&reqs[1], &flag, &st);
        } while (!flag);
        printf("test loop: a=%d source=%d tag=%d null=%d\n", a, st.MPI_SOURCE, st.MPI_TAG,
               reqs[1] == MPI_REQUEST_NULL);
        do {
            MPI_Testall(3, reqs, &flag, sts);
        } while (!flag);
        printf("testall loop: b=%d source=%d tag=%d\n", b, sts[2].MPI_SOURCE, sts[2].MPI_TAG);

        /* Testany loop over sends */
        a = 5;
        b = 6;
        MPI_Isend(&a, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, &reqs[0]);
        MPI_Isend(&b, 1, MPI_INT, 1, 4, MPI_COMM_WORLD, &reqs[1]);
        {
            int n = 0, seen = 0;
            while (n < 2) {
                MPI_Testany(2, reqs, &idx, &flag, MPI_STATUS_IGNORE);
                if (flag && idx != MPI_UNDEFINED) {
                    seen |= 1 << idx;
                    n++;
                }
            }
            printf("testany loop over sends saw both: %d\n", seen == 3);
        }
    } else if (rank == 1) {
        MPI_Barrier(MPI_COMM_WORLD);
        a = 41;
        b = 42;
        MPI_Send(&a, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
        MPI_Send(&b, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
        MPI_Recv(&a, 1, MPI_INT, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&a, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
