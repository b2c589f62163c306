/* A rank's MPI calls are counted once each (tests/unit/call_bookkeeping.sh): the computation before
 * a call is simulated once even when the call runs a callback that makes MPI calls of its own (an
 * attribute's delete function), and a call that fails under MPI_ERRORS_RETURN is one call.
 * Prints the simulated time of the same loop followed by MPI_Comm_free with and without such a
 * callback, twice each, alternating. */
#include <mpi.h>
#include <stdio.h>

static volatile double sink;

static int del(MPI_Comm c, int key, void *v, void *extra)
{
    int r, s;
    (void)key, (void)v, (void)extra;
    MPI_Comm_rank(c, &r);
    MPI_Comm_size(c, &s);
    return MPI_SUCCESS;
}

static double loop_then_free(int key)
{
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    if (key != MPI_KEYVAL_INVALID)
        MPI_Comm_set_attr(dup, key, NULL);
    double t0 = MPI_Wtime(), x = sink;
    for (long i = 0; i < 50000000; i++)
        x = x * 0.999999 + 1e-9;
    sink = x;
    MPI_Comm_free(&dup);
    return MPI_Wtime() - t0;
}

int main(int argc, char **argv)
{
    int key, sizes[1] = {4}, subs[1] = {2}, starts[1] = {0};
    MPI_Datatype t;
    MPI_Init(&argc, &argv);
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, del, &key, NULL);
    for (int round = 0; round < 2; round++) {
        double with = loop_then_free(key), without = loop_then_free(MPI_KEYVAL_INVALID);
        printf("with callback %.6f s, without %.6f s\n", with, without);
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Type_create_subarray(0, sizes, subs, starts, MPI_ORDER_C, MPI_INT, &t); /* ndims 0: an error */
    MPI_Comm_free_keyval(&key);
    MPI_Finalize();
    return 0;
}
