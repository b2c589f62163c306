/* what this tests: OpenMP locks and critical sections in an MPI program: a counter and a
 *   two-field record kept consistent under an omp_lock_t; omp_test_lock
 *   failing while another thread holds the lock and looping until it succeeds; omp_nest_lock_t
 *   taken recursively (omp_test_nest_lock returns the nesting depth, other threads fail while
 *   it is held); named and unnamed critical sections (one thread at a time in each, counters
 *   exact); totals combined with MPI_Allreduce
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

#define REPS 300

static int rank, size, nt;
static omp_lock_t lock;
static omp_nest_lock_t nlock;
static long counter;
static struct {
    long a, b; /* b == 2 a whenever the lock is free */
} rec;

/* takes the nest lock depth more times, checking the depth at each level */
static int nest(int depth, int level)
{
    int ok = 1;
    omp_set_nest_lock(&nlock);
    int n = omp_test_nest_lock(&nlock); /* one more: returns the new nesting count */
    ok &= n == level + 1;
    omp_unset_nest_lock(&nlock);
    counter++;
    if (level < depth)
        ok &= nest(depth, level + 1);
    omp_unset_nest_lock(&nlock);
    return ok;
}

static long allsum(long v)
{
    MPI_Allreduce(MPI_IN_PLACE, &v, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    return v;
}

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    nt = omp_get_max_threads();

    /* 1. a counter and a record under a simple lock */
    {
        int bad = 0;
        omp_init_lock(&lock);
        counter = 0;
        rec.a = rec.b = 0;
#pragma omp parallel reduction(+ : bad)
        for (int k = 0; k < REPS; k++) {
            omp_set_lock(&lock);
            bad += rec.b != 2 * rec.a;
            counter++;
            rec.a += k;
            rec.b += 2 * k;
            omp_unset_lock(&lock);
        }
        omp_destroy_lock(&lock);
        long tc = allsum(counter), tb = allsum(rec.b);
        check("omp_set_lock around shared updates",
              bad == 0 && tc == (long)REPS * nt * size && tb == (long)nt * size * REPS * (REPS - 1));
    }

    /* 2. omp_test_lock: fails while the master holds the lock, then loops until it succeeds */
    {
        int early = 0, got = 0;
        omp_init_lock(&lock);
        counter = 0;
#pragma omp parallel reduction(+ : early, got)
        {
            int t = omp_get_thread_num();
            if (t == 0)
                omp_set_lock(&lock);
#pragma omp barrier
            if (t != 0 && omp_test_lock(&lock)) {
                early++; /* must not happen */
                omp_unset_lock(&lock);
            }
#pragma omp barrier
            if (t == 0)
                omp_unset_lock(&lock);
            for (int k = 0; k < 50; k++) {
                while (!omp_test_lock(&lock))
                    ;
                counter += t + 1;
                got++;
                omp_unset_lock(&lock);
            }
        }
        omp_destroy_lock(&lock);
        long tc = allsum(counter);
        check("omp_test_lock", early == 0 && got == 50 * nt && tc == 50L * size * nt * (nt + 1) / 2);
    }

    /* 3. nest lock: recursion to depth 6 in every thread, test_nest_lock by others fails */
    {
        int ok = 1, early = 0;
        omp_init_nest_lock(&nlock);
        counter = 0;
#pragma omp parallel reduction(& : ok) reduction(+ : early)
        {
            int t = omp_get_thread_num();
            if (t == 0) {
                omp_set_nest_lock(&nlock);
                omp_set_nest_lock(&nlock);
            }
#pragma omp barrier
            if (t != 0 && omp_test_nest_lock(&nlock)) {
                early++;
                omp_unset_nest_lock(&nlock);
            }
#pragma omp barrier
            if (t == 0) {
                ok &= omp_test_nest_lock(&nlock) == 3;
                omp_unset_nest_lock(&nlock);
                omp_unset_nest_lock(&nlock);
                omp_unset_nest_lock(&nlock);
            }
            for (int r = 0; r < 10; r++)
                ok &= nest(5, 1);
        }
        omp_destroy_nest_lock(&nlock);
        long tc = allsum(counter);
        check("omp_nest_lock_t recursion", ok && early == 0 && tc == 10L * 5 * nt * size);
    }

    /* 4. named and unnamed critical sections: one thread at a time in each, exact counters */
    {
        long ca = 0, cb = 0, cu = 0;
        int inside_a = 0, inside_b = 0, bad = 0;
#pragma omp parallel reduction(+ : bad)
        {
            int t = omp_get_thread_num();
            for (int k = 0; k < REPS; k++) {
                int v;
#pragma omp critical(alpha)
                {
#pragma omp atomic capture
                    v = ++inside_a;
                    bad += v != 1;
                    ca += t + 1;
#pragma omp atomic
                    inside_a--;
                }
#pragma omp critical(beta)
                {
#pragma omp atomic capture
                    v = ++inside_b;
                    bad += v != 1;
                    cb += 2;
#pragma omp critical /* unnamed, inside a named one */
                    cu++;
#pragma omp atomic
                    inside_b--;
                }
            }
        }
        long ta = allsum(ca), tb = allsum(cb), tu = allsum(cu);
        check("critical sections, named and unnamed",
              bad == 0 && ta == (long)REPS * size * nt * (nt + 1) / 2 && tb == 2L * REPS * nt * size &&
                  tu == (long)REPS * nt * size);
    }

    report();
    MPI_Finalize();
    return 0;
}
