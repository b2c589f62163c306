/* what this tests: MPI_Gather (every algorithm, both selectors) and MPI_Gatherv, at several
 *   sizes, roots and counts, contiguous and non-contiguous (MPI_DOUBLE_INT) types, with and
 *   without MPI_IN_PLACE at the root; gatherv with uneven counts and blocks stored in reverse
 *   rank order with gaps
 *   (MPICH 4.0.2, the reference, truncates MPI_DOUBLE_INT in some of these above a few hundred
 *   elements: that type is used up to 100 elements only)
 * np: 1 2 3 4 5 7 8 13 16
 * args: --cfg=smpi/coll-selector:mpich
 * args: --cfg=smpi/coll-selector:ompi
 * args: --cfg=smpi/coll-selector:smpi
 * args: --cfg=smpi/gather:linear
 * args: --cfg=smpi/gather:binomial
 * args: --cfg=smpi/gather:linear_sync
 * args: --cfg=smpi/gather:linear_nb
 */
#include "coll_check.h"

int main(int argc, char **argv)
{
    static const int counts[] = {0, 1, 5, 3000, 30000};
    int ci, k, i, j, c = 0, inplace;
    char what[160];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (ci = 0; ci < 5; ci++) {
        int n = counts[ci];
        int *s = xmalloc(sizeof(int) * n), *r = xmalloc(sizeof(int) * n * size);
        dint_t *ds = xmalloc(sizeof(dint_t) * n), *dr = xmalloc(sizeof(dint_t) * n * size);
        for (k = 0; k < NROOTS; k++)
            for (inplace = 0; inplace < 2; inplace++, c++) {
                int root = root_of(k), ok = 1;
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
                if (inplace && rank == root) {
                    memcpy(r + root * n, s, sizeof(int) * n);
                    memcpy(dr + root * n, ds, sizeof(dint_t) * n);
                    MPI_Gather(MPI_IN_PLACE, n, MPI_INT, r, n, MPI_INT, root, MPI_COMM_WORLD);
                    if (n <= 100)
                        MPI_Gather(MPI_IN_PLACE, n, MPI_DOUBLE_INT, dr, n, MPI_DOUBLE_INT, root, MPI_COMM_WORLD);
                } else {
                    MPI_Gather(s, n, MPI_INT, r, n, MPI_INT, root, MPI_COMM_WORLD);
                    if (n <= 100)
                        MPI_Gather(ds, n, MPI_DOUBLE_INT, dr, n, MPI_DOUBLE_INT, root, MPI_COMM_WORLD);
                }
                if (rank == root)
                    for (j = 0; j < size; j++)
                        for (i = 0; i < n; i++)
                            ok = ok && r[j * n + i] == val(j, i, c) && (n > 100 || (dr[j * n + i].d == val(j, i, c) * 0.25 &&
                                 dr[j * n + i].i == -val(j, i, c)));
                snprintf(what, sizeof what, "gather count %d %s%s", n, root_name(k), inplace ? " in place" : "");
                report(what, ok);
            }
        free(s);
        free(r);
        free(ds);
        free(dr);
    }

    /* gatherv: rank j sends (j % 3) * base + 1 elements; the root stores block j at a
       displacement that puts the blocks in reverse rank order with a gap of 2 */
    for (ci = 0; ci < 3; ci++) {
        int base = ci == 0 ? 0 : ci == 1 ? 4 : 2500;
        int *rc = xmalloc(sizeof(int) * size), *dis = xmalloc(sizeof(int) * size), total = 0;
        for (j = size - 1; j >= 0; j--) {
            rc[j] = (j % 3) * base + 1;
            dis[j] = total;
            total += rc[j] + 2;
        }
        int *s = xmalloc(sizeof(int) * rc[rank]), *r = xmalloc(sizeof(int) * total);
        for (k = 0; k < NROOTS; k++)
            for (inplace = 0; inplace < 2; inplace++, c++) {
                int root = root_of(k), ok = 1;
                for (i = 0; i < rc[rank]; i++)
                    s[i] = val(rank, i, c);
                for (i = 0; i < total; i++)
                    r[i] = -1;
                if (inplace && rank == root) {
                    memcpy(r + dis[root], s, sizeof(int) * rc[root]);
                    MPI_Gatherv(MPI_IN_PLACE, rc[rank], MPI_INT, r, rc, dis, MPI_INT, root, MPI_COMM_WORLD);
                } else
                    MPI_Gatherv(s, rc[rank], MPI_INT, r, rc, dis, MPI_INT, root, MPI_COMM_WORLD);
                if (rank == root)
                    for (j = 0; j < size; j++) {
                        for (i = 0; i < rc[j]; i++)
                            ok = ok && r[dis[j] + i] == val(j, i, c);
                        ok = ok && r[dis[j] + rc[j]] == -1 && r[dis[j] + rc[j] + 1] == -1;
                    }
                snprintf(what, sizeof what, "gatherv base %d %s%s", base, root_name(k), inplace ? " in place" : "");
                report(what, ok);
            }
        free(s);
        free(r);
        free(rc);
        free(dis);
    }
    MPI_Finalize();
    return 0;
}
