/* what: Win_allocate_shared over ranks on different simulated hosts
 * np: 2
 * exit: nonzero
 * stderr: rank [01]: MPI_Win_allocate_shared: ranks 0 and 1 of the communicator are on different simulated hosts \(.*\): they share no memory \[MPI_ERR_RMA_SHARED\] at .*rma_shared_hosts\.c:[0-9]+
 */
#include <mpi.h>

int main(int argc, char **argv)
{
    int *p;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Win_allocate_shared(4, 4, MPI_INFO_NULL, MPI_COMM_WORLD, &p, &win);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
