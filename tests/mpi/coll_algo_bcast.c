/* what this tests: MPI_Bcast with every algorithm and both selectors, at several sizes,
 *   roots and counts (empty, odd, above the eager and the MPICH medium thresholds), with a
 *   contiguous type and a non-contiguous one (MPI_DOUBLE_INT)
 * np: 1 2 3 4 5 7 8 13 16 64
 * args: --cfg=smpi/coll-selector:mpich
 * args: --cfg=smpi/coll-selector:ompi
 * args: --cfg=smpi/coll-selector:smpi
 * args: --cfg=smpi/bcast:binomial_tree
 * args: --cfg=smpi/bcast:scatter_rdb_allgather
 * args: --cfg=smpi/bcast:scatter_LR_allgather
 * args: --cfg=smpi/bcast:flattree
 * args: --cfg=smpi/bcast:pipeline
 * args: --cfg=smpi/bcast:bintree
 */
#include "coll_check.h"

int main(int argc, char **argv)
{
    static const int counts[] = {0, 1, 7, 1000, 70001};
    int ci, k, i, c = 0;
    char what[128];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (ci = 0; ci < 5; ci++) {
        int n = counts[ci];
        int *b = xmalloc(sizeof(int) * n);
        dint_t *d = xmalloc(sizeof(dint_t) * n);
        for (k = 0; k < NROOTS; k++, c++) {
            int root = root_of(k), ok = 1;
            for (i = 0; i < n; i++) {
                b[i] = rank == root ? val(root, i, c) : -1;
                d[i].d = rank == root ? val(root, i, c) * 0.5 : -1;
                d[i].i = rank == root ? -val(root, i, c) : -1;
            }
            MPI_Bcast(b, n, MPI_INT, root, MPI_COMM_WORLD);
            MPI_Bcast(d, n, MPI_DOUBLE_INT, root, MPI_COMM_WORLD);
            for (i = 0; i < n; i++)
                ok = ok && b[i] == val(root, i, c) && d[i].d == val(root, i, c) * 0.5 && d[i].i == -val(root, i, c);
            snprintf(what, sizeof what, "bcast count %d %s", n, root_name(k));
            report(what, ok);
        }
        free(b);
        free(d);
    }
    MPI_Finalize();
    return 0;
}
