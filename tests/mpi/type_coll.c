/* what this tests: collectives with derived datatypes: Bcast of matrix columns, Gather
 *   and Scatter of columns (resized vectors) against rows, Allgather and Alltoall with
 *   different send and receive types (reductions on derived types, which MPICH refuses,
 *   are in tests/unit/type_reduce.sh)
 * np: 4
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

static int rank, size;

static void line_of(const char *what, const int *v, int n)
{
    char line[2048];
    size_t len = (size_t)snprintf(line, sizeof line, "rank %d: %s:", rank, what);
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(line + len, sizeof line - len, " %d", v[i]);
    snprintf(line + len, sizeof line - len, "\n");
    fputs(line, stdout);
}

int main(int argc, char **argv)
{
    MPI_Datatype col, col1, vec;
    int m[4][4], i, j;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* a column of a 4x4 int matrix, and the same resized to one int so that columns follow each other */
    MPI_Type_vector(4, 1, 4, MPI_INT, &col);
    MPI_Type_create_resized(col, 0, sizeof(int), &col1);
    MPI_Type_commit(&col);
    MPI_Type_commit(&col1);

    /* Bcast: columns 1 and 2 from rank 1 */
    for (i = 0; i < 4; i++)
        for (j = 0; j < 4; j++)
            m[i][j] = rank == 1 ? 10 * i + j : -1;
    MPI_Bcast(&m[0][1], 2, col1, 1, MPI_COMM_WORLD);
    line_of("bcast columns 1-2", &m[0][0], 16);

    /* Gather: rank r's row becomes column r at the root */
    {
        int row[4];
        for (i = 0; i < 4; i++)
            row[i] = 100 * rank + i;
        for (i = 0; i < 16; i++)
            (&m[0][0])[i] = -1;
        MPI_Gather(row, 4, MPI_INT, m, 1, col1, 2, MPI_COMM_WORLD);
        if (rank == 2)
            line_of("gather rows into columns", &m[0][0], 16);
    }

    /* Scatter: column r of the root goes to rank r as a row */
    {
        int row[5] = {-1, -1, -1, -1, -1};
        for (i = 0; i < 16; i++)
            (&m[0][0])[i] = i;
        MPI_Scatter(m, 1, col1, row, 4, MPI_INT, 0, MPI_COMM_WORLD);
        line_of("scatter columns", row, 5);
    }

    /* Allgather: each rank sends 3 ints taken with stride 2; all receive them in a 2-int-stride layout */
    {
        int src[6], dst[4 * 6];
        MPI_Type_vector(3, 1, 2, MPI_INT, &vec);
        MPI_Type_commit(&vec);
        for (i = 0; i < 6; i++)
            src[i] = i % 2 ? -9 : 10 * rank + i / 2;
        for (i = 0; i < 24; i++)
            dst[i] = -1;
        MPI_Allgather(src, 1, vec, dst, 1, vec, MPI_COMM_WORLD);
        line_of("allgather strided", dst, 24);
        MPI_Allgather(src, 1, vec, dst, 3, MPI_INT, MPI_COMM_WORLD);
        line_of("allgather strided into contiguous", dst, 12);
    }

    /* Alltoall: block for rank r is a column pair; received as contiguous ints */
    {
        int a[4][8], b[32];
        MPI_Datatype two, two1;
        MPI_Type_vector(4, 2, 8, MPI_INT, &two);
        MPI_Type_create_resized(two, 0, 2 * sizeof(int), &two1);
        MPI_Type_commit(&two1);
        for (i = 0; i < 4; i++)
            for (j = 0; j < 8; j++)
                a[i][j] = 1000 * rank + 10 * i + j;
        MPI_Alltoall(a, 1, two1, b, 8, MPI_INT, MPI_COMM_WORLD);
        line_of("alltoall column pairs", b, 32);
        for (i = 0; i < 32; i++)
            (&a[0][0])[i] = -1;
        MPI_Alltoall(b, 8, MPI_INT, a, 1, two1, MPI_COMM_WORLD);
        line_of("alltoall back", &a[0][0], 32);
        MPI_Type_free(&two);
        MPI_Type_free(&two1);
    }

    MPI_Type_free(&vec);
    MPI_Type_free(&col);
    MPI_Type_free(&col1);
    MPI_Finalize();
    return 0;
}
