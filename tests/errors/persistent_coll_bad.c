/* what: bad arguments to persistent collectives: a root out of range, an invalid info object,
 *   MPI_Start of a request already active, MPI_Request_free of an active one (returned under
 *   MPI_ERRORS_RETURN), then a negative count under MPI_ERRORS_ARE_FATAL, which names the call
 *   and the line
 * np: 2
 * exit: nonzero
 * stdout: ^rank 0: MPI_Bcast_init with root 2: MPI_ERR_ROOT$
 * stdout: ^rank 0: MPI_Allreduce_init with a bad info: MPI_ERR_INFO$
 * stdout: ^rank 0: MPI_Start of an active request: MPI_ERR_REQUEST$
 * stdout: ^rank 0: MPI_Request_free of an active request: MPI_ERR_REQUEST$
 * stdout: ^rank 0: the request completes: ok$
 * stderr: rank 0: MPI_Gather_init: negative count -3 \[MPI_ERR_COUNT\]
 * stderr: persistent_coll_bad\.c:[0-9]+
 */
#include <mpi.h>
#include <stdio.h>

static void say(const char *what, int err, int want, const char *name)
{
    int cls;
    MPI_Error_class(err, &cls);
    printf("rank 0: %s: %s\n", what, cls == want ? name : "something else");
}

int main(int argc, char **argv)
{
    int rank, v[4] = {1, 2, 3, 4}, w[8];
    MPI_Request r = MPI_REQUEST_NULL, b;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, &b);
    if (rank == 0) {
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        say("MPI_Bcast_init with root 2", MPI_Bcast_init(v, 4, MPI_INT, 2, MPI_COMM_WORLD, MPI_INFO_NULL, &r),
            MPI_ERR_ROOT, "MPI_ERR_ROOT");
        say("MPI_Allreduce_init with a bad info",
            MPI_Allreduce_init(v, w, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD, (MPI_Info)12345, &r), MPI_ERR_INFO,
            "MPI_ERR_INFO");
        MPI_Start(&b); /* rank 1 starts it later: it stays active meanwhile */
        say("MPI_Start of an active request", MPI_Start(&b), MPI_ERR_REQUEST, "MPI_ERR_REQUEST");
        say("MPI_Request_free of an active request", MPI_Request_free(&b), MPI_ERR_REQUEST, "MPI_ERR_REQUEST");
        MPI_Send(v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
        MPI_Wait(&b, MPI_STATUS_IGNORE);
        printf("rank 0: the request completes: %s\n", b != MPI_REQUEST_NULL ? "ok" : "FAIL");
        fflush(stdout);
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
        MPI_Gather_init(v, -3, MPI_INT, w, 4, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
    } else {
        MPI_Recv(w, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Start(&b);
        MPI_Wait(&b, MPI_STATUS_IGNORE);
        MPI_Barrier(MPI_COMM_WORLD);
    }
    printf("rank %d: not reached\n", rank);
    MPI_Finalize();
    return 0;
}
