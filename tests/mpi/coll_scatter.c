/* what this tests: Scatter from every root with counts 1 and 4 (send buffer NULL on non-roots),
 *   count 0, and a large scatter of 64 KiB per rank
 * np: 6
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define MAXP 16
#define BIG 16384

int main(int argc, char **argv)
{
    int rank, size, root, i, s[4 * MAXP], r[4];
    int *bs, *br;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    bs = malloc((size_t)BIG * size * sizeof(int));
    br = malloc(BIG * sizeof(int));

    for (root = 0; root < size; root++) {
        for (i = 0; i < 4 * size; i++)
            s[i] = root * 1000 + i;
        r[0] = r[1] = r[2] = r[3] = -1;
        MPI_Scatter(rank == root ? s : NULL, 1, MPI_INT, r, 1, MPI_INT, root, MPI_COMM_WORLD);
        printf("rank %d: root %d count 1: %d\n", rank, root, r[0]);
        MPI_Scatter(rank == root ? s : NULL, 4, MPI_INT, r, 4, MPI_INT, root, MPI_COMM_WORLD);
        printf("rank %d: root %d count 4: %d %d %d %d\n", rank, root, r[0], r[1], r[2], r[3]);
        r[0] = -1;
        MPI_Scatter(s, 0, MPI_INT, r, 0, MPI_INT, root, MPI_COMM_WORLD);
        printf("rank %d: root %d count 0: untouched %d\n", rank, root, r[0] == -1);
    }

    root = size / 2;
    for (i = 0; i < BIG * size; i++)
        bs[i] = i;
    MPI_Scatter(bs, BIG, MPI_INT, br, BIG, MPI_INT, root, MPI_COMM_WORLD);
    {
        int ok = 1;
        for (i = 0; i < BIG; i++)
            if (br[i] != rank * BIG + i)
                ok = 0;
        printf("rank %d: large scatter from %d: %s first %d\n", rank, root, ok ? "OK" : "FAIL", br[0]);
    }
    free(bs);
    free(br);
    MPI_Finalize();
    return 0;
}
