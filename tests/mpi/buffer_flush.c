/* what this tests: MPI 4.1's MPI_Buffer_flush and MPI_Buffer_iflush: after either, the
 *   attached buffer is free again (buffered sends filling it whole succeed once more), the
 *   buffer stays attached, the messages arrive in order with their data; iflush completed by
 *   Wait, then by Waitall together with receives; Buffer_detach afterwards returns the buffer
 *   (MPICH 4.0, the reference, has neither call: there each flush is a Buffer_detach followed by
 *   the same Buffer_attach, which waits the same way)
 * np: 1 2 3 4
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define K 6   /* messages that fill the buffer */
#define M 500 /* ints per message */
#define ROUNDS 4

#ifndef SIMPI
static void *att;
static int attsize;
static int flush_emulated(void)
{
    void *b;
    int s;
    MPI_Buffer_detach(&b, &s);
    return MPI_Buffer_attach(att, attsize);
}
#define MPI_Buffer_flush() flush_emulated()
#define MPI_Buffer_iflush(req) (*(req) = MPI_REQUEST_NULL, flush_emulated())
#endif

int main(int argc, char **argv)
{
    int rank, size, i, j, round, ok = 1, all, mine = 0;
    int *msgs, *recvd;
    MPI_Request *rr, fr;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* message i of round r goes from rank 0 to rank i % size, tag r */
    for (round = 0; round < ROUNDS; round++)
        for (i = 0; i < K; i++)
            mine += i % size == rank;
    recvd = malloc(sizeof(int) * M * (mine ? mine : 1));
    rr = malloc(sizeof(MPI_Request) * (mine ? mine : 1));
    for (j = 0, round = 0; round < ROUNDS; round++)
        for (i = 0; i < K; i++)
            if (i % size == rank) {
                MPI_Irecv(recvd + j * M, M, MPI_INT, 0, round, MPI_COMM_WORLD, &rr[j]);
                j++;
            }
    MPI_Barrier(MPI_COMM_WORLD);

    if (rank == 0) {
        int bsize = K * (M * (int)sizeof(int) + MPI_BSEND_OVERHEAD), dsize;
        void *buf = malloc(bsize), *dbuf;
        msgs = malloc(sizeof(int) * M * K);
#ifndef SIMPI
        att = buf;
        attsize = bsize;
#endif
        MPI_Buffer_attach(buf, bsize);
        for (round = 0; round < ROUNDS; round++) {
            for (i = 0; i < K; i++) {
                for (j = 0; j < M; j++)
                    msgs[i * M + j] = round * 100000 + i * 1000 + j;
                if (i % 2)
                    MPI_Bsend(msgs + i * M, M, MPI_INT, i % size, round, MPI_COMM_WORLD);
                else {
                    MPI_Request q;
                    MPI_Ibsend(msgs + i * M, M, MPI_INT, i % size, round, MPI_COMM_WORLD, &q);
                    MPI_Request_free(&q);
                }
            }
            switch (round) { /* the buffer is full: the next round needs it emptied */
            case 0: MPI_Buffer_flush(); break;
            case 1:
                MPI_Buffer_iflush(&fr);
                MPI_Wait(&fr, MPI_STATUS_IGNORE);
                ok = ok && fr == MPI_REQUEST_NULL;
                break;
            case 2: { /* completed together with rank 0's own receives of rounds 0 to 2 */
                MPI_Request *w = malloc(sizeof(MPI_Request) * (mine + 1));
                int n = 0, r2, i2, j2;
                for (j2 = 0, r2 = 0; r2 < ROUNDS; r2++)
                    for (i2 = 0; i2 < K; i2++)
                        if (i2 % size == 0) {
                            if (r2 <= 2) {
                                w[n++] = rr[j2];
                                rr[j2] = MPI_REQUEST_NULL; /* completed by the Waitall below */
                            }
                            j2++;
                        }
                MPI_Buffer_iflush(&w[n]);
                MPI_Waitall(n + 1, w, MPI_STATUSES_IGNORE);
                free(w);
                break;
            }
            default: break; /* the last round: Buffer_detach waits */
            }
        }
        MPI_Buffer_detach(&dbuf, &dsize);
        ok = ok && dbuf == buf && dsize == bsize;
        free(buf);
        free(msgs);
    }
    MPI_Waitall(mine, rr, MPI_STATUSES_IGNORE);
    for (j = 0, round = 0; round < ROUNDS; round++)
        for (i = 0; i < K; i++)
            if (i % size == rank) {
                int k;
                for (k = 0; k < M; k++)
                    ok = ok && recvd[j * M + k] == round * 100000 + i * 1000 + k;
                j++;
            }
    MPI_Reduce(&ok, &all, 1, MPI_INT, MPI_MIN, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%d rounds filling the buffer, flushed by Buffer_flush, Buffer_iflush + Wait, "
               "Buffer_iflush + Waitall, Buffer_detach: %s\n", ROUNDS, all ? "ok" : "FAIL");
    free(recvd);
    free(rr);
    MPI_Finalize();
    return 0;
}
