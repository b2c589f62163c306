/* what this tests: partitioned point-to-point communication (MPI 4.0), ranks in pairs 2k -> 2k+1,
 *   all from the main thread: equal partition counts, partitions marked in reverse order with
 *   MPI_Pready and polled with MPI_Parrived, three rounds of one request pair (restarted with
 *   MPI_Start); different counts on the two sides (6 x 10 ints sent into 4 x 15), marked with
 *   MPI_Pready_range and MPI_Pready_list; partitions whose bytes do not line up (ints sent, bytes
 *   received 16 at a time); a strided receive type; a receive started before the send is even
 *   initialized; Startall, Waitall and Waitany over partitioned and ordinary requests; two pairs with
 *   one tag, told apart by the order of their initialization; an intercommunicator, with Waitsome
 *   and Request_get_status. With -DWITH_MPICH_BROKEN
 *   (unit/mpich_broken.sh): the receiver polls with MPI_Testall, where MPICH 4.0.2 fails with
 *   MPI_ERR_IN_STATUS ("pending request") on a partitioned request
 * np: 2 4
 */
#include <mpi.h>
#include "verdict.h"
#include <stdio.h>
#include <string.h>

static int rank, size;

/* receiver: waits for every partition through MPI_Parrived, in order */
static void poll_all(MPI_Request r, int n)
{
    for (int j = 0; j < n; j++) {
        int flag = 0;
        while (!flag)
            MPI_Parrived(r, j, &flag);
    }
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int sender = rank % 2 == 0, peer = sender ? rank + 1 : rank - 1, ok = 1;
    MPI_Request r;

    /* 1. equal counts, three rounds, reverse marking, Parrived polling */
    int a[8 * 4];
    if (sender)
        MPI_Psend_init(a, 8, 4, MPI_INT, peer, 1, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
    else
        MPI_Precv_init(a, 8, 4, MPI_INT, peer, 1, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
    for (int round = 0; round < 3; round++) {
        MPI_Start(&r);
        if (sender) {
            for (int p = 7; p >= 0; p--) {
                for (int k = 0; k < 4; k++)
                    a[p * 4 + k] = 1000 * round + p * 4 + k;
                MPI_Pready(p, r);
            }
            MPI_Wait(&r, MPI_STATUS_IGNORE);
        } else {
            memset(a, 0, sizeof a);
            poll_all(r, 8);
            for (int i = 0; i < 32; i++)
                ok &= a[i] == 1000 * round + i;
            int flag = 0;
            while (!flag)
                MPI_Test(&r, &flag, MPI_STATUS_IGNORE);
        }
    }
    MPI_Request_free(&r);
    verdict("equal partitions, three rounds, Pready in reverse, Parrived", ok);

    /* 2. 6 x 10 ints sent, 4 x 15 received; Pready_range and Pready_list */
    int b[60];
    ok = 1;
    if (sender) {
        for (int i = 0; i < 60; i++)
            b[i] = 7 * i + 1;
        MPI_Psend_init(b, 6, 10, MPI_INT, peer, 2, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
        MPI_Start(&r);
        MPI_Pready_range(0, 2, r);
        int rest[3] = {5, 3, 4};
        MPI_Pready_list(3, rest, r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    } else {
        memset(b, 0, sizeof b);
        MPI_Precv_init(b, 4, 15, MPI_INT, peer, 2, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
        MPI_Start(&r);
        poll_all(r, 4);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        for (int i = 0; i < 60; i++)
            ok &= b[i] == 7 * i + 1;
    }
    MPI_Request_free(&r);
    verdict("6 partitions sent into 4, Pready_range and Pready_list", ok);

    /* 3. 4 x 3 ints sent, 3 x 16 bytes received: the receive's partitions straddle the send's */
    int c[12];
    unsigned char cb[48];
    ok = 1;
    if (sender) {
        for (int i = 0; i < 12; i++)
            c[i] = 0x01020304 * (i + 1);
        MPI_Psend_init(c, 4, 3, MPI_INT, peer, 3, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
        MPI_Start(&r);
        for (int p = 0; p < 4; p++)
            MPI_Pready(p, r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    } else {
        MPI_Precv_init(cb, 3, 16, MPI_BYTE, peer, 3, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
        MPI_Start(&r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        for (int i = 0; i < 12; i++) {
            int v;
            memcpy(&v, cb + 4 * i, 4);
            ok &= v == 0x01020304 * (i + 1);
        }
    }
    MPI_Request_free(&r);
    verdict("partitions of 12 bytes received as partitions of 16", ok);

    /* 4. a strided receive type: every other int */
    int d[20], e[40];
    MPI_Datatype every_other;
    MPI_Type_vector(5, 1, 2, MPI_INT, &every_other);
    MPI_Type_commit(&every_other);
    ok = 1;
    if (sender) {
        for (int i = 0; i < 20; i++)
            d[i] = 3 * i;
        MPI_Psend_init(d, 2, 10, MPI_INT, peer, 4, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
        MPI_Start(&r);
        MPI_Pready(1, r);
        MPI_Pready(0, r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    } else {
        for (int i = 0; i < 40; i++)
            e[i] = -1;
        /* 4 partitions of one vector (5 ints each, extent 9 ints) */
        MPI_Precv_init(e, 4, 1, every_other, peer, 4, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
        MPI_Start(&r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        for (int p = 0; p < 4; p++)
            for (int k = 0; k < 5; k++)
                ok &= e[p * 9 + 2 * k] == 3 * (p * 5 + k);
        ok &= e[1] == -1 && e[36] == -1;
    }
    MPI_Request_free(&r);
    MPI_Type_free(&every_other);
    verdict("a strided receive type", ok);

    /* 5. the receive is started before the send exists */
    int f[16];
    ok = 1;
    if (sender) {
        int token;
        MPI_Recv(&token, 1, MPI_INT, peer, 50, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        for (int i = 0; i < 16; i++)
            f[i] = 100 + i;
        MPI_Psend_init(f, 4, 4, MPI_INT, peer, 5, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
        MPI_Start(&r);
        MPI_Pready_range(2, 3, r);
        MPI_Pready_range(0, 1, r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    } else {
        memset(f, 0, sizeof f);
        MPI_Precv_init(f, 2, 8, MPI_INT, peer, 5, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
        MPI_Start(&r);
        int flag = 1;
        MPI_Parrived(r, 0, &flag);
        ok &= !flag;
        int token = 1;
        MPI_Send(&token, 1, MPI_INT, peer, 50, MPI_COMM_WORLD);
        poll_all(r, 2);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        for (int i = 0; i < 16; i++)
            ok &= f[i] == 100 + i;
    }
    MPI_Request_free(&r);
    verdict("a receive started before its send was initialized", ok);

    /* 6. Startall, Waitany, Testall, Waitall with ordinary requests; two pairs with one tag */
    int g1[6], g2[6], h = 0, hv = 0;
    MPI_Request rs[3];
    ok = 1;
    if (sender) {
        for (int i = 0; i < 6; i++)
            g1[i] = i, g2[i] = -i;
        MPI_Psend_init(g1, 3, 2, MPI_INT, peer, 6, MPI_COMM_WORLD, MPI_INFO_NULL, &rs[0]);
        MPI_Psend_init(g2, 2, 3, MPI_INT, peer, 6, MPI_COMM_WORLD, MPI_INFO_NULL, &rs[1]);
        hv = 77;
        MPI_Send_init(&hv, 1, MPI_INT, peer, 60, MPI_COMM_WORLD, &rs[2]);
        MPI_Startall(3, rs);
        MPI_Pready_range(0, 1, rs[1]);
        int idx;
        MPI_Waitany(3, rs, &idx, MPI_STATUS_IGNORE); /* the second partitioned send or the ordinary one */
        ok &= idx == 1 || idx == 2;
        MPI_Pready_range(0, 2, rs[0]);
        MPI_Waitall(3, rs, MPI_STATUSES_IGNORE);
    } else {
        memset(g1, 0, sizeof g1);
        memset(g2, 0, sizeof g2);
        MPI_Precv_init(g1, 1, 6, MPI_INT, peer, 6, MPI_COMM_WORLD, MPI_INFO_NULL, &rs[0]);
        MPI_Precv_init(g2, 6, 1, MPI_INT, peer, 6, MPI_COMM_WORLD, MPI_INFO_NULL, &rs[1]);
        MPI_Recv_init(&h, 1, MPI_INT, peer, 60, MPI_COMM_WORLD, &rs[2]);
        MPI_Startall(3, rs);
#ifdef WITH_MPICH_BROKEN
        int flag = 0;
        while (!flag)
            MPI_Testall(3, rs, &flag, MPI_STATUSES_IGNORE);
#else
        MPI_Waitall(3, rs, MPI_STATUSES_IGNORE);
#endif
        for (int i = 0; i < 6; i++)
            ok &= g1[i] == i && g2[i] == -i;
        ok &= h == 77;
    }
    for (int i = 0; i < 3; i++)
        MPI_Request_free(&rs[i]);
    verdict("Startall, Waitany, Waitall; two pairs on one tag", ok);
#ifdef WITH_MPICH_BROKEN
    verdict("the same received with Testall", ok);
#endif

    /* 7. on an intercommunicator (senders and receivers its two groups), the receive started before
     * the send exists and completed by Waitsome, the send by polling MPI_Request_get_status */
    MPI_Comm half, inter;
    MPI_Comm_split(MPI_COMM_WORLD, sender, rank, &half);
    MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, sender ? 1 : 0, 70, &inter);
    int k = rank / 2, q[10], token = 0;
    ok = 1;
    if (sender) {
        MPI_Recv(&token, 1, MPI_INT, k, 71, inter, MPI_STATUS_IGNORE);
        for (int i = 0; i < 10; i++)
            q[i] = k * 100 + i;
        MPI_Psend_init(q, 5, 2, MPI_INT, k, 72, inter, MPI_INFO_NULL, &r);
        MPI_Start(&r);
        MPI_Pready_range(0, 4, r);
        int flag = 0;
        while (!flag)
            MPI_Request_get_status(r, &flag, MPI_STATUS_IGNORE);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    } else {
        memset(q, 0, sizeof q);
        MPI_Precv_init(q, 1, 10, MPI_INT, k, 72, inter, MPI_INFO_NULL, &r);
        MPI_Start(&r);
        MPI_Send(&token, 1, MPI_INT, k, 71, inter);
        int outcount = 0, idx;
        while (outcount != 1)
            MPI_Waitsome(1, &r, &outcount, &idx, MPI_STATUSES_IGNORE);
        for (int i = 0; i < 10; i++)
            ok &= q[i] == k * 100 + i;
    }
    MPI_Request_free(&r);
    MPI_Comm_free(&inter);
    MPI_Comm_free(&half);
    verdict("on an intercommunicator; Waitsome, Request_get_status", ok);

    MPI_Finalize();
    return 0;
}
