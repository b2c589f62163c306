/* what this tests: Allgather with counts 1, 4 and 10000 ints and with doubles, every rank
 *   gets every block in rank order
 * np: 6
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

/* a line is written with one fputs (one write under an unbuffered stdout) so that lines of
   different ranks never mix */
static char line[4096];
static int len;
#define ADD(...) (len += snprintf(line + len, sizeof line - (size_t)len, __VA_ARGS__))
#define FLUSH_LINE() (ADD("\n"), fputs(line, stdout), len = 0)

#define BIG 10000

int main(int argc, char **argv)
{
    int rank, size, c, i, k, counts[3] = {1, 4, BIG};
    int *s, *r;
    double d, *dr;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    s = malloc(BIG * sizeof(int));
    r = malloc((size_t)BIG * size * sizeof(int));
    dr = malloc(size * sizeof(double));

    for (c = 0; c < 3; c++) {
        int n = counts[c], ok = 1;
        for (i = 0; i < n; i++)
            s[i] = rank * 100000 + i;
        for (i = 0; i < n * size; i++)
            r[i] = -1;
        MPI_Allgather(s, n, MPI_INT, r, n, MPI_INT, MPI_COMM_WORLD);
        for (k = 0; k < size; k++)
            for (i = 0; i < n; i++)
                if (r[k * n + i] != k * 100000 + i)
                    ok = 0;
        if (n <= 4) {
            ADD("rank %d: count %d:", rank, n);
            for (i = 0; i < n * size; i++)
                ADD(" %d", r[i]);
            ADD(" %s", ok ? "OK" : "FAIL");
            FLUSH_LINE();
        } else {
            printf("rank %d: count %d: %s\n", rank, n, ok ? "OK" : "FAIL");
        }
    }
    d = rank * 1.5;
    MPI_Allgather(&d, 1, MPI_DOUBLE, dr, 1, MPI_DOUBLE, MPI_COMM_WORLD);
    ADD("rank %d: doubles:", rank);
    for (i = 0; i < size; i++)
        ADD(" %.1f", dr[i]);
    FLUSH_LINE();
    free(s);
    free(r);
    free(dr);
    MPI_Finalize();
    return 0;
}
