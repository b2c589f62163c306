/* what: large-count (_c) calls given a count above INT_MAX: simpi counts elements in int, so
 *   each refuses it with MPI_ERR_COUNT (returned under MPI_ERRORS_RETURN, never truncated),
 *   and the last one, under MPI_ERRORS_ARE_FATAL, names the call and the line
 * np: 2
 * exit: nonzero
 * stdout: ^rank 0: MPI_Bcast_c: MPI_ERR_COUNT$
 * stdout: ^rank 0: MPI_Type_contiguous_c: MPI_ERR_COUNT$
 * stdout: ^rank 0: MPI_Irecv_c: MPI_ERR_COUNT, no request$
 * stdout: ^rank 0: MPI_Pack_size_c: MPI_ERR_COUNT$
 * stderr: rank 0: MPI_Send_c: count 3221225472 is above 2147483647
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
    MPI_Count big = (MPI_Count)3 << 30, size;
    MPI_Datatype t = MPI_DATATYPE_NULL;
    MPI_Request r = MPI_REQUEST_NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        say("MPI_Bcast_c", MPI_Bcast_c(v, big, MPI_BYTE, 0, MPI_COMM_WORLD), "");
        say("MPI_Type_contiguous_c", MPI_Type_contiguous_c(big, MPI_INT, &t), "");
        say("MPI_Irecv_c", MPI_Irecv_c(v, big, MPI_BYTE, 1, 0, MPI_COMM_WORLD, &r),
            r == MPI_REQUEST_NULL ? ", no request" : ", a request");
        say("MPI_Pack_size_c", MPI_Pack_size_c(big, MPI_INT, MPI_COMM_WORLD, &size), "");
        fflush(stdout);
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
        MPI_Send_c(v, big, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
    } else
        MPI_Recv(v, 4, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    printf("rank %d: not reached\n", rank);
    MPI_Finalize();
    return 0;
}
