/* what this tests: a thread's floating-point environment is its own, as under Linux: a new
 *   thread starts with its creator's rounding mode, and the exception flags a thread raises
 *   are not its creator's (nor another rank's)
 * np: 2
 */
#include <fenv.h>
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>

static int rank;
static volatile double zero = 0.0, one = 1.0;
static int child_round, child_flags;

static void *child(void *arg)
{
    (void)arg;
    child_round = fegetround();
    volatile double x = one / zero; /* divide by zero, in this thread only */
    (void)x;
    child_flags = fetestexcept(FE_DIVBYZERO | FE_INVALID);
    return NULL;
}

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    feclearexcept(FE_ALL_EXCEPT);
    if (rank == 1)
        fesetround(FE_DOWNWARD);
    pthread_t t;
    pthread_create(&t, NULL, child, NULL);
    pthread_join(t, NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    int mine[4] = {fegetround() == FE_DOWNWARD, child_round == FE_DOWNWARD, child_flags == FE_DIVBYZERO,
                   fetestexcept(FE_DIVBYZERO | FE_INVALID) == 0};
    int all[8];
    MPI_Gather(mine, 4, MPI_INT, all, 4, MPI_INT, 0, MPI_COMM_WORLD);
    for (int i = 0; rank == 0 && i < 2; i++)
        printf("rank %d: main rounds downward %d, its thread rounds downward %d, the thread's flag %s, "
               "the main thread's flags clear %s\n",
               i, all[4 * i], all[4 * i + 1], all[4 * i + 2] ? "up" : "down", all[4 * i + 3] ? "yes" : "no");
    MPI_Finalize();
    return 0;
}
