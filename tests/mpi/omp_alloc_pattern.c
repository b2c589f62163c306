/* what this tests: the memory shapes of a threaded MPI library (hypre's): inside parallel regions
 *   each thread mallocs (and callocs) buffers whose sizes depend on its thread number, fills them
 *   and stores the pointers in a shared array, the master checks and frees them all after the
 *   region; realloc inside a region (growing and shrinking, contents kept); a thread freeing
 *   what another thread allocated; many small allocations and frees per thread; a threaded CSR
 *   build of each rank's rows of a generated sparse matrix (each thread counts the nonzeros of its
 *   row range, a prefix sum over the threads, the master allocates, each thread fills its rows),
 *   checked against a serial build and with an integer matrix-vector product summed by MPI
 * np: 2 3 4
 * cflags: -fopenmp
 * env: OMP_NUM_THREADS=1
 * env: OMP_NUM_THREADS=2
 * env: OMP_NUM_THREADS=4
 */
#include <mpi.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "omp_check.h"

#define MAXT 64
#define NG 600 /* global rows and columns of the matrix */

static int rank, size;

/* the column indices of row i, in increasing order; returns how many */
static int row_cols(int i, int *cols)
{
    int n = 0, w = i % 4 + 1, extra = (i * 13 + 5) % NG;
    int a = i - w < 0 ? 0 : i - w, b = i + w >= NG ? NG - 1 : i + w;
    if (extra < a)
        cols[n++] = extra;
    for (int j = a; j <= b; j++)
        cols[n++] = j;
    if (extra > b)
        cols[n++] = extra;
    return n;
}

static long val(int i, int j) { return i == j ? 10 + i % 7 : -(1 + (i + 2 * j) % 5); }

/* the rows [lo, hi) split among nt threads as hypre does: the first (n % nt) get one more */
static void thread_range(int lo, int hi, int nt, int t, int *s, int *e)
{
    int n = hi - lo, q = n / nt, r = n % nt;
    *s = lo + t * q + (t < r ? t : r);
    *e = *s + q + (t < r);
}

int main(int argc, char **argv)
{
    int provided, nt;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    nt = omp_get_max_threads();
    if (nt > MAXT)
        MPI_Abort(MPI_COMM_WORLD, 1);

    /* 1. per-thread mallocs kept in a shared array, freed by the master */
    int *bufs[MAXT];
    size_t lens[MAXT];
    double *cbufs[MAXT];
    {
        int ok = 1;
#pragma omp parallel
        {
            int t = omp_get_thread_num();
            size_t n = (size_t)(t + 1) * 1000 + rank * 10;
            int *p = malloc(n * sizeof *p);
            double *c = calloc(n, sizeof *c);
            for (size_t k = 0; k < n; k++)
                p[k] = (int)(t * 100000 + k);
            c[n - 1] = t + 0.5;
            bufs[t] = p;
            lens[t] = n;
            cbufs[t] = c;
        }
        long long total = 0;
        for (int t = 0; t < nt; t++) {
            ok &= bufs[t] != NULL && lens[t] == (size_t)(t + 1) * 1000 + rank * 10;
            for (size_t k = 0; k < lens[t]; k++) {
                ok &= bufs[t][k] == (int)(t * 100000 + k);
                ok &= cbufs[t][k] == (k == lens[t] - 1 ? t + 0.5 : 0.0);
            }
            total += (long long)lens[t];
            free(cbufs[t]);
        }
        MPI_Allreduce(MPI_IN_PLACE, &total, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
        ok &= total == 1000LL * size * nt * (nt + 1) / 2 + 10LL * nt * size * (size - 1) / 2;
        check("per-thread malloc and calloc, checked by the master", ok);
    }

    /* 2. realloc in a region: even threads grow their buffer, odd ones shrink it */
    {
        int ok = 1, good[MAXT];
#pragma omp parallel
        {
            int t = omp_get_thread_num();
            size_t old = lens[t], n = t % 2 ? old / 2 : old * 3;
            int *p = realloc(bufs[t], n * sizeof *p);
            int g = p != NULL;
            for (size_t k = 0; g && k < (old < n ? old : n); k++)
                g &= p[k] == (int)(t * 100000 + k);
            for (size_t k = old; g && k < n; k++)
                p[k] = -(int)k;
            bufs[t] = p;
            lens[t] = n;
            good[t] = g;
        }
        for (int t = 0; t < nt; t++) {
            ok &= good[t];
            size_t old = (size_t)(t + 1) * 1000 + rank * 10;
            ok &= lens[t] == (t % 2 ? old / 2 : old * 3);
            for (size_t k = 0; k < lens[t]; k++)
                ok &= bufs[t][k] == (k < old ? (int)(t * 100000 + k) : -(int)k);
        }
        check("realloc inside a region", ok);
    }

    /* 3. each thread frees the buffer of the next thread, then allocates anew; master frees */
    {
        int ok = 1;
#pragma omp parallel
        {
            int t = omp_get_thread_num(), n = omp_get_num_threads();
            int *mine = malloc(sizeof(int) * (64 + t));
            mine[0] = t;
#pragma omp barrier
            free(bufs[(t + 1) % n]);
#pragma omp barrier
            bufs[t] = mine;
        }
        for (int t = 0; t < nt; t++) {
            ok &= bufs[t][0] == t;
            free(bufs[t]);
        }
        check("free of another thread's buffer", ok);
    }

    /* 4. many small allocations per thread: a linked list built and freed in the region */
    {
        struct node {
            struct node *next;
            int v;
        };
        long long sum = 0;
#pragma omp parallel reduction(+ : sum)
        {
            int t = omp_get_thread_num();
            for (int round = 0; round < 5; round++) {
                struct node *head = NULL;
                for (int k = 0; k < 200; k++) {
                    struct node *q = malloc(sizeof *q + (size_t)(k % 9) * 8);
                    q->v = k + t;
                    q->next = head;
                    head = q;
                }
                while (head) {
                    struct node *q = head->next;
                    sum += head->v;
                    free(head);
                    head = q;
                }
            }
        }
        MPI_Allreduce(MPI_IN_PLACE, &sum, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
        check("small allocations freed in the region",
              sum == (long long)size * 5 * (nt * 19900LL + 200LL * nt * (nt - 1) / 2));
    }

    /* 5. threaded CSR build of this rank's rows */
    {
        int r0 = (int)((long long)NG * rank / size), r1 = (int)((long long)NG * (rank + 1) / size);
        int nrows = r1 - r0, *row_ptr = malloc(sizeof(int) * (nrows + 1)), *cols = NULL;
        long *vals = NULL;
        int nnz_thread[MAXT + 1];
        long long y_sum = 0;
#pragma omp parallel reduction(+ : y_sum)
        {
            int t = omp_get_thread_num(), n = omp_get_num_threads(), s, e, c[NG], cnt = 0;
            thread_range(r0, r1, n, t, &s, &e);
            /* counting pass: row sizes of my rows */
            for (int i = s; i < e; i++) {
                row_ptr[i - r0 + 1] = row_cols(i, c);
                cnt += row_ptr[i - r0 + 1];
            }
            nnz_thread[t + 1] = cnt;
#pragma omp barrier
#pragma omp master
            {
                nnz_thread[0] = 0;
                for (int q = 0; q < n; q++)
                    nnz_thread[q + 1] += nnz_thread[q];
                cols = malloc(sizeof(int) * nnz_thread[n]);
                vals = malloc(sizeof(long) * nnz_thread[n]);
                row_ptr[0] = 0;
            }
#pragma omp barrier
            /* my rows' offsets from my thread's offset, then the fill pass */
            int off = nnz_thread[t];
            for (int i = s; i < e; i++) {
                int k = row_cols(i, c);
                row_ptr[i - r0] = off;
                for (int q = 0; q < k; q++) {
                    cols[off + q] = c[q];
                    vals[off + q] = val(i, c[q]);
                }
                off += k;
            }
            if (t == n - 1)
                row_ptr[nrows] = off;
#pragma omp barrier
            /* y = A x with x[j] = j + 1, my rows */
            for (int i = s; i < e; i++)
                for (int k = row_ptr[i - r0]; k < row_ptr[i - r0 + 1]; k++)
                    y_sum += vals[k] * (cols[k] + 1);
        }
        /* serial build of the same rows */
        int ok = 1, c[NG], off = 0;
        for (int i = r0; i < r1; i++) {
            int k = row_cols(i, c);
            ok &= row_ptr[i - r0] == off;
            for (int q = 0; q < k; q++)
                ok &= cols[off + q] == c[q] && vals[off + q] == val(i, c[q]) &&
                      (q == 0 || c[q - 1] < c[q]);
            off += k;
        }
        ok &= row_ptr[nrows] == off;
        /* the whole matrix, serially: its nonzeros and y's sum */
        long long t[2] = {row_ptr[nrows], y_sum}, nnz_all = 0, y_all = 0;
        for (int i = 0; i < NG; i++) {
            int k = row_cols(i, c);
            nnz_all += k;
            for (int q = 0; q < k; q++)
                y_all += val(i, c[q]) * (c[q] + 1);
        }
        MPI_Allreduce(MPI_IN_PLACE, t, 2, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
        check("threaded CSR build: count, prefix sum, fill", ok);
        check("threaded CSR build: nonzeros and matrix-vector product over all ranks",
              t[0] == nnz_all && t[1] == y_all);
        free(row_ptr);
        free(cols);
        free(vals);
    }

    report();
    MPI_Finalize();
    return 0;
}
