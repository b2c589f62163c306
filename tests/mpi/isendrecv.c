/* what this tests: MPI_Isendrecv and MPI_Isendrecv_replace (MPI 4.0): a ring shift completed
 *   by Wait, Test loops, Waitany, Waitsome and Testall among other requests; the status is the
 *   receive's (source, tag, count); a large message (rendezvous) whose receiver posts late, so
 *   that the receive half completes before the send half; non-overtaking with a later Isend on
 *   the same tag; a derived type replaced in place and freed while the request is pending;
 *   MPI_PROC_NULL partners; Request_free of an active one
 *   (MPICH 4.0.2, the reference, returns source 0, tag 0, count 0 as the status, releases a
 *   derived type once too often, so that its Type_free fails an assertion and its next
 *   Isendrecv crashes, crashes on MPI_PROC_NULL partners and refuses to free an active
 *   Isendrecv: those checks are compiled in only with -DWITH_MPICH_BROKEN, as
 *   tests/unit/mpich_broken.sh does)
 * np: 1 2 3 4 7
 */
#include "coll_check.h"

#ifdef WITH_MPICH_BROKEN
#define STATUS_IS(st, src, tag, n, c) ((st).MPI_SOURCE == (src) && (st).MPI_TAG == (tag) && (c) == (n))
#else
#define STATUS_IS(st, src, tag, n, c) 1
#endif

#define BIG 40000 /* ints: 160 KB, above the eager thresholds */

int main(int argc, char **argv)
{
    int i, ok, flag, next, prev, count, idx;
    MPI_Status st;
    MPI_Request r[4];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    next = (rank + 1) % size;
    prev = (rank - 1 + size) % size;

    /* 1: ring shift, Wait, status */
    {
        int s[5], d[5];
        for (i = 0; i < 5; i++) {
            s[i] = val(rank, i, 1);
            d[i] = -1;
        }
        MPI_Isendrecv(s, 5, MPI_INT, next, 11, d, 5, MPI_INT, prev, 11, MPI_COMM_WORLD, &r[0]);
        MPI_Wait(&r[0], &st);
        MPI_Get_count(&st, MPI_INT, &count);
        ok = r[0] == MPI_REQUEST_NULL && STATUS_IS(st, prev, 11, 5, count);
        for (i = 0; i < 5; i++)
            ok = ok && d[i] == val(prev, i, 1);
        report("isendrecv ring shift, wait, status", ok);
    }

    /* 2: replace, Test loop, a shorter message than the buffer */
    {
        int b[6];
        for (i = 0; i < 6; i++)
            b[i] = val(rank, i, 2);
        MPI_Isendrecv_replace(b, 4, MPI_INT, prev, 12, next, 12, MPI_COMM_WORLD, &r[0]);
        do
            MPI_Test(&r[0], &flag, &st);
        while (!flag);
        MPI_Get_count(&st, MPI_INT, &count);
        ok = STATUS_IS(st, next, 12, 4, count);
        for (i = 0; i < 6; i++)
            ok = ok && b[i] == (i < 4 ? val(next, i, 2) : val(rank, i, 2));
        report("isendrecv_replace backwards, test loop", ok);
    }

    /* 3: large messages, the receiver posts its half late; several outstanding at once,
       completed by Waitany, then Waitsome and Testall over mixed requests */
    {
        int *s = xmalloc(sizeof(int) * BIG), *d = xmalloc(sizeof(int) * BIG);
        int *s2 = xmalloc(sizeof(int) * BIG), *d2 = xmalloc(sizeof(int) * BIG);
        int x = rank, y = -1, done = 0, outc, outi[4];
        for (i = 0; i < BIG; i++) {
            s[i] = val(rank, i, 3);
            s2[i] = val(rank, i, 4);
            d[i] = d2[i] = -1;
        }
        if (rank % 2) { /* odd ranks start late: their partners' halves wait */
            double t = MPI_Wtime();
            while (MPI_Wtime() - t < 1e-3)
                ;
        }
        MPI_Isendrecv(s, BIG, MPI_INT, next, 13, d, BIG, MPI_INT, prev, 13, MPI_COMM_WORLD, &r[0]);
        MPI_Irecv(&y, 1, MPI_INT, next, 14, MPI_COMM_WORLD, &r[1]);
        MPI_Isendrecv(s2, BIG, MPI_INT, prev, 15, d2, BIG, MPI_INT, next, 15, MPI_COMM_WORLD, &r[2]);
        MPI_Isend(&x, 1, MPI_INT, prev, 14, MPI_COMM_WORLD, &r[3]);
        ok = 1;
        MPI_Waitany(4, r, &idx, MPI_STATUS_IGNORE);
        ok = ok && idx >= 0 && idx < 4 && r[idx] == MPI_REQUEST_NULL;
        done = 1;
        while (done < 4) {
            MPI_Waitsome(4, r, &outc, outi, MPI_STATUSES_IGNORE);
            done += outc;
        }
        for (i = 0; i < BIG; i++)
            ok = ok && d[i] == val(prev, i, 3) && d2[i] == val(next, i, 4);
        ok = ok && y == next;
        report("large isendrecv, late partners, waitany then waitsome", ok);

        for (i = 0; i < BIG; i++)
            d[i] = val(rank, i, 5);
        MPI_Isendrecv_replace(d, BIG, MPI_INT, next, 16, prev, 16, MPI_COMM_WORLD, &r[0]);
        MPI_Isendrecv(s, 3, MPI_INT, prev, 17, d2, 3, MPI_INT, next, 17, MPI_COMM_WORLD, &r[1]);
        do
            MPI_Testall(2, r, &flag, MPI_STATUSES_IGNORE);
        while (!flag);
        ok = r[0] == MPI_REQUEST_NULL && r[1] == MPI_REQUEST_NULL;
        for (i = 0; i < BIG; i++)
            ok = ok && d[i] == val(prev, i, 5);
        for (i = 0; i < 3; i++)
            ok = ok && d2[i] == val(next, i, 3);
        report("large isendrecv_replace and a small isendrecv, testall", ok);
        free(s);
        free(d);
        free(s2);
        free(d2);
    }

    /* 4: non-overtaking: an Isendrecv then an Isend on the same tag to the same rank */
    {
        int a = val(rank, 0, 7), b = val(rank, 1, 7), ga = -1, gb = -1;
        MPI_Isendrecv(&a, 1, MPI_INT, next, 19, &ga, 1, MPI_INT, prev, 19, MPI_COMM_WORLD, &r[0]);
        MPI_Isend(&b, 1, MPI_INT, next, 19, MPI_COMM_WORLD, &r[1]);
        MPI_Irecv(&gb, 1, MPI_INT, prev, 19, MPI_COMM_WORLD, &r[2]);
        MPI_Waitall(3, r, MPI_STATUSES_IGNORE);
        ok = ga == val(prev, 0, 7) && gb == val(prev, 1, 7);
        report("isendrecv then isend on the same tag arrive in order", ok);
    }

    /* 5: waited after a barrier */
    {
        int s = rank, d = -1;
        MPI_Isendrecv(&s, 1, MPI_INT, next, 22, &d, 1, MPI_INT, prev, 22, MPI_COMM_WORLD, &r[0]);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Wait(&r[0], MPI_STATUS_IGNORE);
        ok = d == prev;
        report("isendrecv waited after a barrier", ok);
    }

#ifdef WITH_MPICH_BROKEN
    /* 6: a derived type replaced in place (every third int of 12), freed while pending */
    {
        int b[12];
        MPI_Datatype v;
        MPI_Type_vector(4, 1, 3, MPI_INT, &v);
        MPI_Type_commit(&v);
        for (i = 0; i < 12; i++)
            b[i] = val(rank, i, 6);
        MPI_Isendrecv_replace(b, 1, v, next, 18, prev, 18, MPI_COMM_WORLD, &r[0]);
        MPI_Type_free(&v); /* while the request is pending */
        MPI_Wait(&r[0], &st);
        MPI_Get_count(&st, MPI_INT, &count);
        ok = STATUS_IS(st, prev, 18, 4, count);
        for (i = 0; i < 12; i++)
            ok = ok && b[i] == (i % 3 == 0 ? val(prev, i, 6) : val(rank, i, 6));
        report("isendrecv_replace of a vector type freed while pending", ok);
    }

    /* 7: MPI_PROC_NULL partners, alone and among other requests */
    {
        int a = 5, ga = -1, dummy = 0, rd = -1, x = rank, y = -1;
        MPI_Isendrecv(&a, 1, MPI_INT, MPI_PROC_NULL, 21, &ga, 1, MPI_INT, MPI_PROC_NULL, 21, MPI_COMM_WORLD,
                      &r[0]);
        MPI_Wait(&r[0], &st);
        MPI_Get_count(&st, MPI_INT, &count);
        ok = ga == -1 && STATUS_IS(st, MPI_PROC_NULL, MPI_ANY_TAG, 0, count);
        MPI_Isendrecv(&dummy, 0, MPI_INT, MPI_PROC_NULL, 20, &rd, 1, MPI_INT, MPI_PROC_NULL, 20,
                      MPI_COMM_WORLD, &r[0]);
        MPI_Isendrecv(&x, 1, MPI_INT, next, 20, &y, 1, MPI_INT, prev, 20, MPI_COMM_WORLD, &r[1]);
        MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
        ok = ok && rd == -1 && y == prev;
        report("isendrecv with MPI_PROC_NULL partners completes at once with an empty status", ok);
    }

    /* 8: one freed while active (it completes on its own) */
    {
        int s = rank, d = -1;
        MPI_Isendrecv(&s, 1, MPI_INT, next, 23, &d, 1, MPI_INT, prev, 23, MPI_COMM_WORLD, &r[0]);
        MPI_Request_free(&r[0]);
        ok = r[0] == MPI_REQUEST_NULL;
        MPI_Barrier(MPI_COMM_WORLD);
        report("isendrecv freed while active", ok);
    }
#endif

    MPI_Finalize();
    return 0;
}
