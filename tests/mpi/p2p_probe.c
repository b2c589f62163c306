/* what this tests: Probe and Iprobe with ANY_SOURCE/ANY_TAG, Get_count from a probe status to
 *   size the receive, probing does not consume the message, Iprobe on a tag never sent
 * np: 3
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    int rank, size, i, k, count, flag;
    MPI_Status st, st2;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    if (rank > 0) {
        int n = rank * 10, *buf = malloc(n * sizeof(int));
        for (i = 0; i < n; i++)
            buf[i] = rank * 1000 + i;
        MPI_Send(buf, n, MPI_INT, 0, rank, MPI_COMM_WORLD);
        /* the second message must not be seen by the ANY_TAG probes of the first loop */
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Send(buf, 2, MPI_INT, 0, 50 + rank, MPI_COMM_WORLD);
        free(buf);
    } else {
        int lens[16] = {0}, firsts[16], lasts[16], tags[16];
        /* sizes unknown in advance: probe, allocate, receive */
        for (k = 1; k < size; k++) {
            int *buf;
            MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_INT, &count);
            /* probing again matches the same message */
            MPI_Probe(st.MPI_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st2);
            if (st2.MPI_TAG != st.MPI_TAG)
                printf("FAIL second probe saw tag %d, first %d\n", st2.MPI_TAG, st.MPI_TAG);
            buf = malloc(count * sizeof(int));
            MPI_Recv(buf, count, MPI_INT, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, &st2);
            lens[st.MPI_SOURCE] = count;
            firsts[st.MPI_SOURCE] = buf[0];
            lasts[st.MPI_SOURCE] = buf[count - 1];
            tags[st.MPI_SOURCE] = st.MPI_TAG;
            free(buf);
        }
        for (i = 1; i < size; i++)
            printf("probe from %d: tag %d count %d first %d last %d\n", i, tags[i], lens[i], firsts[i],
                   lasts[i]);

        MPI_Barrier(MPI_COMM_WORLD);

        /* Iprobe for a tag nobody sends */
        flag = 1;
        MPI_Iprobe(MPI_ANY_SOURCE, 999, MPI_COMM_WORLD, &flag, &st);
        printf("iprobe tag 999: flag=%d\n", flag);

        /* Iprobe loop for a specific source and tag, then receive */
        for (i = size - 1; i >= 1; i--) {
            int v[2];
            do {
                MPI_Iprobe(i, 50 + i, MPI_COMM_WORLD, &flag, &st);
            } while (!flag);
            MPI_Get_count(&st, MPI_INT, &count);
            MPI_Recv(v, 2, MPI_INT, i, MPI_ANY_TAG, MPI_COMM_WORLD, &st2);
            printf("iprobe source %d: tag %d count %d; recv got tag %d values %d %d\n", i, st.MPI_TAG,
                   count, st2.MPI_TAG, v[0], v[1]);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* Probe picks the earliest of several messages from one source */
    if (rank == 1) {
        int v = 1;
        MPI_Send(&v, 1, MPI_INT, 0, 8, MPI_COMM_WORLD);
        MPI_Send(&v, 0, MPI_INT, 0, 9, MPI_COMM_WORLD);
    } else if (rank == 0) {
        int v;
        MPI_Probe(1, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        printf("earliest probe: tag %d\n", st.MPI_TAG);
        MPI_Recv(&v, 1, MPI_INT, 1, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Probe(1, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        printf("next probe: tag %d count %d\n", st.MPI_TAG, count);
        MPI_Recv(NULL, 0, MPI_INT, 1, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
