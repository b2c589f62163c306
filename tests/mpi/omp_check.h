/* Verdicts of the omp_* tests: check(what, ok) records this rank's verdict of a case (called by
 * the master thread, outside parallel regions), report() combines all of them in one MPI_Allreduce
 * and rank 0 prints "what: ok" or "what: FAIL" per case, in order. One collective for all cases,
 * not one per case as verdict.h does: under MPICH, with more ranks and OpenMP threads than cores,
 * every collective between parallel regions costs milliseconds of spinning. */
#include <mpi.h>
#include <stdio.h>

#define CHECK_MAX 64
static const char *check_what[CHECK_MAX];
static int check_ok[CHECK_MAX], check_n;

static void check(const char *what, int ok)
{
    if (check_n < CHECK_MAX) {
        check_what[check_n] = what;
        check_ok[check_n++] = ok != 0;
    }
}

static void report(void)
{
    int all[CHECK_MAX], rank;
    MPI_Allreduce(check_ok, all, check_n, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0)
        for (int i = 0; i < check_n; i++)
            printf("%s: %s\n", check_what[i], all[i] ? "ok" : "FAIL");
}
