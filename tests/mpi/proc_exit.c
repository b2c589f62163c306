/* what this tests: exit() after MPI_Finalize ends only the rank that calls it, as in a
 *   process: each rank's atexit and on_exit handlers run, last registered first,
 *   including one registered by a constructor before main (once per rank, each with
 *   the rank's own globals built by its own constructor run), and the job's status is
 *   the ranks' statuses or'ed (rank 1 exits with 1, rank 2 with 2: 3), as mpiexec's
 * np: 3
 * sort: yes
 * status: 3
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

static int rank = -1, built, constructed;

static void from_constructor(void) { printf("rank %d: handler from the constructor, built=%d\n", rank, built); }

__attribute__((constructor)) static void construct(void)
{
    built += 41;
    constructed++;
    atexit(from_constructor);
}

static void first(void) { printf("rank %d: atexit registered first runs last\n", rank); }
static void second(void) { printf("rank %d: atexit registered second\n", rank); }
static void with_status(int status, void *arg)
{
    printf("rank %d: on_exit status %d arg %s\n", rank, status, (const char *)arg);
}

int main(int argc, char **argv)
{
    atexit(first); /* before MPI_Init, as programs do */
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    built++;
    printf("rank %d: constructed %d time(s), built=%d\n", rank, constructed, built);
    atexit(second);
    on_exit(with_status, "hello");
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    exit(rank);
}
