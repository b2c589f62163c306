/* what this tests: every datatype constructor (contiguous, vector with positive and
 *   negative strides, hvector, indexed, hindexed, indexed_block, hindexed_block, struct,
 *   resized, dup, nested vectors): sizes and extents, and Send/Recv with a different type
 *   on each side (derived sent, MPI_INT received, and the reverse), Get_count/Get_elements
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#define N 200
static int rank;

static void show(const char *what, MPI_Datatype t)
{
    int size;
    MPI_Aint lb, ext, tlb, text;
    MPI_Type_size(t, &size);
    MPI_Type_get_extent(t, &lb, &ext);
    MPI_Type_get_true_extent(t, &tlb, &text);
    if (rank == 1)
        printf("%s: size %d lb %ld extent %ld true_lb %ld true_extent %ld\n", what, size, (long)lb, (long)ext,
               (long)tlb, (long)text);
}

/* rank 0 sends count t from src + base; rank 1 takes them as ints and prints them; then
 * rank 0 sends ints 1000.. and rank 1 receives them with count t at dst + base and prints
 * dst[lo..hi) (-1: untouched) */
static void roundtrip(const char *what, MPI_Datatype t, int count, int base, int lo, int hi)
{
    int src[N], dst[N], got[N], size, n, c, e;
    char line[4096];
    size_t len = 0;
    MPI_Status st;
    for (int i = 0; i < N; i++) {
        src[i] = i;
        dst[i] = -1;
        got[i] = 1000 + i;
    }
    MPI_Type_size(t, &size);
    n = count * size / (int)sizeof(int);
    if (rank == 0) {
        MPI_Send(src + base, count, t, 1, 0, MPI_COMM_WORLD);
        MPI_Send(got, n, MPI_INT, 1, 1, MPI_COMM_WORLD);
        return;
    }
    MPI_Recv(got, N, MPI_INT, 0, 0, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_INT, &c);
    len += (size_t)snprintf(line + len, sizeof line - len, "%s: sent as ints (%d):", what, c);
    for (int i = 0; i < c; i++)
        len += (size_t)snprintf(line + len, sizeof line - len, " %d", got[i]);
    snprintf(line + len, sizeof line - len, "\n");
    fputs(line, stdout); /* one write per line */
    MPI_Recv(dst + base, count, t, 0, 1, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, t, &c);
    MPI_Get_elements(&st, t, &e);
    len = (size_t)snprintf(line, sizeof line, "%s: received (count %d, elements %d):", what, c, e);
    for (int i = lo; i < hi; i++)
        len += (size_t)snprintf(line + len, sizeof line - len, " %d", dst[i]);
    snprintf(line + len, sizeof line - len, "\n");
    fputs(line, stdout); /* one write per line */
}

int main(int argc, char **argv)
{
    MPI_Datatype t, v, w;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Type_contiguous(3, MPI_INT, &t);
    MPI_Type_commit(&t);
    show("contiguous(3)", t);
    roundtrip("contiguous(3)", t, 2, 0, 0, 8);
    MPI_Type_free(&t);

    MPI_Type_vector(3, 2, 4, MPI_INT, &t);
    MPI_Type_commit(&t);
    show("vector(3,2,4)", t);
    roundtrip("vector(3,2,4) x1", t, 1, 0, 0, 12);
    roundtrip("vector(3,2,4) x2", t, 2, 0, 0, 24);
    MPI_Type_free(&t);

    MPI_Type_vector(3, 1, -2, MPI_INT, &t);
    MPI_Type_commit(&t);
    show("vector(3,1,-2)", t);
    roundtrip("vector(3,1,-2) x2", t, 2, 20, 14, 24);
    MPI_Type_free(&t);

    MPI_Type_create_hvector(3, 1, 12, MPI_INT, &t);
    MPI_Type_commit(&t);
    show("hvector(3,1,12B)", t);
    roundtrip("hvector(3,1,12B) x2", t, 2, 0, 0, 18);
    MPI_Type_free(&t);

    MPI_Type_indexed(3, (int[]){2, 1, 3}, (int[]){0, 5, 9}, MPI_INT, &t);
    MPI_Type_commit(&t);
    show("indexed", t);
    roundtrip("indexed x2", t, 2, 0, 0, 26);
    MPI_Type_free(&t);

    MPI_Type_create_hindexed(3, (int[]){1, 2, 1}, (MPI_Aint[]){0, 16, 40}, MPI_INT, &t);
    MPI_Type_commit(&t);
    show("hindexed", t);
    roundtrip("hindexed x2", t, 2, 0, 0, 24);
    MPI_Type_free(&t);

    MPI_Type_create_indexed_block(3, 2, (int[]){1, 6, 11}, MPI_INT, &t);
    MPI_Type_commit(&t);
    show("indexed_block", t);
    roundtrip("indexed_block", t, 1, 0, 0, 14);
    MPI_Type_free(&t);

    MPI_Type_create_hindexed_block(2, 3, (MPI_Aint[]){8, 32}, MPI_INT, &t);
    MPI_Type_commit(&t);
    show("hindexed_block", t);
    roundtrip("hindexed_block x3", t, 3, 0, 0, 33);
    MPI_Type_free(&t);

    /* indexed with displacements out of order and overlapping-free gaps */
    MPI_Type_indexed(3, (int[]){1, 2, 1}, (int[]){7, 0, 4}, MPI_INT, &t);
    MPI_Type_commit(&t);
    show("indexed unordered", t);
    roundtrip("indexed unordered", t, 1, 0, 0, 9);
    MPI_Type_free(&t);

    /* zero-length blocks contribute nothing */
    MPI_Type_indexed(3, (int[]){0, 2, 0}, (int[]){50, 3, -7}, MPI_INT, &t);
    MPI_Type_commit(&t);
    show("indexed zero blocks", t);
    roundtrip("indexed zero blocks x2", t, 2, 0, 0, 8);
    MPI_Type_free(&t);

    /* resized vector: a column of a 4x5 matrix, count 3 takes 3 columns */
    MPI_Type_vector(4, 1, 5, MPI_INT, &v);
    MPI_Type_create_resized(v, 0, sizeof(int), &t);
    MPI_Type_commit(&t);
    show("column", v);
    show("resized column", t);
    roundtrip("resized column x3", t, 3, 0, 0, 20);
    MPI_Type_free(&t);

    /* negative lb */
    MPI_Type_create_resized(MPI_INT, -8, 16, &t);
    MPI_Type_commit(&t);
    show("resized int lb -8 extent 16", t);
    roundtrip("resized int lb -8 x3", t, 3, 10, 8, 22);
    MPI_Type_free(&t);

    /* dup keeps the typemap */
    MPI_Type_dup(v, &t);
    MPI_Type_commit(&t);
    show("dup(column)", t);
    roundtrip("dup(column) x2", t, 2, 0, 0, 20);
    MPI_Type_free(&t);

    /* nested: a vector of vectors, and an hvector of a resized type */
    MPI_Type_vector(2, 2, 3, MPI_INT, &w);
    MPI_Type_vector(3, 1, 2, w, &t);
    MPI_Type_commit(&t);
    show("vector(3,1,2,vector(2,2,3))", t);
    roundtrip("vector of vector", t, 1, 0, 0, 30);
    MPI_Type_free(&t);
    MPI_Type_free(&w);
    MPI_Type_create_hvector(2, 3, 8, v, &w); /* v is freed below: w keeps it */
    MPI_Type_free(&v);
    MPI_Type_commit(&w);
    show("hvector(2,3,8B,column)", w);
    roundtrip("hvector of column", w, 1, 0, 0, 50);
    MPI_Type_free(&w);

    /* a struct of ints only (same signature as a vector) */
    MPI_Type_create_struct(2, (int[]){2, 1}, (MPI_Aint[]){4, 20}, (MPI_Datatype[]){MPI_INT, MPI_INT}, &t);
    MPI_Type_commit(&t);
    show("struct int x2 @4, int @20", t);
    roundtrip("struct ints x2", t, 2, 0, 0, 12);
    MPI_Type_free(&t);

    /* empty types */
    MPI_Type_contiguous(0, MPI_INT, &t);
    MPI_Type_commit(&t);
    show("contiguous(0)", t);
    roundtrip("contiguous(0)", t, 4, 0, 0, 2);
    MPI_Type_free(&t);

    MPI_Finalize();
    return 0;
}
