/* what this tests: MPI_Reduce and MPI_Allreduce with every algorithm and both selectors, at
 *   several sizes, roots and counts, with and without MPI_IN_PLACE: MPI_SUM on ints,
 *   MPI_MAXLOC on MPI_DOUBLE_INT (not contiguous), a commutative user operation, and two
 *   non-commutative ones (2x2 matrix product, composition of affine maps on MPI_2INT) whose
 *   results are right only if operands are combined in rank order
 * np: 1 2 3 4 5 7 8 13 16 64
 * args: --cfg=smpi/coll-selector:mpich
 * args: --cfg=smpi/coll-selector:ompi
 * args: --cfg=smpi/coll-selector:smpi
 * args: --cfg=smpi/reduce:binomial --cfg=smpi/allreduce:rdb
 * args: --cfg=smpi/reduce:linear --cfg=smpi/allreduce:rab
 * args: --cfg=smpi/reduce:rab --cfg=smpi/allreduce:ring
 * args: --cfg=smpi/reduce:in_order_binary --cfg=smpi/allreduce:redbcast
 * args: --cfg=smpi/reduce:pipeline --cfg=smpi/allreduce:rab
 * args: --cfg=smpi/reduce:binary --cfg=smpi/allreduce:rdb
 * args: --cfg=smpi/reduce:linear_nb --cfg=smpi/allreduce:redbcast_linear
 */
#include "coll_check.h"

enum { SUM, MAXLOC, USUM, MATMUL, COMPOSE, NOPS };
static const char *opname[NOPS] = {"MPI_SUM", "MPI_MAXLOC", "user sum", "matrix product", "affine composition"};

int main(int argc, char **argv)
{
    static const int counts[] = {0, 1, 5, 1000, 12000};
    int ci, k, i, j, o, c = 0, inplace, all;
    char what[200];
    MPI_Op usum, umat, ucomp;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Op_create(isum_op, 1, &usum);
    MPI_Op_create(matmul_op, 0, &umat);
    MPI_Op_create(compose_op, 0, &ucomp);
    for (ci = 0; ci < 5; ci++) {
        int n = counts[ci];
        size_t bytes = sizeof(dint_t) * (n ? n : 1);
        void *s = xmalloc(bytes), *r = xmalloc(bytes), *e = xmalloc(bytes);
        for (o = 0; o < NOPS; o++)
            for (all = 0; all < 2; all++)
                for (k = 0; k < (all ? 1 : NROOTS); k++)
                    for (inplace = 0; inplace < 2; inplace++, c++) {
                        int root = root_of(k), ok = 1, me_gets = all || rank == root;
                        if (!all && inplace && k != 0 && n > 5)
                            continue; /* MPICH 4.0.2 (the reference) crashes on these */
                        MPI_Datatype t = o == SUM || o == USUM ? MPI_INT : o == MAXLOC ? MPI_DOUBLE_INT
                                         : o == MATMUL         ? MPI_UINT64_T
                                                               : MPI_2INT;
                        MPI_Op op = o == SUM ? MPI_SUM : o == MAXLOC ? MPI_MAXLOC : o == USUM ? usum
                                    : o == MATMUL                    ? umat
                                                                     : ucomp;
                        for (i = 0; i < n; i++) {
                            switch (o) {
                            case SUM:
                            case USUM:
                                ((int *)s)[i] = val(rank, i, c);
                                ((int *)e)[i] = 0;
                                for (j = 0; j < size * me_gets; j++)
                                    ((int *)e)[i] += val(j, i, c);
                                ((int *)r)[i] = -1;
                                break;
                            case MAXLOC: { /* ties on purpose: the lowest rank wins */
                                dint_t *sd = s, *ed = e, *rd = r;
                                sd[i].d = (val(rank, i, c) * 37 % 11) * 0.5;
                                sd[i].i = rank;
                                ed[i].d = -1;
                                for (j = 0; j < size * me_gets; j++)
                                    if ((val(j, i, c) * 37 % 11) * 0.5 > ed[i].d) {
                                        ed[i].d = (val(j, i, c) * 37 % 11) * 0.5;
                                        ed[i].i = j;
                                    }
                                rd[i].d = -1;
                                rd[i].i = -1;
                                break;
                            }
                            case MATMUL:
                                ((uint64_t *)s)[i] = mat_of(rank, i, c);
                                ((uint64_t *)e)[i] = mat_of(0, i, c);
                                for (j = 1; j < size * me_gets; j++)
                                    ((uint64_t *)e)[i] = matmul(((uint64_t *)e)[i], mat_of(j, i, c));
                                ((uint64_t *)r)[i] = 0;
                                break;
                            default:
                                ((aff_t *)s)[i] = aff_of(rank, i, c);
                                ((aff_t *)e)[i] = aff_of(0, i, c);
                                for (j = 1; j < size * me_gets; j++)
                                    ((aff_t *)e)[i] = compose(((aff_t *)e)[i], aff_of(j, i, c));
                                ((aff_t *)r)[i].m = ((aff_t *)r)[i].q = 0;
                            }
                        }
                        if (inplace && me_gets) {
                            memcpy(r, s, bytes);
                            if (all)
                                MPI_Allreduce(MPI_IN_PLACE, r, n, t, op, MPI_COMM_WORLD);
                            else
                                MPI_Reduce(MPI_IN_PLACE, r, n, t, op, root, MPI_COMM_WORLD);
                        } else if (all)
                            MPI_Allreduce(s, r, n, t, op, MPI_COMM_WORLD);
                        else
                            MPI_Reduce(s, r, n, t, op, root, MPI_COMM_WORLD);
                        if (me_gets)
                            for (i = 0; i < n && ok; i++)
                                switch (o) {
                                case SUM:
                                case USUM: ok = ((int *)r)[i] == ((int *)e)[i]; break;
                                case MAXLOC:
                                    ok = ((dint_t *)r)[i].d == ((dint_t *)e)[i].d &&
                                         ((dint_t *)r)[i].i == ((dint_t *)e)[i].i;
                                    break;
                                case MATMUL: ok = ((uint64_t *)r)[i] == ((uint64_t *)e)[i]; break;
                                default:
                                    ok = ((aff_t *)r)[i].m == ((aff_t *)e)[i].m && ((aff_t *)r)[i].q == ((aff_t *)e)[i].q;
                                }
                        if (all)
                            snprintf(what, sizeof what, "allreduce %s count %d%s", opname[o], n,
                                     inplace ? " in place" : "");
                        else
                            snprintf(what, sizeof what, "reduce %s count %d %s%s", opname[o], n, root_name(k),
                                     inplace ? " in place" : "");
                        report(what, ok);
                    }
        free(s);
        free(r);
        free(e);
    }
    MPI_Op_free(&usum);
    MPI_Op_free(&umat);
    MPI_Op_free(&ucomp);
    MPI_Finalize();
    return 0;
}
