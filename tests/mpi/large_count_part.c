/* what this tests: a partitioned send and receive of 2^31 + 16 bytes in all (2 send partitions of
 *   2^30 + 8, 4 receive partitions of 2^29 + 4): every byte arrives, checked at sampled positions
 *   on both sides of each partition boundary and of INT_MAX; the send buffer is read but never
 *   written except at those positions (about 5.3 GB of real memory under simpi: the receive
 *   buffer and the staged copy)
 * np: 2
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define TOTAL (((size_t)1 << 31) + 16)

static const size_t at[] = {0, 1, ((size_t)1 << 29) + 3, ((size_t)1 << 29) + 4, ((size_t)1 << 30) + 7,
                            ((size_t)1 << 30) + 8, ((size_t)1 << 31) - 1, (size_t)1 << 31, TOTAL - 1};
#define NAT (sizeof at / sizeof at[0])

static char value(size_t i) { return (char)(1 + i % 251); }

int main(int argc, char **argv)
{
    int rank;
    MPI_Request req;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char *buf = calloc(TOTAL, 1);
    if (!buf) {
        printf("rank %d: cannot allocate\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (rank == 0) {
        for (size_t k = 0; k < NAT; k++)
            buf[at[k]] = value(at[k]);
        MPI_Psend_init(buf, 2, (MPI_Count)(TOTAL / 2), MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
        MPI_Start(&req);
        MPI_Pready(1, req);
        MPI_Pready(0, req);
        MPI_Wait(&req, MPI_STATUS_IGNORE);
        printf("rank 0: sent %zu bytes in 2 partitions\n", TOTAL);
    } else {
        MPI_Status st;
        MPI_Count n;
        MPI_Precv_init(buf, 4, (MPI_Count)(TOTAL / 4), MPI_CHAR, 0, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
        MPI_Start(&req);
        MPI_Wait(&req, &st);
        MPI_Get_count_c(&st, MPI_CHAR, &n);
        int bad = 0;
        for (size_t k = 0; k < NAT; k++)
            bad += buf[at[k]] != value(at[k]);
        bad += buf[2] != 0 || buf[TOTAL - 2] != 0;
        printf("rank 1: received %lld bytes in 4 partitions, %s\n", (long long)n,
               bad ? "WRONG" : "every sampled byte right");
    }
    MPI_Request_free(&req);
    free(buf);
    MPI_Finalize();
    return 0;
}
