/* what this tests: Reduce to every root with SUM, MAX and MIN on int, long and double,
 *   counts 1, 5 and 10000; the receive buffer is only written at the root
 * np: 8
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BIG 10000

int main(int argc, char **argv)
{
    int rank, size, root, i;
    int *is = malloc(BIG * sizeof(int)), *ir = malloc(BIG * sizeof(int));
    double ds[5], dr[5];
    long ls, lr;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    for (root = 0; root < size; root++) {
        /* count 1, long MAX */
        ls = (long)(rank * 37 % size) - 3;
        lr = -999;
        MPI_Reduce(&ls, &lr, 1, MPI_LONG, MPI_MAX, root, MPI_COMM_WORLD);
        /* count 5, double SUM and MIN */
        for (i = 0; i < 5; i++) {
            ds[i] = (rank + 1) * 0.5 + i;
            dr[i] = -999.0;
        }
        MPI_Reduce(ds, dr, 5, MPI_DOUBLE, MPI_SUM, root, MPI_COMM_WORLD);
        if (rank == root)
            printf("rank %d: root %d long max %ld, double sum %g %g %g %g %g\n", rank, root, lr, dr[0],
                   dr[1], dr[2], dr[3], dr[4]);
        else
            printf("rank %d: root %d non-root buffers untouched %d\n", rank, root,
                   lr == -999 && dr[0] == -999.0);
        MPI_Reduce(ds, dr, 5, MPI_DOUBLE, MPI_MIN, root, MPI_COMM_WORLD);
        if (rank == root)
            printf("rank %d: root %d double min %g %g\n", rank, root, dr[0], dr[4]);
        /* count BIG, int SUM */
        for (i = 0; i < BIG; i++) {
            is[i] = rank * i - i;
            ir[i] = 0;
        }
        MPI_Reduce(is, ir, BIG, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
        if (rank == root) {
            int ok = 1;
            long expect_per_i = (long)size * (size - 1) / 2 - size; /* sum of (r - 1) */
            for (i = 0; i < BIG; i++)
                if (ir[i] != (int)(expect_per_i * i))
                    ok = 0;
            printf("rank %d: root %d int sum of %d: %s, ir[9999]=%d\n", rank, root, BIG, ok ? "OK" : "FAIL",
                   ir[BIG - 1]);
        }
    }
    free(is);
    free(ir);
    MPI_Finalize();
    return 0;
}
