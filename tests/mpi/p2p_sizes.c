/* what this tests: ping-pong of every size from 0 bytes to 4 MiB (powers of 4 and neighbours),
 *   eager and rendezvous paths, data checked with a checksum, Get_count on each
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXB (4 << 20)

static unsigned long sum(const unsigned char *p, int n)
{
    unsigned long s = 0;
    int i;
    for (i = 0; i < n; i++)
        s = s * 31 + p[i];
    return s;
}

int main(int argc, char **argv)
{
    int rank, i, n, count, sizes[64], ns = 0;
    unsigned char *sbuf, *rbuf;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    sbuf = malloc(MAXB);
    rbuf = malloc(MAXB);

    sizes[ns++] = 0;
    for (n = 1; n <= MAXB; n *= 4) {
        if (n > 1)
            sizes[ns++] = n - 1;
        sizes[ns++] = n;
        if (n < MAXB)
            sizes[ns++] = n + 1;
    }
    sizes[ns++] = 65536 - 1; /* around the usual eager/rendezvous switch */
    sizes[ns++] = 65536 + 8;

    for (i = 0; i < ns; i++) {
        int k, len = sizes[i];
        for (k = 0; k < len; k++)
            sbuf[k] = (unsigned char)(k * 7 + len + rank);
        if (rank == 0) {
            MPI_Send(sbuf, len, MPI_BYTE, 1, i, MPI_COMM_WORLD);
            MPI_Recv(rbuf, MAXB, MPI_BYTE, 1, i, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_BYTE, &count);
            for (k = 0; k < count && k < len; k++)
                if (rbuf[k] != sbuf[len - 1 - k])
                    break;
            printf("size %7d: back count %7d checksum %lu reversed %s\n", len, count, sum(rbuf, count),
                   count == len && k == len ? "OK" : "FAIL");
        } else if (rank == 1) {
            MPI_Recv(rbuf, MAXB, MPI_BYTE, 0, i, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_BYTE, &count);
            /* send back what rank 0 sent, reversed in place */
            for (k = 0; k < count / 2; k++) {
                unsigned char t = rbuf[k];
                rbuf[k] = rbuf[count - 1 - k];
                rbuf[count - 1 - k] = t;
            }
            MPI_Send(rbuf, count, MPI_BYTE, 0, i, MPI_COMM_WORLD);
        }
    }
    free(sbuf);
    free(rbuf);
    MPI_Finalize();
    return 0;
}
