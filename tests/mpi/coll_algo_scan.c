/* what this tests: MPI_Scan and MPI_Exscan with every algorithm and both selectors, at
 *   several sizes and counts, with and without MPI_IN_PLACE: MPI_SUM on ints, MPI_MAXLOC on
 *   MPI_DOUBLE_INT, and a non-commutative composition of affine maps (prefixes in rank order)
 * np: 1 2 3 4 5 7 8 13 16
 * args: --cfg=smpi/coll-selector:mpich
 * args: --cfg=smpi/coll-selector:ompi
 * args: --cfg=smpi/coll-selector:smpi
 * args: --cfg=smpi/scan:rdb --cfg=smpi/exscan:rdb
 * args: --cfg=smpi/scan:linear --cfg=smpi/exscan:linear
 * args: --cfg=smpi/scan:flat --cfg=smpi/exscan:flat
 */
#include "coll_check.h"

int main(int argc, char **argv)
{
    static const int counts[] = {0, 1, 6, 3000};
    int ci, i, j, c = 0, inplace, ex, o;
    char what[200];
    MPI_Op ucomp;
    static const char *opname[3] = {"MPI_SUM", "MPI_MAXLOC", "affine composition"};

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Op_create(compose_op, 0, &ucomp);
    for (ci = 0; ci < 4; ci++)
        for (o = 0; o < 3; o++)
            for (ex = 0; ex < 2; ex++)
                for (inplace = 0; inplace < 2; inplace++, c++) {
                    int n = counts[ci], ok = 1, upto = ex ? rank - 1 : rank;
                    dint_t *s = xmalloc(sizeof(dint_t) * n), *r = xmalloc(sizeof(dint_t) * n);
                    int *si = (int *)s, *ri = (int *)r;
                    aff_t *sa = (aff_t *)s, *ra = (aff_t *)r;
                    MPI_Datatype t = o == 0 ? MPI_INT : o == 1 ? MPI_DOUBLE_INT : MPI_2INT;
                    MPI_Op op = o == 0 ? MPI_SUM : o == 1 ? MPI_MAXLOC : ucomp;
                    for (i = 0; i < n; i++) {
                        if (o == 0)
                            si[i] = val(rank, i, c);
                        else if (o == 1) {
                            s[i].d = val(rank, i, c) * 29 % 13;
                            s[i].i = rank;
                        } else
                            sa[i] = aff_of(rank, i, c);
                    }
                    memset(r, 0xff, sizeof(dint_t) * n);
                    if (inplace) {
                        memcpy(r, s, sizeof(dint_t) * n);
                        if (ex)
                            MPI_Exscan(MPI_IN_PLACE, r, n, t, op, MPI_COMM_WORLD);
                        else
                            MPI_Scan(MPI_IN_PLACE, r, n, t, op, MPI_COMM_WORLD);
                    } else if (ex)
                        MPI_Exscan(s, r, n, t, op, MPI_COMM_WORLD);
                    else
                        MPI_Scan(s, r, n, t, op, MPI_COMM_WORLD);
                    for (i = 0; i < n && upto >= 0; i++) { /* exscan: nothing defined at rank 0 */
                        if (o == 0) {
                            int e = 0;
                            for (j = 0; j <= upto; j++)
                                e += val(j, i, c);
                            ok = ok && ri[i] == e;
                        } else if (o == 1) {
                            dint_t e = {-1, -1};
                            for (j = 0; j <= upto; j++)
                                if (val(j, i, c) * 29 % 13 > e.d) {
                                    e.d = val(j, i, c) * 29 % 13;
                                    e.i = j;
                                }
                            ok = ok && r[i].d == e.d && r[i].i == e.i;
                        } else {
                            aff_t e = aff_of(0, i, c);
                            for (j = 1; j <= upto; j++)
                                e = compose(e, aff_of(j, i, c));
                            ok = ok && ra[i].m == e.m && ra[i].q == e.q;
                        }
                    }
                    snprintf(what, sizeof what, "%s %s count %d%s", ex ? "exscan" : "scan", opname[o], n,
                             inplace ? " in place" : "");
                    report(what, ok);
                    free(s);
                    free(r);
                }
    MPI_Op_free(&ucomp);
    MPI_Finalize();
    return 0;
}
