/* what: an uncaught C++ exception thrown in a rank: the backtrace names the throw's line
 * np: 2
 * exit: nonzero
 * stderr: SIGABRT
 * stderr: throw_line\.cpp:15 \(
 */
#include <mpi.h>
#include <stdexcept>

static void check(int rank)
{
    if (rank == 1) {
        int code = rank * 7;
        (void)code;
        throw std::runtime_error("bad rank");
    }
}

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    check(rank);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    return 0;
}
