/* what this tests: MPI_Reduce_scatter and MPI_Reduce_scatter_block with every algorithm and
 *   both selectors, at several sizes, with and without MPI_IN_PLACE: MPI_SUM on ints with
 *   uneven (some empty) and equal counts, and a non-commutative matrix product whose result
 *   is right only if operands are combined in rank order
 * np: 1 2 3 4 5 7 8 13 16
 * args: --cfg=smpi/coll-selector:mpich
 * args: --cfg=smpi/coll-selector:ompi
 * args: --cfg=smpi/coll-selector:smpi
 * args: --cfg=smpi/reduce_scatter:recursive_halving --cfg=smpi/reduce_scatter_block:recursive_halving
 * args: --cfg=smpi/reduce_scatter:pair --cfg=smpi/reduce_scatter_block:pair
 * args: --cfg=smpi/reduce_scatter:noncomm --cfg=smpi/reduce_scatter_block:noncomm
 * args: --cfg=smpi/reduce_scatter:ring --cfg=smpi/reduce_scatter_block:ring
 * args: --cfg=smpi/reduce_scatter:nonoverlapping --cfg=smpi/reduce_scatter_block:nonoverlapping
 * args: --cfg=smpi/reduce_scatter:nonoverlapping_linear --cfg=smpi/reduce_scatter_block:nonoverlapping_linear
 */
#include "coll_check.h"

int main(int argc, char **argv)
{
    static const int bases[] = {0, 1, 3, 2000};
    int bi, i, j, c = 0, inplace, block, o;
    char what[200];
    MPI_Op umat;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Op_create(matmul_op, 0, &umat);
    for (bi = 0; bi < 4; bi++)
        for (block = 0; block < 2; block++)
            for (o = 0; o < 2; o++)
                for (inplace = 0; inplace < 2; inplace++, c++) {
                    int base = bases[bi], total = 0, ok = 1;
                    int *rc = xmalloc(sizeof(int) * size), *d = xmalloc(sizeof(int) * size);
                    for (j = 0; j < size; j++) {
                        rc[j] = block ? base : (j % 3) * base + (j == 1);
                        d[j] = total;
                        total += rc[j];
                    }
                    uint64_t *s = xmalloc(sizeof(uint64_t) * total), *r = xmalloc(sizeof(uint64_t) * total);
                    int *si = (int *)s, *ri = (int *)r;
                    for (i = 0; i < total; i++) {
                        if (o)
                            s[i] = mat_of(rank, i, c);
                        else
                            si[i] = val(rank, i, c);
                    }
                    MPI_Datatype t = o ? MPI_UINT64_T : MPI_INT;
                    MPI_Op op = o ? umat : MPI_SUM;
                    void *src = s;
                    if (inplace) {
                        memcpy(r, s, sizeof(uint64_t) * total);
                        src = MPI_IN_PLACE;
                    }
                    if (block)
                        MPI_Reduce_scatter_block(src, r, base, t, op, MPI_COMM_WORLD);
                    else
                        MPI_Reduce_scatter(src, r, rc, t, op, MPI_COMM_WORLD);
                    for (i = 0; i < rc[rank]; i++) {
                        int g = d[rank] + i; /* the element's index in the whole vector */
                        if (o) {
                            uint64_t e = mat_of(0, g, c);
                            for (j = 1; j < size; j++)
                                e = matmul(e, mat_of(j, g, c));
                            ok = ok && r[i] == e;
                        } else {
                            int e = 0;
                            for (j = 0; j < size; j++)
                                e += val(j, g, c);
                            ok = ok && ri[i] == e;
                        }
                    }
                    snprintf(what, sizeof what, "%s %s base %d%s", block ? "reduce_scatter_block" : "reduce_scatter",
                             o ? "matrix product" : "MPI_SUM", base, inplace ? " in place" : "");
                    report(what, ok);
                    free(s);
                    free(r);
                    free(rc);
                    free(d);
                }
    MPI_Op_free(&umat);
    MPI_Finalize();
    return 0;
}
