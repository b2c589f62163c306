/* what this tests: a thread's floating-point environment is its own, as under Linux: a new
 *   thread starts with its creator's rounding mode, and the exception flags a thread raises
 *   are not its creator's (nor another rank's); the same for the workers of an OpenMP parallel
 *   region (started after the rank set its rounding mode)
 * np: 2
 * cflags: -fopenmp
 * env: OMP_NUM_THREADS=3
 */
#include <fenv.h>
#include <mpi.h>
#include <omp.h>
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
    int same = 0, quiet = 0, threads = 0;
#pragma omp parallel reduction(+ : same, quiet, threads)
    {
        same = fegetround() == (rank == 1 ? FE_DOWNWARD : FE_TONEAREST);
        if (omp_get_thread_num() == 1) {
            volatile double x = one / zero; /* divide by zero, in worker 1 only */
            (void)x;
        }
        /* worker 1 has its divide-by-zero up, the others none */
        quiet = fetestexcept(FE_DIVBYZERO | FE_INVALID) == (omp_get_thread_num() == 1 ? FE_DIVBYZERO : 0);
        threads = 1;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    int region[2] = {same == threads, quiet == threads && !fetestexcept(FE_DIVBYZERO | FE_INVALID)}, regions[4];
    MPI_Gather(region, 2, MPI_INT, regions, 2, MPI_INT, 0, MPI_COMM_WORLD);
    int mine[4] = {fegetround() == FE_DOWNWARD, child_round == FE_DOWNWARD, child_flags == FE_DIVBYZERO,
                   fetestexcept(FE_DIVBYZERO | FE_INVALID) == 0};
    int all[8];
    MPI_Gather(mine, 4, MPI_INT, all, 4, MPI_INT, 0, MPI_COMM_WORLD);
    for (int i = 0; rank == 0 && i < 2; i++)
        printf("rank %d: main rounds downward %d, its thread rounds downward %d, the thread's flag %s, "
               "the main thread's flags clear %s\n",
               i, all[4 * i], all[4 * i + 1], all[4 * i + 2] ? "up" : "down", all[4 * i + 3] ? "yes" : "no");
    for (int i = 0; rank == 0 && i < 2; i++)
        printf("rank %d: every OpenMP thread rounds as the rank %s, only worker 1 has its flag %s\n", i,
               regions[2 * i] ? "yes" : "no", regions[2 * i + 1] ? "yes" : "no");
    MPI_Finalize();
    return 0;
}
