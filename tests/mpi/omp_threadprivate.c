/* what this tests: OpenMP threadprivate variables in an MPI program: file-scope and static
 *   globals (int, double with an initializer, arrays) and a function's static variable, each
 *   thread's copy set from its thread number, kept across many parallel regions of the same
 *   thread count, the master's copy being the variable seen outside the regions; copyin and
 *   single copyprivate of threadprivate variables; results checked per thread and combined with
 *   MPI_Allreduce
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

#define MAXT 64

int tp_count; /* file-scope, external */
#pragma omp threadprivate(tp_count)
static int tp_arr[8];
#pragma omp threadprivate(tp_arr)
static double tp_d = 1.5; /* every thread's copy starts with it */
#pragma omp threadprivate(tp_d)
long long tp_big[3] = {5, 6, 7};
#pragma omp threadprivate(tp_big)

static int rank, size;

/* how many times the calling thread called it */
static int bump(void)
{
    static int calls;
#pragma omp threadprivate(calls)
    return ++calls;
}

int main(int argc, char **argv)
{
    int provided, nt, bad[MAXT] = {0}, team = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    nt = omp_get_max_threads();
    if (nt > MAXT)
        MPI_Abort(MPI_COMM_WORLD, 1);

    /* 1. first region: every copy starts as initialized; each thread sets its own */
#pragma omp parallel
    {
        int t = omp_get_thread_num();
#pragma omp single
        team = omp_get_num_threads();
        bad[t] += tp_count != 0 || tp_d != 1.5 || tp_arr[7] != 0 || tp_big[2] != 7;
        tp_count = 100 * t + rank;
        tp_d = t + 0.5;
        for (int k = 0; k < 8; k++)
            tp_arr[k] = 10 * t + k;
        tp_big[1] = 1000000000000LL * (t + 1);
    }
    {
        int ok = team == nt;
        for (int t = 0; t < nt; t++)
            ok &= bad[t] == 0;
        check("threadprivate initial values", ok);
    }

    /* 2. the values persist into the next regions; outside, the master's copy is seen */
    {
        long long per[MAXT] = {0}, sum;
        int ok = tp_count == rank && tp_d == 0.5 && tp_arr[3] == 3;
        for (int r = 0; r < 3; r++) {
#pragma omp parallel
            {
                int t = omp_get_thread_num(), good = tp_count == 100 * t + rank && tp_d == t + 0.5 &&
                                                     tp_big[1] == 1000000000000LL * (t + 1);
                for (int k = 0; k < 8; k++)
                    good &= tp_arr[k] == 10 * t + k;
                bad[t] += !good;
                per[t] = tp_count;
            }
        }
        sum = 0;
        for (int t = 0; t < nt; t++) {
            ok &= bad[t] == 0 && per[t] == 100 * t + rank;
            sum += per[t];
        }
        MPI_Allreduce(MPI_IN_PLACE, &sum, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
        /* sum over ranks and threads of 100 t + rank */
        ok &= sum == 100LL * size * nt * (nt - 1) / 2 + (long long)nt * size * (size - 1) / 2;
        check("threadprivate persists across regions", ok);
    }

    /* 3. many regions, each adding to every thread's copy */
    {
        int ok = 1;
        for (int r = 0; r < 50; r++) {
#pragma omp parallel
            {
                tp_count += 1;
                tp_arr[0] += omp_get_thread_num();
            }
        }
        int res[MAXT];
#pragma omp parallel
        res[omp_get_thread_num()] = tp_count * 1000 + tp_arr[0];
        for (int t = 0; t < nt; t++)
            ok &= res[t] == (100 * t + rank + 50) * 1000 + 10 * t + 50 * t;
        check("threadprivate over 50 regions", ok);
    }

    /* 4. copyin: every thread starts from the master's values; then each goes its own way */
    {
        int ok = 1, res[MAXT];
        tp_count = 777 + rank;
        for (int k = 0; k < 8; k++)
            tp_arr[k] = -k - rank;
        tp_d = 2.25;
#pragma omp parallel copyin(tp_count, tp_arr, tp_d)
        {
            int t = omp_get_thread_num(), good = tp_count == 777 + rank && tp_d == 2.25;
            for (int k = 0; k < 8; k++)
                good &= tp_arr[k] == -k - rank;
            res[t] = good;
            tp_count += t;
        }
#pragma omp parallel
        res[omp_get_thread_num()] &= tp_count == 777 + rank + omp_get_thread_num();
        for (int t = 0; t < nt; t++)
            ok &= res[t];
        int v = tp_count;
        MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        ok &= v == 777 * size + size * (size - 1) / 2;
        check("threadprivate copyin", ok);
    }

    /* 5. single copyprivate of threadprivate variables */
    {
        int ok = 1, res[MAXT];
#pragma omp parallel
        {
#pragma omp single copyprivate(tp_count, tp_arr)
            {
                tp_count = 4242 + rank;
                for (int k = 0; k < 8; k++)
                    tp_arr[k] = k * k + rank;
            }
            int good = tp_count == 4242 + rank;
            for (int k = 0; k < 8; k++)
                good &= tp_arr[k] == k * k + rank;
            res[omp_get_thread_num()] = good;
        }
        for (int t = 0; t < nt; t++)
            ok &= res[t];
        check("threadprivate single copyprivate", ok);
    }

    /* 6. a function's static threadprivate: per-thread call counts */
    {
        int ok = 1, last[MAXT];
        for (int r = 0; r < 5; r++) {
#pragma omp parallel
            {
                int t = omp_get_thread_num();
                for (int k = 0; k <= t; k++) /* thread t calls t + 1 times per region */
                    last[t] = bump();
            }
        }
        long long sum = 0;
        for (int t = 0; t < nt; t++) {
            ok &= last[t] == 5 * (t + 1);
            sum += last[t];
        }
        ok &= bump() == 5 + 1; /* the master's own counter */
        MPI_Allreduce(MPI_IN_PLACE, &sum, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
        ok &= sum == 5LL * size * nt * (nt + 1) / 2;
        check("static threadprivate in a function", ok);
    }

    report();
    MPI_Finalize();
    return 0;
}
