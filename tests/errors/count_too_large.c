/* what: the one count above INT_MAX that simpi's engine still refuses, a partitioned request's
 *   total (partitions x count): refused with MPI_ERR_COUNT (returned under MPI_ERRORS_RETURN,
 *   never truncated, no request made), and, under MPI_ERRORS_ARE_FATAL, with a message naming
 *   the call and the line (every _c function takes such counts: mpi/large_count_big,
 *   mpi/large_count_coll, mpi/large_count_arrays, unit/rma_large_count.sh)
 * np: 2
 * exit: nonzero
 * stdout: ^rank 0: MPI_Psend_init: MPI_ERR_COUNT, no request$
 * stderr: rank 0: MPI_Precv_init: 3 partitions of 1073741824 elements are above 2147483647
 * stderr: \[MPI_ERR_COUNT\]
 * stderr: count_too_large\.c:[0-9]+
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, cls;
    char v[4];
    MPI_Request req = MPI_REQUEST_NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        int err = MPI_Psend_init(v, 4, (MPI_Count)1 << 30, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
        MPI_Error_class(err, &cls);
        printf("rank 0: MPI_Psend_init: %s%s\n", cls == MPI_ERR_COUNT ? "MPI_ERR_COUNT" : "something else",
               req == MPI_REQUEST_NULL ? ", no request" : ", a request");
        fflush(stdout);
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
        MPI_Precv_init(v, 3, (MPI_Count)1 << 30, MPI_CHAR, 1, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &req);
    } else {
        MPI_Recv(v, 4, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
    printf("rank %d: not reached\n", rank);
    MPI_Finalize();
    return 0;
}
