/* what this tests: MPI_Allgather and MPI_Allgatherv with every algorithm and both selectors,
 *   at several sizes and counts, contiguous and non-contiguous (MPI_DOUBLE_INT) types, with and
 *   without MPI_IN_PLACE; allgatherv with uneven (some empty) counts, blocks in reverse rank
 *   order with gaps
 * np: 1 2 3 4 5 7 8 13 16
 * args: --cfg=smpi/coll-selector:mpich
 * args: --cfg=smpi/coll-selector:ompi
 * args: --cfg=smpi/coll-selector:smpi
 * args: --cfg=smpi/allgather:ring --cfg=smpi/allgatherv:ring
 * args: --cfg=smpi/allgather:rdb --cfg=smpi/allgatherv:rdb
 * args: --cfg=smpi/allgather:bruck --cfg=smpi/allgatherv:bruck
 * args: --cfg=smpi/allgather:neighborexchange --cfg=smpi/allgatherv:neighborexchange
 * args: --cfg=smpi/allgather:spreading_simple --cfg=smpi/allgatherv:spreading_simple
 */
#include "coll_check.h"

int main(int argc, char **argv)
{
    static const int counts[] = {0, 1, 5, 3000, 20000};
    int ci, i, j, c = 0, inplace;
    char what[160];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (ci = 0; ci < 5; ci++) {
        int n = counts[ci];
        int *s = xmalloc(sizeof(int) * n), *r = xmalloc(sizeof(int) * n * size);
        dint_t *ds = xmalloc(sizeof(dint_t) * n), *dr = xmalloc(sizeof(dint_t) * n * size);
        for (inplace = 0; inplace < 2; inplace++, c++) {
            int ok = 1;
            for (i = 0; i < n; i++) {
                s[i] = val(rank, i, c);
                ds[i].d = val(rank, i, c) * 0.25;
                ds[i].i = -val(rank, i, c);
            }
            for (i = 0; i < n * size; i++) {
                r[i] = -1;
                dr[i].d = -1;
                dr[i].i = -1;
            }
            if (inplace) {
                memcpy(r + rank * n, s, sizeof(int) * n);
                memcpy(dr + rank * n, ds, sizeof(dint_t) * n);
                MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, r, n, MPI_INT, MPI_COMM_WORLD);
                MPI_Allgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, dr, n, MPI_DOUBLE_INT, MPI_COMM_WORLD);
            } else {
                MPI_Allgather(s, n, MPI_INT, r, n, MPI_INT, MPI_COMM_WORLD);
                MPI_Allgather(ds, n, MPI_DOUBLE_INT, dr, n, MPI_DOUBLE_INT, MPI_COMM_WORLD);
            }
            for (j = 0; j < size; j++)
                for (i = 0; i < n; i++)
                    ok = ok && r[j * n + i] == val(j, i, c) && dr[j * n + i].d == val(j, i, c) * 0.25 &&
                         dr[j * n + i].i == -val(j, i, c);
            snprintf(what, sizeof what, "allgather count %d%s", n, inplace ? " in place" : "");
            report(what, ok);
        }
        free(s);
        free(r);
        free(ds);
        free(dr);
    }

    for (ci = 0; ci < 3; ci++) {
        int base = ci == 0 ? 1 : ci == 1 ? 4 : 2500;
        int *rc = xmalloc(sizeof(int) * size), *dis = xmalloc(sizeof(int) * size), total = 0;
        for (j = size - 1; j >= 0; j--) {
            rc[j] = (j % 3) * base; /* rank 0, 3, 6... send nothing */
            dis[j] = total;
            total += rc[j] + 2;
        }
        int *s = xmalloc(sizeof(int) * rc[rank]), *r = xmalloc(sizeof(int) * total);
        dint_t *ds = xmalloc(sizeof(dint_t) * rc[rank]), *dr = xmalloc(sizeof(dint_t) * total);
        for (inplace = 0; inplace < 2; inplace++, c++) {
            int ok = 1;
            for (i = 0; i < rc[rank]; i++) {
                s[i] = val(rank, i, c);
                ds[i].d = val(rank, i, c) * 0.5;
                ds[i].i = val(rank, i, c);
            }
            for (i = 0; i < total; i++) {
                r[i] = -1;
                dr[i].d = -1;
                dr[i].i = -1;
            }
            if (inplace) {
                memcpy(r + dis[rank], s, sizeof(int) * rc[rank]);
                memcpy(dr + dis[rank], ds, sizeof(dint_t) * rc[rank]);
                MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, r, rc, dis, MPI_INT, MPI_COMM_WORLD);
                MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, dr, rc, dis, MPI_DOUBLE_INT, MPI_COMM_WORLD);
            } else {
                MPI_Allgatherv(s, rc[rank], MPI_INT, r, rc, dis, MPI_INT, MPI_COMM_WORLD);
                MPI_Allgatherv(ds, rc[rank], MPI_DOUBLE_INT, dr, rc, dis, MPI_DOUBLE_INT, MPI_COMM_WORLD);
            }
            for (j = 0; j < size; j++) {
                for (i = 0; i < rc[j]; i++)
                    ok = ok && r[dis[j] + i] == val(j, i, c) && dr[dis[j] + i].d == val(j, i, c) * 0.5 &&
                         dr[dis[j] + i].i == val(j, i, c);
                ok = ok && r[dis[j] + rc[j]] == -1 && r[dis[j] + rc[j] + 1] == -1;
            }
            snprintf(what, sizeof what, "allgatherv base %d%s", base, inplace ? " in place" : "");
            report(what, ok);
        }
        free(s);
        free(r);
        free(ds);
        free(dr);
        free(rc);
        free(dis);
    }
    MPI_Finalize();
    return 0;
}
