/* what this tests: MPI_Alltoall, MPI_Alltoallv and MPI_Alltoallw with every algorithm and
 *   both selectors, at several sizes and counts, contiguous and non-contiguous types, with and
 *   without MPI_IN_PLACE; the v and w forms with uneven (some empty) counts, scattered
 *   displacements, and (w) a different type per peer
 *   (MPICH 4.0.2, the reference, truncates MPI_DOUBLE_INT in some of these above a few hundred
 *   elements: that type is used up to 100 elements only)
 * np: 1 2 3 4 5 7 8 13 16 64
 * args: --cfg=smpi/coll-selector:mpich
 * args: --cfg=smpi/coll-selector:ompi
 * args: --cfg=smpi/coll-selector:smpi
 * args: --cfg=smpi/alltoall:basic_linear --cfg=smpi/alltoallv:basic_linear --cfg=smpi/alltoallw:basic_linear
 * args: --cfg=smpi/alltoall:pair --cfg=smpi/alltoallv:pair --cfg=smpi/alltoallw:pair
 * args: --cfg=smpi/alltoall:ring --cfg=smpi/alltoallv:ring --cfg=smpi/alltoallw:ring
 * args: --cfg=smpi/alltoall:bruck
 * args: --cfg=smpi/alltoall:linear_nb --cfg=smpi/alltoallv:linear_nb --cfg=smpi/alltoallw:linear_nb
 */
#include "coll_check.h"

/* what rank `from` sends rank `to`, element i, case c */
static int a2a(int from, int to, int i, int c) { return val(from, i, c) * 100 + to; }

int main(int argc, char **argv)
{
    static const int counts[] = {0, 1, 3, 300, 5000};
    int ci, i, j, c = 0, inplace;
    char what[160];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (ci = 0; ci < 5; ci++) {
        int n = counts[ci];
        int *s = xmalloc(sizeof(int) * n * size), *r = xmalloc(sizeof(int) * n * size);
        dint_t *ds = xmalloc(sizeof(dint_t) * n * size), *dr = xmalloc(sizeof(dint_t) * n * size);
        for (inplace = 0; inplace < 2; inplace++, c++) {
            int ok = 1;
            for (j = 0; j < size; j++)
                for (i = 0; i < n; i++) {
                    s[j * n + i] = a2a(rank, j, i, c);
                    ds[j * n + i].d = a2a(rank, j, i, c) * 0.5;
                    ds[j * n + i].i = -a2a(rank, j, i, c);
                    r[j * n + i] = -1;
                    dr[j * n + i].d = -1;
                    dr[j * n + i].i = -1;
                }
            if (inplace) {
                memcpy(r, s, sizeof(int) * n * size);
                memcpy(dr, ds, sizeof(dint_t) * n * size);
                MPI_Alltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, r, n, MPI_INT, MPI_COMM_WORLD);
                if (n <= 100)
                    MPI_Alltoall(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, dr, n, MPI_DOUBLE_INT, MPI_COMM_WORLD);
            } else {
                MPI_Alltoall(s, n, MPI_INT, r, n, MPI_INT, MPI_COMM_WORLD);
                if (n <= 100)
                    MPI_Alltoall(ds, n, MPI_DOUBLE_INT, dr, n, MPI_DOUBLE_INT, MPI_COMM_WORLD);
            }
            for (j = 0; j < size; j++)
                for (i = 0; i < n; i++)
                    ok = ok && r[j * n + i] == a2a(j, rank, i, c) && (n > 100 || (dr[j * n + i].d == a2a(j, rank, i, c) * 0.5 &&
                         dr[j * n + i].i == -a2a(j, rank, i, c)));
            snprintf(what, sizeof what, "alltoall count %d%s", n, inplace ? " in place" : "");
            report(what, ok);
        }
        free(s);
        free(r);
        free(ds);
        free(dr);
    }

    /* v and w: rank `from` sends rank `to` cnt(from, to) elements */
    for (ci = 0; ci < 3; ci++) {
        int base = ci == 0 ? 1 : ci == 1 ? 3 : 700;
#define CNT(from, to) ((((from) + 2 * (to)) % 3) * base)
        int *sc = xmalloc(sizeof(int) * size), *sd = xmalloc(sizeof(int) * size);
        int *rc = xmalloc(sizeof(int) * size), *rd = xmalloc(sizeof(int) * size);
        int *sdb = xmalloc(sizeof(int) * size), *rdb = xmalloc(sizeof(int) * size);
        MPI_Datatype *sty = xmalloc(sizeof(MPI_Datatype) * size), *rty = xmalloc(sizeof(MPI_Datatype) * size);
        int stot = 0, rtot = 0;
        for (j = size - 1; j >= 0; j--) { /* blocks in reverse order, a gap of one after each */
            sc[j] = CNT(rank, j);
            sd[j] = stot;
            stot += sc[j] + 1;
            rc[j] = CNT(j, rank);
            rd[j] = rtot;
            rtot += rc[j] + 1;
        }
        int *s = xmalloc(sizeof(int) * stot), *r = xmalloc(sizeof(int) * rtot);
        for (inplace = 0; inplace < 2; inplace++, c++) {
            int ok = 1;
            for (i = 0; i < stot; i++)
                s[i] = -5;
            for (j = 0; j < size; j++)
                for (i = 0; i < sc[j]; i++)
                    s[sd[j] + i] = a2a(rank, j, i, c);
            for (i = 0; i < rtot; i++)
                r[i] = -1;
            if (inplace) { /* in place: symmetric counts, the receive layout is also the send layout */
                int *ic = xmalloc(sizeof(int) * size), *id = xmalloc(sizeof(int) * size), itot = 0;
                for (j = 0; j < size; j++) {
                    ic[j] = ((rank + j) % 3) * base;
                    id[j] = itot;
                    itot += ic[j] + 1;
                }
                int *t = xmalloc(sizeof(int) * itot);
                for (i = 0; i < itot; i++)
                    t[i] = -1;
                for (j = 0; j < size; j++)
                    for (i = 0; i < ic[j]; i++)
                        t[id[j] + i] = a2a(rank, j, i, c);
                MPI_Alltoallv(MPI_IN_PLACE, NULL, NULL, MPI_DATATYPE_NULL, t, ic, id, MPI_INT, MPI_COMM_WORLD);
                for (j = 0; j < size; j++) {
                    for (i = 0; i < ic[j]; i++)
                        ok = ok && t[id[j] + i] == a2a(j, rank, i, c);
                    ok = ok && t[id[j] + ic[j]] == -1;
                }
                free(t);
                free(ic);
                free(id);
            } else {
                MPI_Alltoallv(s, sc, sd, MPI_INT, r, rc, rd, MPI_INT, MPI_COMM_WORLD);
                for (j = 0; j < size; j++) {
                    for (i = 0; i < rc[j]; i++)
                        ok = ok && r[rd[j] + i] == a2a(j, rank, i, c);
                    ok = ok && r[rd[j] + rc[j]] == -1;
                }
            }
            snprintf(what, sizeof what, "alltoallv base %d%s", base, inplace ? " in place" : "");
            report(what, ok);
        }
        /* w: odd peers exchange MPI_INT, even peers MPI_DOUBLE_INT; byte displacements */
        {
            int ok = 1, sbytes = 0, rbytes = 0;
            char *sw, *rw;
            for (j = 0; j < size; j++) {
                sty[j] = j % 2 ? MPI_INT : MPI_DOUBLE_INT;
                rty[j] = rank % 2 ? MPI_INT : MPI_DOUBLE_INT;
            }
            for (j = 0; j < size; j++) {
                sdb[j] = sbytes;
                sbytes += sc[j] * (int)sizeof(dint_t) + 8;
                rdb[j] = rbytes;
                rbytes += rc[j] * (int)sizeof(dint_t) + 8;
            }
            sw = xmalloc((size_t)sbytes);
            rw = xmalloc((size_t)rbytes);
            memset(rw, 0, (size_t)rbytes);
            for (j = 0; j < size; j++)
                for (i = 0; i < sc[j]; i++) {
                    if (j % 2)
                        ((int *)(sw + sdb[j]))[i] = a2a(rank, j, i, c);
                    else {
                        ((dint_t *)(sw + sdb[j]))[i].d = a2a(rank, j, i, c) * 0.5;
                        ((dint_t *)(sw + sdb[j]))[i].i = a2a(rank, j, i, c);
                    }
                }
            /* the type of block j is the receiver's: what rank j sends me is typed by my parity */
            for (j = 0; j < size; j++)
                rty[j] = rank % 2 ? MPI_INT : MPI_DOUBLE_INT;
            MPI_Alltoallw(sw, sc, sdb, sty, rw, rc, rdb, rty, MPI_COMM_WORLD);
            for (j = 0; j < size; j++)
                for (i = 0; i < rc[j]; i++) {
                    if (rank % 2)
                        ok = ok && ((int *)(rw + rdb[j]))[i] == a2a(j, rank, i, c);
                    else
                        ok = ok && ((dint_t *)(rw + rdb[j]))[i].d == a2a(j, rank, i, c) * 0.5 &&
                             ((dint_t *)(rw + rdb[j]))[i].i == a2a(j, rank, i, c);
                }
            snprintf(what, sizeof what, "alltoallw base %d", base);
            report(what, ok);
            c++;
            free(sw);
            free(rw);
        }
        /* w in place: symmetric counts, every block of my parity's type, blocks in reverse order */
        {
            int ok = 1, bytes = 0, *ic = xmalloc(sizeof(int) * size), *ib = xmalloc(sizeof(int) * size);
            char *w;
            for (j = size - 1; j >= 0; j--) {
                ic[j] = ((rank + j) % 3) * base;
                ib[j] = bytes;
                bytes += ic[j] * (int)sizeof(dint_t) + 4;
            }
            w = xmalloc((size_t)bytes);
            for (j = 0; j < size; j++) {
                rty[j] = MPI_INT;
                for (i = 0; i < ic[j]; i++)
                    ((int *)(w + ib[j]))[i] = a2a(rank, j, i, c);
            }
            MPI_Alltoallw(MPI_IN_PLACE, NULL, NULL, NULL, w, ic, ib, rty, MPI_COMM_WORLD);
            for (j = 0; j < size; j++)
                for (i = 0; i < ic[j]; i++)
                    ok = ok && ((int *)(w + ib[j]))[i] == a2a(j, rank, i, c);
            snprintf(what, sizeof what, "alltoallw base %d in place", base);
            report(what, ok);
            c++;
            free(w);
            free(ic);
            free(ib);
        }
#undef CNT
        free(s);
        free(r);
        free(sc);
        free(sd);
        free(rc);
        free(rd);
        free(sdb);
        free(rdb);
        free(sty);
        free(rty);
    }
    MPI_Finalize();
    return 0;
}
