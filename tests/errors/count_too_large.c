/* what: large-count (_c) calls given a count above INT_MAX where simpi's engine still counts in
 *   int (one-sided calls, array types): each refuses it with MPI_ERR_COUNT (returned under
 *   MPI_ERRORS_RETURN, never truncated), and the last one, under MPI_ERRORS_ARE_FATAL, names the
 *   call and the line (the collectives take such counts: mpi/large_count_coll)
 * np: 2
 * exit: nonzero
 * stdout: ^rank 0: MPI_Type_create_subarray_c: MPI_ERR_COUNT$
 * stdout: ^rank 0: MPI_Put_c: MPI_ERR_COUNT$
 * stderr: rank 0: MPI_Get_c: .*3221225472 is above 2147483647
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
    int rank, v[4] = {0, 0, 0, 0}, w[4];
    MPI_Count big = (MPI_Count)3 << 30, sizes[2] = {big, 4}, subs[2] = {1, 1},
              starts[2] = {0, 0};
    MPI_Datatype t = MPI_DATATYPE_NULL;
    MPI_Win win;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Win_create(v, sizeof v, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    if (rank == 0) {
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
        say("MPI_Type_create_subarray_c",
            MPI_Type_create_subarray_c(2, sizes, subs, starts, MPI_ORDER_C, MPI_INT, &t), "");
        MPI_Win_fence(0, win);
        say("MPI_Put_c", MPI_Put_c(v, big, MPI_BYTE, 1, 0, big, MPI_BYTE, win), "");
        fflush(stdout);
        MPI_Win_set_errhandler(win, MPI_ERRORS_ARE_FATAL);
        MPI_Get_c(w, big, MPI_BYTE, 1, 0, big, MPI_BYTE, win);
    } else {
        MPI_Win_fence(0, win);
        MPI_Recv(v, 4, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    printf("rank %d: not reached\n", rank);
    MPI_Finalize();
    return 0;
}
