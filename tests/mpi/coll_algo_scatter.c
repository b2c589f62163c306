/* what this tests: MPI_Scatter (every algorithm, both selectors) and MPI_Scatterv, at several
 *   sizes, roots and counts, contiguous and non-contiguous (MPI_DOUBLE_INT) types, with and
 *   without MPI_IN_PLACE at the root; scatterv with uneven counts and blocks taken in reverse
 *   rank order with gaps
 *   (MPICH 4.0.2, the reference, truncates MPI_DOUBLE_INT in some of these above a few hundred
 *   elements: that type is used up to 100 elements only)
 * np: 1 2 3 4 5 7 8 13 16
 * args: --cfg=smpi/coll-selector:mpich
 * args: --cfg=smpi/coll-selector:ompi
 * args: --cfg=smpi/coll-selector:smpi
 * args: --cfg=smpi/scatter:linear
 * args: --cfg=smpi/scatter:binomial
 * args: --cfg=smpi/scatter:linear_nb
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
        int *s = xmalloc(sizeof(int) * n * size), *r = xmalloc(sizeof(int) * n);
        dint_t *ds = xmalloc(sizeof(dint_t) * n * size), *dr = xmalloc(sizeof(dint_t) * n);
        for (k = 0; k < NROOTS; k++)
            for (inplace = 0; inplace < 2; inplace++, c++) {
                int root = root_of(k), ok = 1;
                for (j = 0; j < size; j++)
                    for (i = 0; i < n; i++) {
                        s[j * n + i] = rank == root ? val(j, i, c) : -2;
                        ds[j * n + i].d = rank == root ? val(j, i, c) * 0.25 : -2;
                        ds[j * n + i].i = rank == root ? -val(j, i, c) : -2;
                    }
                for (i = 0; i < n; i++) {
                    r[i] = -1;
                    dr[i].d = -1;
                    dr[i].i = -1;
                }
                if (inplace && rank == root) {
                    MPI_Scatter(s, n, MPI_INT, MPI_IN_PLACE, n, MPI_INT, root, MPI_COMM_WORLD);
                    if (n <= 100)
                        MPI_Scatter(ds, n, MPI_DOUBLE_INT, MPI_IN_PLACE, n, MPI_DOUBLE_INT, root, MPI_COMM_WORLD);
                    memcpy(r, s + root * n, sizeof(int) * n);
                    memcpy(dr, ds + root * n, sizeof(dint_t) * n);
                } else {
                    MPI_Scatter(s, n, MPI_INT, r, n, MPI_INT, root, MPI_COMM_WORLD);
                    if (n <= 100)
                        MPI_Scatter(ds, n, MPI_DOUBLE_INT, dr, n, MPI_DOUBLE_INT, root, MPI_COMM_WORLD);
                }
                for (i = 0; i < n; i++)
                    ok = ok && r[i] == val(rank, i, c) && (n > 100 || (dr[i].d == val(rank, i, c) * 0.25 &&
                         dr[i].i == -val(rank, i, c)));
                if (rank == root) /* the send buffer is untouched */
                    for (i = 0; i < n * size; i++)
                        ok = ok && s[i] == val(i / n, i % n, c);
                snprintf(what, sizeof what, "scatter count %d %s%s", n, root_name(k), inplace ? " in place" : "");
                report(what, ok);
            }
        free(s);
        free(r);
        free(ds);
        free(dr);
    }

    for (ci = 0; ci < 3; ci++) {
        int base = ci == 0 ? 0 : ci == 1 ? 4 : 2500;
        int *sc = xmalloc(sizeof(int) * size), *dis = xmalloc(sizeof(int) * size), total = 0;
        for (j = size - 1; j >= 0; j--) {
            sc[j] = (j % 3) * base + 1;
            dis[j] = total;
            total += sc[j] + 2;
        }
        int *s = xmalloc(sizeof(int) * total), *r = xmalloc(sizeof(int) * sc[rank]);
        for (k = 0; k < NROOTS; k++)
            for (inplace = 0; inplace < 2; inplace++, c++) {
                int root = root_of(k), ok = 1;
                for (i = 0; i < total; i++)
                    s[i] = -3;
                for (j = 0; j < size; j++)
                    for (i = 0; i < sc[j]; i++)
                        s[dis[j] + i] = val(j, i, c);
                for (i = 0; i < sc[rank]; i++)
                    r[i] = -1;
                if (inplace && rank == root) {
                    MPI_Scatterv(s, sc, dis, MPI_INT, MPI_IN_PLACE, sc[rank], MPI_INT, root, MPI_COMM_WORLD);
                    memcpy(r, s + dis[root], sizeof(int) * sc[root]);
                } else
                    MPI_Scatterv(s, sc, dis, MPI_INT, r, sc[rank], MPI_INT, root, MPI_COMM_WORLD);
                for (i = 0; i < sc[rank]; i++)
                    ok = ok && r[i] == val(rank, i, c);
                snprintf(what, sizeof what, "scatterv base %d %s%s", base, root_name(k), inplace ? " in place" : "");
                report(what, ok);
            }
        free(s);
        free(r);
        free(sc);
        free(dis);
    }
    MPI_Finalize();
    return 0;
}
