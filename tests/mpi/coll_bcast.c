/* what this tests: Bcast from every root of int, double and char data, counts 0, 1, 1000 and
 *   1 MiB; several broadcasts in a row
 * np: 7
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BIG (1 << 18)

int main(int argc, char **argv)
{
    int rank, size, root, i, counts[4] = {0, 1, 1000, BIG}, c;
    int *ibuf = malloc(BIG * sizeof(int));
    double d;
    char text[32];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    for (root = 0; root < size; root++) {
        int ok = 1;
        for (c = 0; c < 4; c++) {
            int n = counts[c];
            for (i = 0; i < n; i++)
                ibuf[i] = rank == root ? root * 7 + i : -1;
            ibuf[n] = -2; /* beyond the count: must stay */
            MPI_Bcast(ibuf, n, MPI_INT, root, MPI_COMM_WORLD);
            for (i = 0; i < n; i++)
                if (ibuf[i] != root * 7 + i)
                    ok = 0;
            if (ibuf[n] != -2)
                ok = 0;
        }
        d = rank == root ? 1.0 / (root + 1) : 0.0;
        MPI_Bcast(&d, 1, MPI_DOUBLE, root, MPI_COMM_WORLD);
        if (rank == root)
            snprintf(text, sizeof text, "from root %d", root);
        else
            snprintf(text, sizeof text, "garbage");
        MPI_Bcast(text, sizeof text, MPI_CHAR, root, MPI_COMM_WORLD);
        printf("rank %d: root %d ints %s, double %.17g, text \"%s\"\n", rank, root, ok ? "OK" : "FAIL",
               d, text);
    }
    free(ibuf);
    MPI_Finalize();
    return 0;
}
