/* what this tests: Waitany returns the one request that can complete (order forced by "go"
 *   messages), sets it to MPI_REQUEST_NULL, skips null entries, and returns MPI_UNDEFINED
 *   when all are null
 * np: 4
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, size, i, idx, vals[16], go = 1;
    MPI_Request reqs[16];
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank == 0) {
        /* reqs[0] is null on purpose; reqs[i] receives from rank i */
        reqs[0] = MPI_REQUEST_NULL;
        for (i = 1; i < size; i++) {
            vals[i] = -1;
            MPI_Irecv(&vals[i], 1, MPI_INT, i, 0, MPI_COMM_WORLD, &reqs[i]);
        }
        /* let the highest rank send first, then the next one, ... */
        for (i = size - 1; i >= 1; i--) {
            MPI_Send(&go, 1, MPI_INT, i, 1, MPI_COMM_WORLD);
            MPI_Waitany(size, reqs, &idx, &st);
            printf("waitany index %d value %d source %d tag %d now null %d\n", idx, vals[idx],
                   st.MPI_SOURCE, st.MPI_TAG, reqs[idx] == MPI_REQUEST_NULL);
        }
        st.MPI_SOURCE = st.MPI_TAG = -77;
        MPI_Waitany(size, reqs, &idx, &st);
        printf("all null: index is MPI_UNDEFINED=%d, source is ANY_SOURCE=%d, tag is ANY_TAG=%d\n",
               idx == MPI_UNDEFINED, st.MPI_SOURCE == MPI_ANY_SOURCE, st.MPI_TAG == MPI_ANY_TAG);
        MPI_Waitany(0, reqs, &idx, MPI_STATUS_IGNORE);
        printf("count 0: index is MPI_UNDEFINED=%d\n", idx == MPI_UNDEFINED);

        /* sends: Waitany over Isends, each completes eventually */
        for (i = 1; i < size; i++) {
            vals[i] = 50 + i;
            MPI_Isend(&vals[i], 1, MPI_INT, i, 2, MPI_COMM_WORLD, &reqs[i - 1]);
        }
        {
            int seen = 0;
            for (i = 1; i < size; i++) {
                MPI_Waitany(size - 1, reqs, &idx, MPI_STATUS_IGNORE);
                seen |= 1 << idx;
            }
            printf("isend waitany saw every index once: %d\n", seen == (1 << (size - 1)) - 1);
        }
    } else {
        int v;
        MPI_Recv(&go, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        v = rank * 11;
        MPI_Send(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);
        MPI_Recv(&v, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
