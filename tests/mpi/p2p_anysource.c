/* what this tests: MPI_ANY_SOURCE and MPI_ANY_TAG matching; per-sender order is kept with
 *   wildcards; ANY_SOURCE with a specific tag and a specific source with ANY_TAG
 * np: 5
 */
#include <mpi.h>
#include <stdio.h>

#define PER 3

int main(int argc, char **argv)
{
    int rank, size, i, k, v;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* phase 1: every rank > 0 sends PER messages with increasing tags */
    if (rank > 0) {
        for (k = 0; k < PER; k++) {
            v = rank * 100 + k;
            MPI_Send(&v, 1, MPI_INT, 0, 10 * rank + k, MPI_COMM_WORLD);
        }
    } else {
        int got[64][PER], tags[64][PER], n[64] = {0}, ok = 1;
        for (i = 0; i < (size - 1) * PER; i++) {
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            if (st.MPI_SOURCE < 1 || st.MPI_SOURCE >= size || n[st.MPI_SOURCE] >= PER) {
                printf("FAIL bad source %d\n", st.MPI_SOURCE);
                continue;
            }
            got[st.MPI_SOURCE][n[st.MPI_SOURCE]] = v;
            tags[st.MPI_SOURCE][n[st.MPI_SOURCE]++] = st.MPI_TAG;
        }
        for (i = 1; i < size; i++) {
            printf("phase 1 from %d:", i);
            for (k = 0; k < n[i]; k++) {
                printf(" (tag %d value %d)", tags[i][k], got[i][k]);
                if (got[i][k] != i * 100 + k || tags[i][k] != 10 * i + k)
                    ok = 0;
            }
            printf("\n");
        }
        printf("phase 1 per-source order: %s\n", ok ? "OK" : "FAIL");
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* phase 2: rank r sends tag 100+r; rank 0 asks for tags in decreasing order, ANY_SOURCE */
    if (rank > 0) {
        v = rank * 1000;
        MPI_Send(&v, 1, MPI_INT, 0, 100 + rank, MPI_COMM_WORLD);
    } else {
        for (i = size - 1; i >= 1; i--) {
            MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 100 + i, MPI_COMM_WORLD, &st);
            printf("phase 2 tag %d: source=%d tag=%d value=%d\n", 100 + i, st.MPI_SOURCE, st.MPI_TAG, v);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* phase 3: rank r sends two messages with tags 7 and 3; rank 0 receives per source, ANY_TAG */
    if (rank > 0) {
        v = rank;
        MPI_Send(&v, 1, MPI_INT, 0, 7, MPI_COMM_WORLD);
        v = -rank;
        MPI_Send(&v, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
    } else {
        for (i = size - 1; i >= 1; i--) {
            for (k = 0; k < 2; k++) {
                MPI_Recv(&v, 1, MPI_INT, i, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
                printf("phase 3 source %d: source=%d tag=%d value=%d\n", i, st.MPI_SOURCE, st.MPI_TAG, v);
            }
        }
    }
    MPI_Finalize();
    return 0;
}
