/* what this tests: every rank Isends to and Irecvs from every rank (itself included) with
 *   distinct tags, Waitall with statuses and with MPI_STATUSES_IGNORE
 * np: 8
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

#define MAXP 16
#define N 8

int main(int argc, char **argv)
{
    int rank, size, i, k, round, count;
    int sbuf[MAXP][N], rbuf[MAXP][N];
    MPI_Request reqs[2 * MAXP];
    MPI_Status sts[2 * MAXP];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    for (round = 0; round < 2; round++) {
        int ok = 1;
        long total = 0;
        for (i = 0; i < size; i++)
            for (k = 0; k < N; k++) {
                sbuf[i][k] = round * 100000 + rank * 1000 + i * 10 + k;
                rbuf[i][k] = -1;
            }
        for (i = 0; i < size; i++) {
            /* receives posted in reverse order to shake up matching */
            MPI_Irecv(rbuf[size - 1 - i], N, MPI_INT, size - 1 - i, (size - 1 - i) * 100 + rank,
                      MPI_COMM_WORLD, &reqs[i]);
        }
        for (i = 0; i < size; i++)
            MPI_Isend(sbuf[i], N, MPI_INT, i, rank * 100 + i, MPI_COMM_WORLD, &reqs[size + i]);
        if (round == 0) {
            MPI_Waitall(2 * size, reqs, sts);
            for (i = 0; i < size; i++) {
                int src = size - 1 - i;
                MPI_Get_count(&sts[i], MPI_INT, &count);
                if (sts[i].MPI_SOURCE != src || sts[i].MPI_TAG != src * 100 + rank || count != N)
                    ok = 0;
            }
        } else {
            MPI_Waitall(2 * size, reqs, MPI_STATUSES_IGNORE);
        }
        for (i = 0; i < size; i++)
            for (k = 0; k < N; k++) {
                if (rbuf[i][k] != round * 100000 + i * 1000 + rank * 10 + k)
                    ok = 0;
                total += rbuf[i][k];
            }
        printf("rank %d: round %d total %ld %s\n", rank, round, total, ok ? "OK" : "FAIL");
    }
    MPI_Finalize();
    return 0;
}
