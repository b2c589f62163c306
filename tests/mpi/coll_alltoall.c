/* what this tests: Alltoall with blocks of 1 and 3 ints (printed), a block of 32768 ints
 *   (checked), and chars; block i of rank j lands as block j on rank i
 * np: 4
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

#define BIG 32768

int main(int argc, char **argv)
{
    int rank, size, i, k, n, ok;
    int *s, *r;
    char cs[64], cr[64];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    s = malloc((size_t)BIG * size * sizeof(int));
    r = malloc((size_t)BIG * size * sizeof(int));

    for (n = 1; n <= 3; n += 2) {
        for (k = 0; k < size; k++)
            for (i = 0; i < n; i++)
                s[k * n + i] = rank * 100 + k * 10 + i;
        MPI_Alltoall(s, n, MPI_INT, r, n, MPI_INT, MPI_COMM_WORLD);
        ADD("rank %d: block %d:", rank, n);
        for (i = 0; i < n * size; i++)
            ADD(" %d", r[i]);
        FLUSH_LINE();
    }

    for (k = 0; k < size; k++)
        for (i = 0; i < BIG; i++)
            s[k * BIG + i] = (rank * size + k) * 7 + i;
    MPI_Alltoall(s, BIG, MPI_INT, r, BIG, MPI_INT, MPI_COMM_WORLD);
    ok = 1;
    for (k = 0; k < size; k++)
        for (i = 0; i < BIG; i++)
            if (r[k * BIG + i] != (k * size + rank) * 7 + i)
                ok = 0;
    printf("rank %d: block %d: %s\n", rank, BIG, ok ? "OK" : "FAIL");

    for (k = 0; k < size; k++) {
        cs[2 * k] = (char)('a' + rank);
        cs[2 * k + 1] = (char)('A' + k);
    }
    MPI_Alltoall(cs, 2, MPI_CHAR, cr, 2, MPI_CHAR, MPI_COMM_WORLD);
    cr[2 * size] = '\0';
    printf("rank %d: chars %s\n", rank, cr);
    free(s);
    free(r);
    MPI_Finalize();
    return 0;
}
