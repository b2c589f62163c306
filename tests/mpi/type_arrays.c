/* what this tests: Type_create_subarray (C and Fortran order, 1 to 3 dimensions, empty)
 *   and Type_create_darray (block, cyclic, cyclic(k), none, default and explicit dargs,
 *   C and Fortran order, ranks with no elements): each rank prints the size, extent,
 *   true extent and the global indices its type selects (sent to itself as ints)
 * np: 4
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

#define G 256
static int rank, size;

static void show(const char *what, MPI_Datatype t)
{
    int g[G], got[G], n, sz;
    MPI_Aint lb, ext, tlb, text;
    char line[2048];
    size_t len;
    MPI_Status st;
    for (int i = 0; i < G; i++)
        g[i] = i;
    MPI_Type_commit(&t);
    MPI_Type_size(t, &sz);
    MPI_Type_get_extent(t, &lb, &ext);
    MPI_Type_get_true_extent(t, &tlb, &text);
    MPI_Sendrecv(g, 1, t, rank, 0, got, G, MPI_INT, rank, 0, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_INT, &n);
    len = (size_t)snprintf(line, sizeof line, "rank %d: %s: size %d lb %ld extent %ld true %ld+%ld:", rank, what, sz,
                           (long)lb, (long)ext, (long)tlb, (long)text);
    for (int i = 0; i < n; i++)
        len += (size_t)snprintf(line + len, sizeof line - len, " %d", got[i]);
    snprintf(line + len, sizeof line - len, "\n");
    fputs(line, stdout); /* one write per line */
    MPI_Type_free(&t);
}

static void darray(const char *what, int nd, const int *gs, const int *ds, const int *das, const int *ps, int order)
{
    MPI_Datatype t;
    MPI_Type_create_darray(size, rank, nd, gs, ds, das, ps, order, MPI_INT, &t);
    show(what, t);
}

#define B MPI_DISTRIBUTE_BLOCK
#define C MPI_DISTRIBUTE_CYCLIC
#define N MPI_DISTRIBUTE_NONE
#define D MPI_DISTRIBUTE_DFLT_DARG

int main(int argc, char **argv)
{
    MPI_Datatype t;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);

    /* subarrays: the same on every rank, except for the start that follows the rank */
    MPI_Type_create_subarray(2, (int[]){5, 6}, (int[]){2, 3}, (int[]){1, rank % 3}, MPI_ORDER_C, MPI_INT, &t);
    show("subarray C 5x6 sub 2x3", t);
    MPI_Type_create_subarray(2, (int[]){5, 6}, (int[]){2, 3}, (int[]){1, rank % 3}, MPI_ORDER_FORTRAN, MPI_INT, &t);
    show("subarray F 5x6 sub 2x3", t);
    MPI_Type_create_subarray(3, (int[]){4, 3, 5}, (int[]){2, 2, 2}, (int[]){rank % 2, 1, 3}, MPI_ORDER_C, MPI_INT,
                             &t);
    show("subarray C 4x3x5 sub 2x2x2", t);
    MPI_Type_create_subarray(3, (int[]){4, 3, 5}, (int[]){2, 2, 2}, (int[]){rank % 2, 1, 3}, MPI_ORDER_FORTRAN,
                             MPI_INT, &t);
    show("subarray F 4x3x5 sub 2x2x2", t);
    MPI_Type_create_subarray(1, (int[]){10}, (int[]){rank + 1}, (int[]){9 - rank}, MPI_ORDER_C, MPI_INT, &t);
    show("subarray 1d", t);
    MPI_Type_create_subarray(2, (int[]){5, 6}, (int[]){5, 6}, (int[]){0, 0}, MPI_ORDER_C, MPI_INT, &t);
    show("subarray whole", t);

    /* darrays over 4 processes */
    darray("darray 1d block 10", 1, (int[]){10}, (int[]){B}, (int[]){D}, (int[]){4}, MPI_ORDER_C);
    darray("darray 1d block(4) 10", 1, (int[]){10}, (int[]){B}, (int[]){4}, (int[]){4}, MPI_ORDER_C);
    darray("darray 1d cyclic 10", 1, (int[]){10}, (int[]){C}, (int[]){D}, (int[]){4}, MPI_ORDER_C);
    darray("darray 1d cyclic(3) 23", 1, (int[]){23}, (int[]){C}, (int[]){3}, (int[]){4}, MPI_ORDER_C);
    darray("darray 2d C 6x7 block x cyclic", 2, (int[]){6, 7}, (int[]){B, C}, (int[]){D, D}, (int[]){2, 2}, MPI_ORDER_C);
    darray("darray 2d F 6x7 block x cyclic", 2, (int[]){6, 7}, (int[]){B, C}, (int[]){D, D}, (int[]){2, 2}, MPI_ORDER_FORTRAN);
    darray("darray 2d C 5x9 cyclic(2) x block(5)", 2, (int[]){5, 9}, (int[]){C, B}, (int[]){2, 5}, (int[]){2, 2}, MPI_ORDER_C);
    darray("darray 2d C 4x6 none x block", 2, (int[]){4, 6}, (int[]){N, B}, (int[]){D, D}, (int[]){1, 4}, MPI_ORDER_C);
    darray("darray 3d C 4x3x5 block x none x cyclic(2)", 3, (int[]){4, 3, 5}, (int[]){B, N, C}, (int[]){D, D, 2}, (int[]){2, 1, 2},
           MPI_ORDER_C);
    darray("darray 3d F 4x3x5 block x none x cyclic(2)", 3, (int[]){4, 3, 5}, (int[]){B, N, C}, (int[]){D, D, 2}, (int[]){2, 1, 2},
           MPI_ORDER_FORTRAN);
    darray("darray 2d C 3x3 cyclic x cyclic on 4x1", 2, (int[]){3, 3}, (int[]){C, C}, (int[]){D, D}, (int[]){4, 1}, MPI_ORDER_C);

    /* a darray of a derived type */
    {
        MPI_Datatype pair, t2;
        MPI_Type_contiguous(2, MPI_INT, &pair);
        MPI_Type_create_darray(size, rank, 1, (int[]){6}, (int[]){C}, (int[]){D}, (int[]){4}, MPI_ORDER_C, pair, &t2);
        MPI_Type_free(&pair);
        show("darray 1d cyclic 6 of int pairs", t2);
    }

    MPI_Finalize();
    return 0;
}
