/* what this tests: OpenMP tasks in an MPI program, created from a single region: recursive
 *   Fibonacci with taskwait; a task per array block with depend(out), depend(inout) chains of
 *   non-commuting updates, depend(in) readers of two blocks and a later inout that must wait for
 *   them; taskgroup waiting for grandchild tasks; taskloop with grainsize and num_tasks (each
 *   iteration once, a reduction, nogroup then taskwait); undeferred tasks (if(0)); results combined with MPI_Allreduce
 *   and checked against serial computations
 * np: 2 3 4
 * cflags: -fopenmp
 * env: OMP_NUM_THREADS=1
 * env: OMP_NUM_THREADS=2
 * env: OMP_NUM_THREADS=4
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>
#include "omp_check.h"

#define NB 12   /* blocks */
#define BS 16   /* elements per block */
#define STEPS 6 /* inout updates per block */
#define MOD 1000003
#define NL 1000 /* taskloop iterations */

static int rank, size;

static long fib_serial(int n) { return n < 2 ? n : fib_serial(n - 1) + fib_serial(n - 2); }

static long fib(int n)
{
    long a, b;
    if (n < 12)
        return fib_serial(n);
#pragma omp task shared(a) firstprivate(n)
    a = fib(n - 1);
#pragma omp task shared(b) firstprivate(n)
    b = fib(n - 2);
#pragma omp taskwait
    return a + b;
}

static long x[NB][BS];
static long snap[NB];      /* what the readers saw */
static int stage[NB];      /* how many tasks of each block ran */
static int order_bad;      /* tasks that found their block at the wrong stage */
static int hits[NL];
static int tg_count;

static long upd(long v, int s) { return (v * 3 + s + 1) % MOD; }

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int base = rank * 1000; /* each rank's data differ */

    /* 1. recursive tasks with taskwait */
    {
        long r = 0, expect = 0;
        int n = 18 + rank % 3;
#pragma omp parallel
#pragma omp single
        r = fib(n);
        long t[2] = {r, fib_serial(n)};
        MPI_Allreduce(MPI_IN_PLACE, t, 2, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        for (int q = 0; q < size; q++)
            expect += fib_serial(18 + q % 3);
        check("fib tasks with taskwait", r == fib_serial(n) && t[0] == expect && t[1] == expect);
    }

    /* 2. dependences: out, inout chains, in readers, then an inout after the readers */
    {
        order_bad = 0;
        memset(stage, 0, sizeof stage);
#pragma omp parallel
#pragma omp single
        {
            for (int b = 0; b < NB; b++) {
#pragma omp task depend(out : x[b][0]) firstprivate(b)
                {
                    if (stage[b] != 0) {
#pragma omp atomic
                        order_bad++;
                    }
                    for (int k = 0; k < BS; k++)
                        x[b][k] = base + b * BS + k;
                    stage[b] = 1;
                }
            }
            for (int s = 0; s < STEPS; s++)
                for (int b = NB - 1; b >= 0; b--) {
#pragma omp task depend(inout : x[b][0]) firstprivate(b, s)
                    {
                        if (stage[b] != 1 + s) {
#pragma omp atomic
                            order_bad++;
                        }
                        for (int k = 0; k < BS; k++)
                            x[b][k] = upd(x[b][k], s);
                        stage[b]++;
                    }
                }
            for (int b = 1; b < NB; b++) {
#pragma omp task depend(in : x[b - 1][0], x[b][0]) firstprivate(b)
                snap[b] = x[b - 1][BS - 1] * 7 + x[b][0];
            }
            for (int b = 0; b < NB; b++) {
#pragma omp task depend(inout : x[b][0]) firstprivate(b)
                {
                    if (stage[b] != 1 + STEPS) {
#pragma omp atomic
                        order_bad++;
                    }
                    for (int k = 0; k < BS; k++)
                        x[b][k] = -x[b][k];
                    stage[b]++;
                }
            }
        }
        /* serial reference */
        long ref[NB][BS], sum = 0, rsum = 0;
        int ok = order_bad == 0;
        for (int b = 0; b < NB; b++)
            for (int k = 0; k < BS; k++) {
                ref[b][k] = base + b * BS + k;
                for (int s = 0; s < STEPS; s++)
                    ref[b][k] = upd(ref[b][k], s);
            }
        for (int b = 0; b < NB; b++) {
            ok &= stage[b] == STEPS + 2;
            if (b > 0)
                ok &= snap[b] == ref[b - 1][BS - 1] * 7 + ref[b][0];
            for (int k = 0; k < BS; k++) {
                ok &= x[b][k] == -ref[b][k];
                sum += x[b][k];
                rsum += ref[b][k];
            }
        }
        long t[2] = {sum, rsum};
        MPI_Allreduce(MPI_IN_PLACE, t, 2, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        check("task dependences in, out, inout", ok && t[0] == -t[1]);
    }

    /* 3. taskgroup waits for the tasks' own child tasks too */
    {
        int seen = -1;
        tg_count = 0;
#pragma omp parallel
#pragma omp single
        {
#pragma omp taskgroup
            {
                for (int i = 0; i < 40; i++) {
#pragma omp task firstprivate(i)
                    {
#pragma omp task firstprivate(i)
                        {
#pragma omp atomic
                            tg_count += 1000;
                        }
#pragma omp atomic
                        tg_count += i;
                    }
                }
            }
#pragma omp atomic read
            seen = tg_count;
        }
        int t = seen;
        MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        check("taskgroup", seen == 40 * 1000 + 780 && t == size * seen);
    }

    /* 4. taskloop with grainsize, then num_tasks: every iteration once, and a reduction */
    {
        long s1 = 0, s2 = 0;
        int ok = 1;
        memset(hits, 0, sizeof hits);
#pragma omp parallel
#pragma omp single
        {
#pragma omp taskloop grainsize(16) reduction(+ : s1)
            for (int i = 0; i < NL; i++) {
                s1 += base + i;
#pragma omp atomic
                hits[i]++;
            }
#pragma omp taskloop num_tasks(7)
            for (int i = 0; i < NL; i++) {
#pragma omp atomic
                hits[i] += 10;
            }
#pragma omp taskloop grainsize(50) reduction(+ : s2)
            for (int i = 0; i < NL; i += 3)
                s2 += i;
#pragma omp taskloop grainsize(100) nogroup
            for (int i = 0; i < NL; i++) {
#pragma omp atomic
                hits[i] += 100;
            }
#pragma omp taskwait
        }
        for (int i = 0; i < NL; i++)
            ok &= hits[i] == 111;
        long t[2] = {s1, s2};
        MPI_Allreduce(MPI_IN_PLACE, t, 2, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        long e1 = (long)NL * (NL - 1) / 2 * size + 1000L * NL * size * (size - 1) / 2;
        check("taskloop grainsize and num_tasks", ok && t[0] == e1 && t[1] == 166833L * size);
    }

    /* 5. undeferred tasks run before the creating task goes on */
    {
        int v = 0, ok = 1;
#pragma omp parallel
#pragma omp single
        for (int i = 0; i < 10; i++) {
#pragma omp task if (0) shared(v) firstprivate(i)
            v += i;
            ok &= v == i * (i + 1) / 2;
        }
        check("undeferred tasks", ok && v == 45);
    }

    report();
    MPI_Finalize();
    return 0;
}
