/* what: large-count (_c) calls given a count above INT_MAX where simpi's engine still counts in
 *   int (the array types' sizes): each refuses it with MPI_ERR_COUNT (returned under
 *   MPI_ERRORS_RETURN, never truncated), and the last one, under MPI_ERRORS_ARE_FATAL, names the
 *   call and the line (collectives and one-sided calls take such counts: mpi/large_count_coll,
 *   unit/rma_large_count.sh)
 * np: 2
 * exit: nonzero
 * stdout: ^rank 0: MPI_Type_create_subarray_c: MPI_ERR_COUNT$
 * stderr: rank 0: MPI_Type_create_darray_c: .*3221225472 does not fit in an int
 * stderr: \[MPI_ERR_COUNT\]
 * stderr: count_too_large\.c:[0-9]+
 */
#include <mpi.h>
#include <stdio.h>

static void say(const char *call, int err, const char *more)
{
    int cls;
    MPI_Error_class(err, &cls);
    printf("rank 0: %s: %s%s\n", call, cls == MPI_ERR_COUNT ? "MPI_ERR_COUNT" : "something else", more);
}

int main(int argc, char **argv)
{
    int rank, v[4] = {0, 0, 0, 0};
    MPI_Count big = (MPI_Count)3 << 30, sizes[2] = {big, 4}, subs[2] = {1, 1},
              starts[2] = {0, 0};
    int distribs[2] = {MPI_DISTRIBUTE_NONE, MPI_DISTRIBUTE_NONE},
        dargs[2] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG}, psizes[2] = {1, 1};
    MPI_Datatype t = MPI_DATATYPE_NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        say("MPI_Type_create_subarray_c",
            MPI_Type_create_subarray_c(2, sizes, subs, starts, MPI_ORDER_C, MPI_INT, &t), "");
        fflush(stdout);
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
        MPI_Type_create_darray_c(1, 0, 2, sizes, distribs, dargs, psizes, MPI_ORDER_C, MPI_INT, &t);
    } else {
        MPI_Recv(v, 4, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    printf("rank %d: not reached\n", rank);
    MPI_Finalize();
    return 0;
}
