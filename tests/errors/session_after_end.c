/* what: an MPI call after the last MPI_Session_finalize of a program that never called
 *   MPI_Init: MPI has ended on the rank
 * np: 2
 * exit: nonzero
 * stderr: rank [01]: MPI_Comm_rank called after the last MPI_Session_finalize at .*session_after_end.c:15
 */
#include <mpi.h>

int main(void)
{
    MPI_Session s;
    int rank;
    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &s);
    MPI_Session_finalize(&s);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return 0;
}
