/* Verdicts of the tests that check a case on every rank: rank 0 of comm prints "what: ok" when
 * every rank's check held, else "what: FAIL" (through MPI_Allreduce, so not for tests of it). */
#include <mpi.h>
#include <stdio.h>

static inline void verdict_on(MPI_Comm comm, const char *what, int ok)
{
    int all, rank;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, comm);
    MPI_Comm_rank(comm, &rank);
    if (rank == 0)
        printf("%s: %s\n", what, all ? "ok" : "FAIL");
}

static inline void verdict(const char *what, int ok) { verdict_on(MPI_COMM_WORLD, what, ok); }
