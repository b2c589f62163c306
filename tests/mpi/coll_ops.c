/* what this tests: user operations: MPI_Op_create (commutative or not), MPI_Op_commutative
 *   on predefined and user operations, MPI_Op_free (handle set to MPI_OP_NULL), the datatype
 *   handle a user function receives, MPI_Reduce_local with predefined and user operations
 *   (the operand order: inoutbuf = inbuf op inoutbuf)
 * np: 1 2 4
 */
#include "coll_check.h"

static MPI_Datatype seen = MPI_DATATYPE_NULL;
static int calls;

/* digit strings as MPI_2INT pairs (value, 10^digits): concatenation is associative and
   not commutative; inout = in . inout */
static void record_op(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    int *a = in, *b = inout, i;
    seen = *dt;
    calls++;
    for (i = 0; i < *len; i++) {
        b[2 * i] = a[2 * i] * b[2 * i + 1] + b[2 * i];
        b[2 * i + 1] = a[2 * i + 1] * b[2 * i + 1];
    }
}

int main(int argc, char **argv)
{
    MPI_Op ops[3], mine;
    int i, flag, in[4] = {1, 2, 3, 4}, io[4] = {5, 6, 7, 8}, sin[4] = {1, 10, 2, 10}, sio[4] = {5, 10, 6, 10};
    double din[3] = {1.5, -2, 4}, dio[3] = {0.5, 3, -1};
    uint64_t a = mat(1, 2, 3, 4), b = mat(0, 1, 1, 0);

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    ops[0] = MPI_SUM;
    ops[1] = MPI_MAXLOC;
    ops[2] = MPI_BXOR;
    for (i = 0; i < 3; i++) {
        MPI_Op_commutative(ops[i], &flag);
        if (rank == 0)
            printf("predefined op %d commutative: %d\n", i, flag);
    }
    MPI_Op_create(record_op, 0, &mine);
    MPI_Op_commutative(mine, &flag);
    if (rank == 0)
        printf("user op created non-commutative, MPI_Op_commutative says %d\n", flag);

    MPI_Reduce_local(sin, sio, 2, MPI_2INT, mine);
    if (rank == 0)
        printf("reduce_local user op: (%d %d) (%d %d), called %d time(s), datatype is MPI_2INT: %d\n", sio[0],
               sio[1], sio[2], sio[3], calls, seen == MPI_2INT);
    MPI_Reduce_local(in, io, 4, MPI_INT, MPI_PROD);
    MPI_Reduce_local(din, dio, 3, MPI_DOUBLE, MPI_MAX);
    if (rank == 0)
        printf("reduce_local MPI_PROD: %d %d %d %d; MPI_MAX on doubles: %g %g %g\n", io[0], io[1], io[2], io[3],
               dio[0], dio[1], dio[2]);
    MPI_Reduce_local(sin, sio, 0, MPI_2INT, mine); /* an empty vector */

    /* the user function sees the type of the call */
    {
        int v[2] = {rank + 1, 10}, out[2] = {-1, -1};
        seen = MPI_DATATYPE_NULL;
        MPI_Allreduce(v, out, 1, MPI_2INT, mine, MPI_COMM_WORLD);
        /* the digits 1 2 3 ... in rank order */
        int e = 1;
        for (i = 2; i <= size; i++)
            e = e * 10 + i;
        report("allreduce with the user op in rank order", out[0] == e && (size == 1 || seen == MPI_2INT));
    }

    MPI_Op_free(&mine);
    if (rank == 0)
        printf("after MPI_Op_free the handle is MPI_OP_NULL: %d\n", mine == MPI_OP_NULL);

    /* a matrix product through Reduce_local: inout = in x inout */
    MPI_Op_create(matmul_op, 0, &mine);
    MPI_Reduce_local(&a, &b, 1, MPI_UINT64_T, mine);
    if (rank == 0)
        printf("reduce_local matrix product: %u %u / %u %u\n", M_(b, 0), M_(b, 1), M_(b, 2), M_(b, 3));
    MPI_Op_free(&mine);

    /* many operations created and freed */
    for (i = 0; i < 100; i++) {
        MPI_Op_create(isum_op, 1, &mine);
        MPI_Op_commutative(mine, &flag);
        MPI_Op_free(&mine);
    }
    if (rank == 0)
        printf("100 more created and freed, the last one commutative: %d\n", flag);
    MPI_Finalize();
    return 0;
}
