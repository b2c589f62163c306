/* what: a process set that does not exist, under the session's default error handler
 *   (MPI_ERRORS_ARE_FATAL): the error names the call, the set and the line
 * np: 2
 * exit: nonzero
 * stderr: rank [01]: MPI_Group_from_session_pset: no process set is named 'mpi://nowhere'.*\[MPI_ERR_ARG\].*session_bad_pset.c:16
 */
#include <mpi.h>

int main(void)
{
    MPI_Session s;
    MPI_Group g;
    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, &s);
    MPI_Group_from_session_pset(s, "mpi://WORLD", &g);
    MPI_Group_free(&g);
    MPI_Group_from_session_pset(s, "mpi://nowhere", &g);
    MPI_Session_finalize(&s);
    return 0;
}
