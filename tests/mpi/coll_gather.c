/* what this tests: Gather to every root with counts 1, 3 and 0; receive buffer may be NULL on
 *   non-roots; int and double data
 * np: 5
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

/* a line is written with one fputs (one write under an unbuffered stdout) so that lines of
   different ranks never mix */
static char line[4096];
static int len;
#define ADD(...) (len += snprintf(line + len, sizeof line - (size_t)len, __VA_ARGS__))
#define FLUSH_LINE() (ADD("\n"), fputs(line, stdout), len = 0)

#define MAXP 16

int main(int argc, char **argv)
{
    int rank, size, root, i, s[3], r[3 * MAXP];
    double ds, dr[MAXP];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    for (root = 0; root < size; root++) {
        s[0] = rank * 100 + root;
        s[1] = -rank;
        s[2] = rank * rank;
        for (i = 0; i < 3 * size; i++)
            r[i] = -1;
        MPI_Gather(s, 1, MPI_INT, rank == root ? r : NULL, 1, MPI_INT, root, MPI_COMM_WORLD);
        if (rank == root) {
            ADD("root %d count 1:", root);
            for (i = 0; i < size; i++)
                ADD(" %d", r[i]);
            FLUSH_LINE();
        }
        MPI_Gather(s, 3, MPI_INT, rank == root ? r : NULL, 3, MPI_INT, root, MPI_COMM_WORLD);
        if (rank == root) {
            ADD("root %d count 3:", root);
            for (i = 0; i < 3 * size; i++)
                ADD(" %d", r[i]);
            FLUSH_LINE();
        }
        for (i = 0; i < 3 * size; i++)
            r[i] = -1;
        MPI_Gather(s, 0, MPI_INT, r, 0, MPI_INT, root, MPI_COMM_WORLD);
        if (rank == root)
            printf("root %d count 0: buffer untouched %d\n", root, r[0] == -1 && r[size - 1] == -1);
        ds = rank + 0.5;
        MPI_Gather(&ds, 1, MPI_DOUBLE, dr, 1, MPI_DOUBLE, root, MPI_COMM_WORLD);
        if (rank == root) {
            ADD("root %d doubles:", root);
            for (i = 0; i < size; i++)
                ADD(" %.1f", dr[i]);
            FLUSH_LINE();
        }
    }
    MPI_Finalize();
    return 0;
}
