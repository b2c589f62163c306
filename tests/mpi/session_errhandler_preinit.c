/* what this tests: MPI_Session_create_errhandler before any initialization, which MPI 4.0
 * (11.2.1) allows, the handler then given to MPI_Session_init, and MPI_Errhandler_free
 * after the session's end. MPICH 4.0.2 refuses both calls outside MPI ("before initializing
 * or after finalizing"): under MPICH the program keeps a session of its own open around them,
 * so that both print the same. (MPICH 4.0.2 aborts instead of calling a session's handler:
 * mpi/session tests that handler)
 * np: 1
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

static void handler(MPI_Session *s, int *code, ...)
{
  (void)s;
  (void)code;
}

int main(void)
{
  MPI_Errhandler eh;
  MPI_Session s;
  int rc;
#ifndef SIMPI
  MPI_Session around;
  MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &around);
#endif
  rc = MPI_Session_create_errhandler(handler, &eh);
  printf("create_errhandler before init: %s\n", rc == MPI_SUCCESS ? "success" : "error");
  MPI_Session_init(MPI_INFO_NULL, eh, &s);
  printf("session made with it: %d\n", s != MPI_SESSION_NULL);
  MPI_Session_finalize(&s);
  rc = MPI_Errhandler_free(&eh);
  printf("Errhandler_free after the end: %s, handle null %d\n", rc == MPI_SUCCESS ? "success" : "error",
         eh == MPI_ERRHANDLER_NULL);
#ifndef SIMPI
  MPI_Session_finalize(&around);
#endif
  return 0;
}
