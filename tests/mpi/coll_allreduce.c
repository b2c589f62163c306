/* what this tests: Allreduce on a non-power-of-two number of ranks with counts 1, 3, 1000
 *   and 100000 (SUM int, MAX double, MIN long, BXOR unsigned), all ranks get the same result
 * np: 7
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BIG 100000

int main(int argc, char **argv)
{
    int rank, size, c, i, counts[4] = {1, 3, 1000, BIG};
    int *is = malloc(BIG * sizeof(int)), *ir = malloc(BIG * sizeof(int));
    double *ds = malloc(BIG * sizeof(double)), *dr = malloc(BIG * sizeof(double));
    long *ls = malloc(BIG * sizeof(long)), *lr = malloc(BIG * sizeof(long));
    unsigned *us = malloc(BIG * sizeof(unsigned)), *ur = malloc(BIG * sizeof(unsigned));

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    for (c = 0; c < 4; c++) {
        int n = counts[c], ok[4] = {1, 1, 1, 1};
        for (i = 0; i < n; i++) {
            is[i] = rank + i;
            ds[i] = (double)((rank * 13 + i) % size) + 0.25;
            ls[i] = (long)((rank * 5 + i) % size) - 100000L * i;
            us[i] = 1u << ((rank + i) % 32);
        }
        MPI_Allreduce(is, ir, n, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        MPI_Allreduce(ds, dr, n, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        MPI_Allreduce(ls, lr, n, MPI_LONG, MPI_MIN, MPI_COMM_WORLD);
        MPI_Allreduce(us, ur, n, MPI_UNSIGNED, MPI_BXOR, MPI_COMM_WORLD);
        for (i = 0; i < n; i++) {
            unsigned ux = 0;
            int r;
            for (r = 0; r < size; r++)
                ux ^= 1u << ((r + i) % 32);
            if (ir[i] != size * (size - 1) / 2 + size * i)
                ok[0] = 0;
            if (dr[i] != (size - 1) + 0.25)
                ok[1] = 0;
            if (lr[i] != -100000L * i)
                ok[2] = 0;
            if (ur[i] != ux)
                ok[3] = 0;
        }
        printf("rank %d: count %d int sum %s [%d..%d], double max %s %.2f, long min %s %ld, "
               "unsigned bxor %s %u\n",
               rank, n, ok[0] ? "OK" : "FAIL", ir[0], ir[n - 1], ok[1] ? "OK" : "FAIL", dr[n - 1],
               ok[2] ? "OK" : "FAIL", lr[n - 1], ok[3] ? "OK" : "FAIL", ur[n - 1]);
    }
    free(is); free(ir); free(ds); free(dr); free(ls); free(lr); free(us); free(ur);
    MPI_Finalize();
    return 0;
}
