/* what this tests: OpenMP worksharing in an MPI program (each rank takes a block of a global
 *   index range, threads share it, MPI_Allreduce combines, closed formulas check): parallel for
 *   with reductions (+, *, max, min, &, |, ^, &&, || on ints, + on exact doubles) into locals and
 *   into file-scope globals, globals as shared accumulators under atomic (update, capture) and
 *   critical; schedules static, static,chunk (iteration-to-thread mapping as the spec fixes it),
 *   dynamic, guided and runtime, every iteration run once; collapse(2); ordered loops (rank 0
 *   prints in order); lastprivate; nowait loops then a barrier; sections; single copyprivate
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

#define N 2000 /* global index range 0..N-1 */
#define CHUNK 7

static int rank, size, lo, hi; /* this rank's block [lo, hi) */

/* file-scope globals: reduction targets and shared accumulators */
long long g_sum;
int g_max = -1;
int g_min = 1 << 30;
long long g_atomic;
long long g_crit;
int g_ticket;
static unsigned g_or;
static double g_dsum;

static int hits[N];  /* iterations run, per index */
static int owner[N]; /* thread that ran each index */
static int va[N], vb[N], vc[N];

static int f(int i) { return (i * 37 + 11) % 1009; }

/* sums of n values over the ranks, in place */
static void allsum(long long *v, int n)
{
    MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
}

/* every index of this rank's block ran exactly once */
static int once(void)
{
    int ok = 1;
    for (int i = lo; i < hi; i++)
        ok &= hits[i] == 1;
    return ok;
}

int main(int argc, char **argv)
{
    int provided;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    lo = (int)((long long)N * rank / size);
    hi = (int)((long long)N * (rank + 1) / size);
    int nt = omp_get_max_threads();
    check("init_thread funneled", provided >= MPI_THREAD_FUNNELED);

    /* 1. reductions into locals, every operator */
    {
        long long sum = 0;
        int prod = 1, mx = -1, mn = 1 << 30, band = ~0, bor = 0, bxor = 0, land = 1, lor = 0;
        double dsum = 0;
#pragma omp parallel for reduction(+ : sum, dsum) reduction(* : prod) reduction(max : mx)     \
    reduction(min : mn) reduction(& : band) reduction(| : bor) reduction(^ : bxor)          \
        reduction(&& : land) reduction(|| : lor)
        for (int i = lo; i < hi; i++) {
            sum += i;
            dsum += (double)(i % 100);
            prod *= i % 3 == 0 ? -1 : 1;
            if (f(i) > mx)
                mx = f(i);
            if (f(i) < mn)
                mn = f(i);
            band &= ~(1 << (i % 12));
            bor |= 1 << (i % 17);
            bxor ^= i;
            land = land && (i < N);
            lor = lor || (i % 500 == 7); /* true on every rank's block */
        }
        long long t[3] = {sum, prod < 0, (long long)dsum}; /* dsum is a whole number */
        int m[2] = {mx, -mn}, tm[2], tband, tbor, tbxor, tl[2] = {land, lor};
        allsum(t, 3);
        MPI_Allreduce(m, tm, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        MPI_Allreduce(&band, &tband, 1, MPI_INT, MPI_BAND, MPI_COMM_WORLD);
        MPI_Allreduce(&bor, &tbor, 1, MPI_INT, MPI_BOR, MPI_COMM_WORLD);
        MPI_Allreduce(&bxor, &tbxor, 1, MPI_INT, MPI_BXOR, MPI_COMM_WORLD);
        MPI_Allreduce(MPI_IN_PLACE, tl, 2, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
        long long tsum = t[0], tneg = t[1], tdsum = t[2];
        int tmx = tm[0], tmn = -tm[1], tland = tl[0], tlor = tl[1];
        /* references: closed forms, or one serial pass over the whole range */
        int rmx = -1, rmn = 1 << 30, rxor = 0, rneg = 0, rband = ~0;
        for (int i = 0; i < N; i++) {
            rmx = f(i) > rmx ? f(i) : rmx;
            rmn = f(i) < rmn ? f(i) : rmn;
            rxor ^= i;
            rband &= ~(1 << (i % 12));
        }
        for (int r = 0; r < size; r++) { /* ranks whose product is -1 */
            int a = (int)((long long)N * r / size), b = (int)((long long)N * (r + 1) / size), c = 0;
            for (int i = a; i < b; i++)
                c += i % 3 == 0;
            rneg += c % 2;
        }
        check("reduction +", tsum == (long long)N * (N - 1) / 2);
        check("reduction + double", tdsum == (long long)(N / 100) * 4950);
        check("reduction *", tneg == rneg);
        check("reduction max", tmx == rmx && rmx == 1008);
        check("reduction min", tmn == rmn && rmn == 0);
        check("reduction &", tband == rband && tband == ~0xfff);
        check("reduction |", tbor == (1 << 17) - 1);
        check("reduction ^", tbxor == rxor && rxor == 0); /* 0 ^ 1 ^ ... ^ (4k - 1) = 0 */
        check("reduction && ||", tland == 1 && tlor == 1);
    }

    /* 2. reductions into file-scope globals */
    g_sum = 0;
    g_or = 0;
    g_dsum = 0;
#pragma omp parallel for reduction(+ : g_sum, g_dsum) reduction(max : g_max) reduction(min : g_min) \
    reduction(| : g_or)
    for (int i = lo; i < hi; i++) {
        g_sum += 3 * i + 1;
        g_dsum += 0.5 * (i % 8); /* halves: every partial sum is exact */
        g_max = f(i) > g_max ? f(i) : g_max;
        g_min = f(i) < g_min ? f(i) : g_min;
        g_or |= 1u << (i % 31);
    }
    {
        int m[2] = {g_max, -g_min}, tm[2];
        long long t[2] = {g_sum, (long long)(2 * g_dsum)};
        unsigned tor;
        MPI_Allreduce(m, tm, 2, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        MPI_Allreduce(&g_or, &tor, 1, MPI_UNSIGNED, MPI_BOR, MPI_COMM_WORLD);
        allsum(t, 2);
        check("reduction into globals", t[0] == 3LL * N * (N - 1) / 2 + N && t[1] == 28 * (N / 8) &&
                                            tm[0] == 1008 && tm[1] == 0 && tor == 0x7fffffffu);
    }

    /* 3. globals as shared accumulators: atomic update, atomic capture (tickets), critical */
    g_atomic = 0;
    g_crit = 0;
    g_ticket = 0;
    memset(hits, 0, sizeof hits);
#pragma omp parallel for
    for (int i = lo; i < hi; i++) {
        int t;
#pragma omp atomic
        g_atomic += i;
#pragma omp atomic capture
        t = g_ticket++;
#pragma omp atomic
        hits[t + lo]++; /* every ticket handed out once */
#pragma omp critical
        {
            g_crit += (long long)i * i;
        }
    }
    {
        long long rsq = (long long)(N - 1) * N * (2LL * N - 1) / 6;
        long long t[2] = {g_atomic, g_crit};
        allsum(t, 2);
        check("atomic and critical on globals",
              t[0] == (long long)N * (N - 1) / 2 && t[1] == rsq && g_ticket == hi - lo && once());
    }

    /* 4. schedules: each iteration once, the same sum; static mappings as the spec fixes them */
    {
        const char *names[] = {"schedule static", "schedule static,chunk", "schedule dynamic",
                               "schedule dynamic,chunk", "schedule guided", "schedule guided,chunk",
                               "schedule runtime"};
        for (int s = 0; s < 7; s++) {
            long long sum = 0;
            int ok = 1, team = 0;
            memset(hits, 0, sizeof hits);
#pragma omp parallel reduction(+ : sum)
            {
#pragma omp single
                team = omp_get_num_threads();
#define BODY                                                                                      \
    {                                                                                             \
        sum += i;                                                                                 \
        hits[i]++;                                                                                \
        owner[i] = omp_get_thread_num();                                                          \
    }
                switch (s) {
                case 0:
#pragma omp for schedule(static)
                    for (int i = lo; i < hi; i++)
                        BODY;
                    break;
                case 1:
#pragma omp for schedule(static, CHUNK)
                    for (int i = lo; i < hi; i++)
                        BODY;
                    break;
                case 2:
#pragma omp for schedule(dynamic)
                    for (int i = lo; i < hi; i++)
                        BODY;
                    break;
                case 3:
#pragma omp for schedule(dynamic, 5)
                    for (int i = lo; i < hi; i++)
                        BODY;
                    break;
                case 4:
#pragma omp for schedule(guided)
                    for (int i = lo; i < hi; i++)
                        BODY;
                    break;
                case 5:
#pragma omp for schedule(guided, 4)
                    for (int i = lo; i < hi; i++)
                        BODY;
                    break;
                default:
#pragma omp for schedule(runtime)
                    for (int i = lo; i < hi; i++)
                        BODY;
                    break;
                }
            }
            ok &= once() && team == nt;
            if (s == 0) /* contiguous chunks, given in thread order */
                for (int i = lo + 1; i < hi; i++)
                    ok &= owner[i] >= owner[i - 1];
            if (s == 1) /* chunks dealt round-robin */
                for (int i = lo; i < hi; i++)
                    ok &= owner[i] == (i - lo) / CHUNK % team;
            long long expect = (long long)N * (N - 1) / 2;
            allsum(&sum, 1);
            check(names[s], ok && sum == expect);
        }
    }

    /* 5. collapse(2): a 2-D space, static,3 mapping of the linearized iterations */
    {
        int rows = hi - lo, cols = 13, ok = 1;
        long long sum = 0, cnt = 0;
        static int cown[N][13];
#pragma omp parallel for collapse(2) schedule(static, 3) reduction(+ : sum, cnt)
        for (int i = 0; i < rows; i++)
            for (int j = 0; j < cols; j++) {
                sum += (long long)(lo + i) * cols + j;
                cnt++;
                cown[i][j] = omp_get_thread_num();
            }
        for (int i = 0; i < rows; i++)
            for (int j = 0; j < cols; j++)
                ok &= cown[i][j] == (i * cols + j) / 3 % nt;
        long long tot = (long long)N * cols;
        long long t[2] = {cnt, sum};
        allsum(t, 2);
        check("collapse(2)", ok && t[0] == tot && t[1] == tot * (tot - 1) / 2);
    }

    /* 6. ordered: rank 0 prints from the ordered part; every rank records the order */
    {
        int seq[64], ns = 0, ok = 1;
#pragma omp parallel for ordered schedule(dynamic, 1)
        for (int i = 0; i < 12; i++) {
            int v = i * i * i - 5 * i; /* computed out of order */
#pragma omp ordered
            {
                if (rank == 0)
                    printf("ordered %d: %d\n", i, v);
                seq[ns++] = i;
            }
        }
#pragma omp parallel for ordered schedule(static, 2)
        for (int i = lo; i < lo + 20; i++) {
#pragma omp ordered
            seq[ns++] = i - lo + 12;
        }
        for (int i = 0; i < 32; i++)
            ok &= seq[i] == i;
        check("ordered", ok && ns == 32);
    }

    /* 7. lastprivate, on a parallel for and on sections */
    {
        int last = -1, sec = -1, k;
#pragma omp parallel for lastprivate(last, k) schedule(dynamic, 3)
        for (k = lo; k < hi; k++)
            last = 2 * k + 1;
#pragma omp parallel sections lastprivate(sec)
        {
#pragma omp section
            sec = 10;
#pragma omp section
            sec = 20;
#pragma omp section
            sec = 30 + rank;
        }
        check("lastprivate", last == 2 * (hi - 1) + 1 && k == hi && sec == 30 + rank);
    }

    /* 8. two nowait loops, a barrier, then a loop that reads what both wrote */
    {
        long long sum = 0;
#pragma omp parallel reduction(+ : sum)
        {
#pragma omp for schedule(static) nowait
            for (int i = lo; i < hi; i++)
                va[i] = i;
#pragma omp for schedule(dynamic, 11) nowait
            for (int i = lo; i < hi; i++)
                vb[i] = 2 * i;
#pragma omp barrier
#pragma omp for schedule(guided)
            for (int i = lo; i < hi; i++) {
                int j = i == lo ? hi - 1 : i - 1; /* another thread's element */
                vc[i] = va[j] + vb[i];
                sum += vc[i];
            }
        }
        /* the va[j] are this rank's va[i] in another order: the total is the sum of 3i */
        allsum(&sum, 1);
        check("nowait and barrier", sum == 3LL * N * (N - 1) / 2);
    }

    /* 9. sections: each runs once, in any thread */
    {
        int a = 0, b = 0, c = 0, runs = 0;
#pragma omp parallel
        {
#pragma omp sections reduction(+ : runs)
            {
#pragma omp section
                {
                    for (int i = lo; i < hi; i++)
                        a += i;
                    runs++;
                }
#pragma omp section
                {
                    b = hi - lo;
                    runs++;
                }
#pragma omp section
                {
                    c = rank * 100 + 7;
                    runs++;
                }
            }
        }
        long long t[3] = {a, b, c};
        allsum(t, 3);
        long long ta = t[0], tb = t[1], tc = t[2];
        check("sections", runs == 3 && ta == (long long)N * (N - 1) / 2 && tb == N &&
                                tc == 100LL * size * (size - 1) / 2 + 7 * size);
    }

    /* 10. single copyprivate: one thread's values reach every thread */
    {
        int bad = 0;
#pragma omp parallel reduction(+ : bad)
        {
            int v;
            double d;
            int arr[4];
#pragma omp single copyprivate(v, d, arr)
            {
                v = 1000 + rank;
                d = rank + 0.25;
                for (int k = 0; k < 4; k++)
                    arr[k] = rank * 10 + k;
            }
            bad += v != 1000 + rank || d != rank + 0.25 || arr[3] != rank * 10 + 3;
        }
        check("single copyprivate", bad == 0);
    }

    report();
    MPI_Finalize();
    return 0;
}
