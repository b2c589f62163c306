/* what this tests: subarray and darray types with sizes above INT_MAX (MPI_Type_create_subarray_c,
 *   MPI_Type_create_darray_c): their size, extent and true extent; a subarray of 3 x 2 chars that
 *   starts 2^31 + 8 rows into a 2^31 + 16 row array, sent from and received into such an array
 *   (8.6 GB buffers, allocated but, but for those bytes, never touched); block and cyclic (blocks of 2^29)
 *   darrays of 2^31 + 16 elements on 2 processes; and what Type_get_contents_c gives back
 * np: 2
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define ROWS (((MPI_Count)1 << 31) + 16)
#define FROM (((MPI_Count)1 << 31) + 8)

static void show(int rank, const char *what, MPI_Datatype t)
{
    MPI_Count size, lb, extent, tlb, textent;
    MPI_Type_size_c(t, &size);
    MPI_Type_get_extent_c(t, &lb, &extent);
    MPI_Type_get_true_extent_c(t, &tlb, &textent);
    printf("rank %d: %s: size %lld, lb %lld, extent %lld, true lb %lld, true extent %lld\n", rank, what,
           (long long)size, (long long)lb, (long long)extent, (long long)tlb, (long long)textent);
}

int main(int argc, char **argv)
{
    int rank, comb;
    MPI_Count nint, nadd, nlarge, ntypes;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Count sizes[2] = {ROWS, 2}, subs[2] = {3, 2}, starts[2] = {FROM, 0};
    MPI_Datatype sub;
    MPI_Type_create_subarray_c(2, sizes, subs, starts, MPI_ORDER_C, MPI_CHAR, &sub);
    MPI_Type_commit(&sub);
    if (rank == 0)
        show(rank, "subarray", sub);
    MPI_Type_get_envelope_c(sub, &nint, &nadd, &nlarge, &ntypes, &comb);
    if (rank == 0) {
        printf("rank 0: subarray envelope: %lld ints, %lld addresses, %lld large counts, %lld types, subarray %d\n",
               (long long)nint, (long long)nadd, (long long)nlarge, (long long)ntypes, comb == MPI_COMBINER_SUBARRAY);
        int ints[2];
        MPI_Count large[6];
        MPI_Datatype old;
        MPI_Type_get_contents_c(sub, 2, 0, 6, 1, ints, NULL, large, &old);
        printf("rank 0: subarray contents: ndims %d, order C %d, sizes %lld %lld, subsizes %lld %lld, starts %lld %lld\n",
               ints[0], ints[1] == MPI_ORDER_C, (long long)large[0], (long long)large[1], (long long)large[2],
               (long long)large[3], (long long)large[4], (long long)large[5]);
    }

    char *a = malloc((size_t)ROWS * 2);
    if (!a) {
        printf("rank %d: cannot allocate\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (rank == 0) {
        for (int i = 0; i < 6; i++)
            a[(size_t)FROM * 2 + i] = (char)('a' + i);
        MPI_Send_c(a, 1, sub, 1, 0, MPI_COMM_WORLD);
        char back[6];
        MPI_Recv(back, 6, MPI_CHAR, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 0: the subarray's bytes, received into a subarray and sent back: %.6s\n", back);
    } else {
        MPI_Status st;
        MPI_Count got;
        MPI_Recv_c(a, 1, sub, 0, 0, MPI_COMM_WORLD, &st);
        MPI_Get_count_c(&st, sub, &got);
        char back[6];
        for (int i = 0; i < 6; i++)
            back[i] = (char)(a[(size_t)FROM * 2 + i] + ('A' - 'a'));
        if (got != 1)
            printf("rank 1: count %lld\n", (long long)got);
        MPI_Send(back, 6, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
    }
    free(a);

    MPI_Count g[1] = {ROWS};
    int block[1] = {MPI_DISTRIBUTE_BLOCK}, cyclic[1] = {MPI_DISTRIBUTE_CYCLIC}, dflt[1] = {MPI_DISTRIBUTE_DFLT_DARG},
        big_block[1] = {1 << 29}, procs[1] = {2};
    MPI_Datatype d1, d2;
    MPI_Type_create_darray_c(2, rank, 1, g, block, dflt, procs, MPI_ORDER_C, MPI_CHAR, &d1);
    MPI_Type_create_darray_c(2, rank, 1, g, cyclic, big_block, procs, MPI_ORDER_FORTRAN, MPI_INT, &d2);
    for (int r = 0; r < 2; r++) {
        if (r == rank) {
            show(rank, "darray block", d1);
            show(rank, "darray cyclic(2^29) of int", d2);
            fflush(stdout);
        }
        MPI_Barrier(MPI_COMM_WORLD);
    }
    MPI_Type_free(&sub);
    MPI_Type_free(&d1);
    MPI_Type_free(&d2);
    MPI_Finalize();
    return 0;
}
