/* what this tests: MPI_COMPLEX32, Fortran's complex(16) (two IEEE quads): size, extent, name and
 *   envelope, a send (count of the status), a broadcast, a contiguous type of two of them, its
 *   external32 size. With -DWITH_MPICH_BROKEN (unit/mpich_broken.sh): the reductions SUM and PROD
 *   in Allreduce and Reduce_local, in quad precision, which MPICH 4.0.2 refuses (MPI_ERR_OP)
 * np: 2 3
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

typedef _Complex float __attribute__((mode(TC))) cquad; /* gfortran's complex(16) */

int main(int argc, char **argv)
{
    int rank, size, tsize, len, ni, na, nd, comb, count;
    MPI_Aint lb, ext, xsize;
    char name[MPI_MAX_OBJECT_NAME];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_size(MPI_COMPLEX32, &tsize);
    MPI_Type_get_extent(MPI_COMPLEX32, &lb, &ext);
    MPI_Type_get_name(MPI_COMPLEX32, name, &len);
    MPI_Type_get_envelope(MPI_COMPLEX32, &ni, &na, &nd, &comb);
    MPI_Pack_external_size("external32", 3, MPI_COMPLEX32, &xsize);
    if (rank == 0) {
        printf("size 32, extent 32, lb 0, name MPI_COMPLEX32: %s\n",
               tsize == 32 && ext == 32 && lb == 0 && !strcmp(name, "MPI_COMPLEX32") ? "ok" : "FAIL");
        printf("named, external32 size of 3 is 96: %s\n", comb == MPI_COMBINER_NAMED && xsize == 96 ? "ok" : "FAIL");
    }
    /* a value that a double cannot hold: 1 + 2^-100 */
    cquad tiny = 1.0Q + 0x1p-100Q, v[2];
    if (rank == 0) {
        v[0] = tiny + 2.0Q * 1.0Qi;
        v[1] = 3.0Q - tiny * 1.0Qi;
        MPI_Send(v, 2, MPI_COMPLEX32, 1, 7, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Status st;
        MPI_Recv(v, 2, MPI_COMPLEX32, 0, 7, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_COMPLEX32, &count);
        int got[2] = {count, __real__ v[0] == tiny && __imag__ v[0] == 2.0Q && __real__ v[1] == 3.0Q &&
                                 __imag__ v[1] == -tiny};
        MPI_Send(got, 2, MPI_INT, 0, 8, MPI_COMM_WORLD);
    }
    if (rank == 0) { /* rank 0 prints everything: MPICH interleaves the ranks' output */
        int got[2];
        MPI_Recv(got, 2, MPI_INT, 1, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("received: count 2, exact: %s\n", got[0] == 2 && got[1] ? "ok" : "FAIL");
    }
    MPI_Datatype pair;
    MPI_Type_contiguous(2, MPI_COMPLEX32, &pair);
    MPI_Type_commit(&pair);
    cquad b[2] = {0, 0};
    if (rank == 0)
        b[0] = tiny * 1.0Qi, b[1] = -tiny;
    MPI_Bcast(b, 1, pair, 0, MPI_COMM_WORLD);
    int ok = __imag__ b[0] == tiny && __real__ b[0] == 0 && __real__ b[1] == -tiny, all;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("broadcast of a pair: %s\n", all ? "ok" : "FAIL");
    MPI_Type_free(&pair);
#ifdef WITH_MPICH_BROKEN
    cquad mine = (rank + tiny) + (1.0Q * rank) * 1.0Qi, sum, prod, expect_sum = 0, expect_prod = 1;
    for (int r = 0; r < size; r++) {
        cquad x = (r + tiny) + (1.0Q * r) * 1.0Qi;
        expect_sum += x;
        expect_prod *= x;
    }
    MPI_Allreduce(&mine, &sum, 1, MPI_COMPLEX32, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(&mine, &prod, 1, MPI_COMPLEX32, MPI_PROD, MPI_COMM_WORLD);
    cquad inout = 2.0Q + tiny * 1.0Qi;
    MPI_Reduce_local(&mine, &inout, 1, MPI_COMPLEX32, MPI_PROD);
    ok = sum == expect_sum && prod == expect_prod && inout == mine * (2.0Q + tiny * 1.0Qi);
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("SUM and PROD in quad precision: %s\n", all ? "ok" : "FAIL");
#endif
    MPI_Finalize();
    return 0;
}
