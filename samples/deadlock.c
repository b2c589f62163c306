/* deadlock: a ring shift that deadlocks on purpose. Every rank sends its
 * number to its right neighbour with MPI_Ssend and only then receives from
 * its left neighbour.
 *
 * Why it deadlocks: MPI_Ssend (synchronous send) returns only once the
 * matching receive has started. Every rank is inside MPI_Ssend, so no rank
 * ever reaches its MPI_Recv: each waits for its right neighbour, all the way
 * round the ring. With MPI_Send the same code may or may not deadlock: small
 * messages are usually buffered (the send returns at once), large ones are
 * not. A correct MPI program must not count on that buffering, and Ssend
 * shows the bug at every size.
 *
 * Fixes (the second one is used with the argument "fixed"):
 *   - break the symmetry: even ranks send then receive, odd ranks receive
 *     then send (with an odd number of ranks the even ranks size-1 and 0
 *     are neighbours, but the chain still unwinds from rank 0's send);
 *   - MPI_Sendrecv, which lets the library pair the two operations;
 *   - MPI_Irecv first, then the send, then MPI_Wait.
 *
 * Under simrun the run ends with simpi's deadlock report on stderr: every
 * blocked rank, the call it is in (MPI_Ssend), its peer, tag, communicator
 * and source line, and a non-zero exit status. (A real MPI would just hang.)
 * Usage: deadlock [fixed]   (any number of ranks, even 1: Ssend to oneself
 *        before the receive is posted blocks too) */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
  int rank, size;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int fixed = argc > 1 && strcmp(argv[1], "fixed") == 0;
  int right = (rank + 1) % size, left = (rank + size - 1) % size;
  int mine = rank, got = -1;

  if (!fixed) {
    /* The bug: every rank blocks here, none reaches the receive. */
    MPI_Ssend(&mine, 1, MPI_INT, right, 0, MPI_COMM_WORLD);
    MPI_Recv(&got, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  } else {
    /* The fix: send and receive as one operation. */
    MPI_Sendrecv(&mine, 1, MPI_INT, right, 0, &got, 1, MPI_INT, left, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }

  /* Check on rank 0 that everyone got its left neighbour's number. */
  int ok = got == left, all_ok;
  MPI_Reduce(&ok, &all_ok, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("ring shift done: %s\n", all_ok ? "every rank got its left neighbour's number" : "WRONG");
  MPI_Finalize();
  return 0;
}
