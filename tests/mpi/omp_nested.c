/* what this tests: nested OpenMP parallel regions in an MPI program: with
 *   omp_set_max_active_levels(2), an outer team of OMP_NUM_THREADS threads whose threads each
 *   start an inner team of two (num_threads(2)); omp_get_level, omp_get_active_level,
 *   omp_get_ancestor_thread_num, omp_get_team_size, omp_get_num_threads and omp_in_parallel at
 *   both levels; a worksharing loop with a reduction inside the inner teams; 100 nested regions in
 *   a loop adding into a global under atomic; with max active levels 1 the inner teams have one
 *   thread; totals combined with MPI_Allreduce
 * np: 2 3 4
 * cflags: -fopenmp
 * env: OMP_NUM_THREADS=1
 * env: OMP_NUM_THREADS=2
 * env: OMP_NUM_THREADS=4
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include "omp_check.h"

#define REGIONS 100

long long g_acc;   /* added to by every inner thread */
static int g_errs; /* inconsistent answers of the level queries */

/* the queries inside an inner team of isize threads, under an outer team of nt threads */
static int levels_ok(int nt, int isize, int ot)
{
    int it = omp_get_thread_num();
    int active = (nt > 1) + (isize > 1);
    return omp_get_level() == 2 && omp_get_active_level() == active &&
           omp_get_num_threads() == isize && omp_get_ancestor_thread_num(0) == 0 &&
           omp_get_ancestor_thread_num(1) == ot && omp_get_ancestor_thread_num(2) == it &&
           omp_get_ancestor_thread_num(3) == -1 && omp_get_team_size(0) == 1 &&
           omp_get_team_size(1) == nt && omp_get_team_size(2) == isize &&
           omp_get_team_size(3) == -1 && omp_in_parallel() == (active > 0);
}

int main(int argc, char **argv)
{
    int provided, rank, size, nt;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    nt = omp_get_max_threads();

    /* 1. outside any region */
    check("level 0", omp_get_level() == 0 && omp_get_active_level() == 0 &&
                         omp_get_ancestor_thread_num(0) == 0 && omp_get_team_size(0) == 1 &&
                         omp_get_ancestor_thread_num(1) == -1 && !omp_in_parallel());

    /* 2. two active levels: REGIONS outer regions, each thread starting an inner team of 2 */
    omp_set_max_active_levels(2);
    {
        int outer_ok = 1, lvl = omp_get_max_active_levels() == 2;
        long long loopsum = 0;
        g_acc = 0;
        g_errs = 0;
        for (int r = 0; r < REGIONS; r++) {
#pragma omp parallel num_threads(nt) reduction(+ : loopsum)
            {
                int ot = omp_get_thread_num();
                if (omp_get_level() != 1 || omp_get_active_level() != (nt > 1) ||
                    omp_get_num_threads() != nt || omp_get_ancestor_thread_num(1) != ot ||
                    omp_get_team_size(1) != nt) {
#pragma omp atomic
                    outer_ok &= 0;
                }
#pragma omp parallel num_threads(2) reduction(+ : loopsum)
                {
                    int it = omp_get_thread_num();
                    if (!levels_ok(nt, 2, ot)) {
#pragma omp atomic
                        g_errs++;
                    }
#pragma omp atomic
                    g_acc += (long long)(r + 1) * (2 * ot + it + 1);
                    if (r % 20 == 0) {
#pragma omp for schedule(static, 3)
                        for (int i = 0; i < 30; i++)
                            loopsum += i;
                    }
                }
            }
        }
        long long t[2] = {g_acc, loopsum};
        MPI_Allreduce(MPI_IN_PLACE, t, 2, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
        long long k = 2LL * nt; /* inner threads per outer region, numbered 1..k */
        check("nested levels and ancestors", lvl && outer_ok && g_errs == 0);
        check("nested regions accumulate into a global",
              t[0] == (long long)size * REGIONS * (REGIONS + 1) / 2 * k * (k + 1) / 2);
        check("worksharing in inner teams", t[1] == (long long)size * (REGIONS / 20) * nt * 435);
    }

    /* 3. one active level: under an active outer team the inner teams have one thread; under an
     * outer team of one thread (inactive), the inner team is the one active level */
    omp_set_max_active_levels(1);
    {
        int errs = 0, inner = 0, isize = nt > 1 ? 1 : 2;
        for (int r = 0; r < 10; r++) {
#pragma omp parallel num_threads(nt) reduction(+ : errs, inner)
            {
                int ot = omp_get_thread_num();
#pragma omp parallel num_threads(2) reduction(+ : errs, inner)
                {
                    errs += !levels_ok(nt, isize, ot);
                    inner++;
                }
            }
        }
        MPI_Allreduce(MPI_IN_PLACE, &inner, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        check("max active levels 1", errs == 0 && inner == 10 * nt * isize * size);
    }

    report();
    MPI_Finalize();
    return 0;
}
