/* what: MPI_Wait on a generalized request that nothing completed: only the rank itself could, so it is an error, not a hang
 * np: 1
 * exit: nonzero
 * stderr: rank 0: MPI_Wait: waiting for a generalized request
 * stderr: greq_wait.c:18
 */
#include <mpi.h>

static int query(void *extra, MPI_Status *st) { (void)extra; (void)st; return MPI_SUCCESS; }
static int free_fn(void *extra) { (void)extra; return MPI_SUCCESS; }
static int cancel_fn(void *extra, int complete) { (void)extra; (void)complete; return MPI_SUCCESS; }

int main(int argc, char **argv)
{
    MPI_Request r;
    MPI_Init(&argc, &argv);
    MPI_Grequest_start(query, free_fn, cancel_fn, NULL, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MPI_Finalize();
    return 0;
}
