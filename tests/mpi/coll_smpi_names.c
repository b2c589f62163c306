/* what this tests: SMPI's names of simpi's collective algorithms (--cfg=smpi/COLL:NAME as
 *   smpirun spells them, and a selector's name for one collective) give correct results:
 *   every alias of simpi --help-coll is forced in one of the args lines; each collective runs
 *   at a small and a large count with MPI_SUM on ints and a non-commutative reduction where
 *   the collective reduces
 * np: 5 8
 * args: --cfg=smpi/barrier:ompi_basic_linear --cfg=smpi/bcast:ompi_pipeline --cfg=smpi/gather:ompi_basic_linear --cfg=smpi/scatter:ompi_basic_linear --cfg=smpi/allgather:ompi_neighborexchange --cfg=smpi/allgatherv:ompi_neighborexchange --cfg=smpi/alltoallv:ompi_basic_linear --cfg=smpi/reduce:flat_tree --cfg=smpi/allreduce:rab_rdb --cfg=smpi/reduce_scatter:ompi_basic_recursivehalving
 * args: --cfg=smpi/barrier:ompi_tree --cfg=smpi/bcast:mpich --cfg=smpi/gather:ompi_binomial --cfg=smpi/scatter:ompi_linear_nb --cfg=smpi/allgather:ompi --cfg=smpi/allgatherv:ompi_bruck --cfg=smpi/alltoall:ompi --cfg=smpi/reduce:ompi_basic_linear --cfg=smpi/allreduce:lr --cfg=smpi/reduce_scatter:ompi_ring
 * args: --cfg=smpi/barrier:ompi_bruck --cfg=smpi/bcast:ompi --cfg=smpi/gather:ompi_linear_sync --cfg=smpi/scatter:mpich --cfg=smpi/allgatherv:mpich_rdb --cfg=smpi/reduce:ompi_in_order_binary --cfg=smpi/allreduce:mpich --cfg=smpi/reduce_scatter:mpich_pair
 * args: --cfg=smpi/barrier:ompi_recursivedoubling --cfg=smpi/allgatherv:mpich_ring --cfg=smpi/reduce:ompi_pipeline --cfg=smpi/allreduce:ompi --cfg=smpi/reduce_scatter:mpich_noncomm
 * args: --cfg=smpi/reduce:ompi_binary --cfg=smpi/reduce_scatter:ompi
 */
#include "coll_check.h"

/* the rank-ordered product of every rank's matrix at index i */
static uint64_t product(int i, int c)
{
    uint64_t p = mat_of(0, i, c);
    for (int r = 1; r < size; r++)
        p = matmul(p, mat_of(r, i, c));
    return p;
}

int main(int argc, char **argv)
{
    static const int counts[] = {3, 40000};
    char what[200];
    MPI_Op umat;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Op_create(matmul_op, 0, &umat);
    MPI_Barrier(MPI_COMM_WORLD);
    report("barrier", 1);
    for (int ci = 0; ci < 2; ci++) {
        int n = counts[ci], ok, root = size / 2;
        int *a = xmalloc(sizeof(int) * (size_t)(n + 4) * size), *b = xmalloc(sizeof(int) * (size_t)(n + 4) * size);
        int *cnt = xmalloc(sizeof(int) * size), *dsp = xmalloc(sizeof(int) * size);
        uint64_t *m = xmalloc(sizeof(uint64_t) * (size_t)(n + 4) * size), *mr = xmalloc(sizeof(uint64_t) * (size_t)(n + 4) * size);

        for (int i = 0; i < n; i++)
            a[i] = rank == root ? val(root, i, 1) : -1;
        MPI_Bcast(a, n, MPI_INT, root, MPI_COMM_WORLD);
        ok = 1;
        for (int i = 0; i < n; i++)
            ok &= a[i] == val(root, i, 1);
        snprintf(what, sizeof what, "bcast count %d", n);
        report(what, ok);

        for (int i = 0; i < n; i++)
            a[i] = val(rank, i, 2);
        MPI_Gather(a, n, MPI_INT, b, n, MPI_INT, root, MPI_COMM_WORLD);
        ok = 1;
        for (int r = 0; rank == root && r < size; r++)
            for (int i = 0; i < n; i++)
                ok &= b[r * n + i] == val(r, i, 2);
        snprintf(what, sizeof what, "gather count %d", n);
        report(what, ok);

        for (int r = 0; rank == root && r < size; r++)
            for (int i = 0; i < n; i++)
                a[r * n + i] = val(r, i, 3);
        MPI_Scatter(a, n, MPI_INT, b, n, MPI_INT, root, MPI_COMM_WORLD);
        ok = 1;
        for (int i = 0; i < n; i++)
            ok &= b[i] == val(rank, i, 3);
        snprintf(what, sizeof what, "scatter count %d", n);
        report(what, ok);

        for (int i = 0; i < n; i++)
            a[i] = val(rank, i, 4);
        MPI_Allgather(a, n, MPI_INT, b, n, MPI_INT, MPI_COMM_WORLD);
        ok = 1;
        for (int r = 0; r < size; r++)
            for (int i = 0; i < n; i++)
                ok &= b[r * n + i] == val(r, i, 4);
        snprintf(what, sizeof what, "allgather count %d", n);
        report(what, ok);

        for (int r = 0; r < size; r++) /* uneven counts, blocks in reverse rank order */
            cnt[r] = n - r % 3;
        for (int r = size - 1, d = 0; r >= 0; d += cnt[r], r--)
            dsp[r] = d;
        for (int i = 0; i < cnt[rank]; i++)
            a[i] = val(rank, i, 5);
        MPI_Allgatherv(a, cnt[rank], MPI_INT, b, cnt, dsp, MPI_INT, MPI_COMM_WORLD);
        ok = 1;
        for (int r = 0; r < size; r++)
            for (int i = 0; i < cnt[r]; i++)
                ok &= b[dsp[r] + i] == val(r, i, 5);
        snprintf(what, sizeof what, "allgatherv count %d", n);
        report(what, ok);

        int k = n / size + 1;
        for (int r = 0; r < size; r++)
            for (int i = 0; i < k; i++)
                a[r * k + i] = val(rank, r * k + i, 6);
        MPI_Alltoall(a, k, MPI_INT, b, k, MPI_INT, MPI_COMM_WORLD);
        ok = 1;
        for (int r = 0; r < size; r++)
            for (int i = 0; i < k; i++)
                ok &= b[r * k + i] == val(r, rank * k + i, 6);
        snprintf(what, sizeof what, "alltoall count %d", n);
        report(what, ok);

        int *sc = xmalloc(sizeof(int) * size), *sd = xmalloc(sizeof(int) * size);
        int *rc = xmalloc(sizeof(int) * size), *rd = xmalloc(sizeof(int) * size);
        for (int r = 0, d = 0; r < size; r++) { /* rank s sends (s + r) % 3 + k to rank r */
            sc[r] = (rank + r) % 3 + k;
            sd[r] = d;
            d += sc[r];
        }
        for (int r = 0, d = 0; r < size; r++) {
            rc[r] = (r + rank) % 3 + k;
            rd[r] = d;
            d += rc[r];
        }
        for (int r = 0; r < size; r++)
            for (int i = 0; i < sc[r]; i++)
                a[sd[r] + i] = val(rank, r * 100 + i, 7);
        MPI_Alltoallv(a, sc, sd, MPI_INT, b, rc, rd, MPI_INT, MPI_COMM_WORLD);
        ok = 1;
        for (int r = 0; r < size; r++)
            for (int i = 0; i < rc[r]; i++)
                ok &= b[rd[r] + i] == val(r, rank * 100 + i, 7);
        snprintf(what, sizeof what, "alltoallv count %d", n);
        report(what, ok);
        free(sc), free(sd), free(rc), free(rd);

        for (int o = 0; o < 2; o++) {
            const char *opn = o ? "matrix product" : "MPI_SUM";
            for (int i = 0; i < n; i++)
                a[i] = val(rank, i, 8), m[i] = mat_of(rank, i, 8);
            if (o)
                MPI_Reduce(m, mr, n, MPI_UINT64_T, umat, root, MPI_COMM_WORLD);
            else
                MPI_Reduce(a, b, n, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
            ok = 1;
            for (int i = 0; rank == root && i < n; i++) {
                long s = 0;
                for (int r = 0; r < size; r++)
                    s += val(r, i, 8);
                ok &= o ? mr[i] == product(i, 8) : b[i] == (int)s;
            }
            snprintf(what, sizeof what, "reduce %s count %d", opn, n);
            report(what, ok);

            if (o)
                MPI_Allreduce(m, mr, n, MPI_UINT64_T, umat, MPI_COMM_WORLD);
            else
                MPI_Allreduce(a, b, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
            ok = 1;
            for (int i = 0; i < n; i++) {
                long s = 0;
                for (int r = 0; r < size; r++)
                    s += val(r, i, 8);
                ok &= o ? mr[i] == product(i, 8) : b[i] == (int)s;
            }
            snprintf(what, sizeof what, "allreduce %s count %d", opn, n);
            report(what, ok);

            int blk = n / size + 1; /* Reduce_scatter: rank r gets blk + r % 2 elements */
            int tot = 0;
            for (int r = 0; r < size; r++)
                cnt[r] = blk + r % 2, dsp[r] = tot, tot += cnt[r];
            for (int i = 0; i < tot; i++)
                a[i] = val(rank, i, 9), m[i] = mat_of(rank, i, 9);
            if (o)
                MPI_Reduce_scatter(m, mr, cnt, MPI_UINT64_T, umat, MPI_COMM_WORLD);
            else
                MPI_Reduce_scatter(a, b, cnt, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
            ok = 1;
            for (int i = 0; i < cnt[rank]; i++) {
                long s = 0;
                int g = dsp[rank] + i;
                for (int r = 0; r < size; r++)
                    s += val(r, g, 9);
                ok &= o ? mr[i] == product(g, 9) : b[i] == (int)s;
            }
            snprintf(what, sizeof what, "reduce_scatter %s count %d", opn, n);
            report(what, ok);
        }
        free(a), free(b), free(cnt), free(dsp), free(m), free(mr);
    }
    MPI_Op_free(&umat);
    MPI_Finalize();
    return 0;
}
