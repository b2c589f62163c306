/* Helpers for the coll_algo_* and coll_nbc tests. Every rank checks its own
 * results; rank 0 collects the verdicts with point-to-point messages only
 * (never through the collectives under test) and prints one line per case,
 * in words that do not depend on the number of ranks, so that one
 * reference output serves every np. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, size;

static void report(const char *what, int ok)
{
    int i, v, bad = ok ? -1 : 0;
    if (rank != 0) {
        MPI_Send(&ok, 1, MPI_INT, 0, 4242, MPI_COMM_WORLD);
        return;
    }
    for (i = 1; i < size; i++) {
        MPI_Recv(&v, 1, MPI_INT, i, 4242, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (!v && bad < 0)
            bad = i;
    }
    if (bad < 0)
        printf("%s: ok\n", what);
    else
        printf("%s: FAIL (first at rank %d)\n", what, bad);
}

/* the roots every rooted collective is tried with, and their names */
#define NROOTS 3
static int root_of(int k) { return k == 0 ? 0 : k == 1 ? size - 1 : size / 2; }
static const char *root_name(int k) { return k == 0 ? "root 0" : k == 1 ? "root last" : "root middle"; }

/* a value that rank r contributes at index i in case c */
static int val(int r, int i, int c) { return (r + 1) * 1000 + i * 7 + c * 13; }

typedef struct { double d; int i; } dint_t; /* MPI_DOUBLE_INT: not contiguous */

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    return p;
}

/* Non-commutative operations for the reduction tests. */
#include <stdint.h>

/* 2x2 matrices of 16-bit numbers (mod 65536) packed in one uint64: a b / c d */
static uint64_t mat(unsigned a, unsigned b, unsigned c, unsigned d)
{
    return (uint64_t)(a & 0xffff) | (uint64_t)(b & 0xffff) << 16 | (uint64_t)(c & 0xffff) << 32 |
           (uint64_t)(d & 0xffff) << 48;
}
#define M_(m, k) ((unsigned)((m) >> (16 * (k))) & 0xffffu)
static uint64_t matmul(uint64_t x, uint64_t y)
{
    return mat(M_(x, 0) * M_(y, 0) + M_(x, 1) * M_(y, 2), M_(x, 0) * M_(y, 1) + M_(x, 1) * M_(y, 3),
               M_(x, 2) * M_(y, 0) + M_(x, 3) * M_(y, 2), M_(x, 2) * M_(y, 1) + M_(x, 3) * M_(y, 3));
}
/* the matrix rank r contributes at index i in case c */
static uint64_t mat_of(int r, int i, int c)
{
    unsigned v = (unsigned)val(r, i, c);
    return mat(v % 7 + 1, v % 5, (v / 3) % 4, v % 3 + 2);
}
/* inout = in x inout: the lower ranks' operand on the left */
static void matmul_op(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    uint64_t *a = in, *b = inout;
    int i;
    (void)dt;
    for (i = 0; i < *len; i++)
        b[i] = matmul(a[i], b[i]);
}

/* affine maps x -> m*x + q (mod 2^32) as MPI_2INT pairs, composed so that the lower rank's
   map is applied last: (f o g)(x) = f(g(x)) with f from the lower rank */
typedef struct { int m, q; } aff_t;
static aff_t aff_of(int r, int i, int c)
{
    aff_t a;
    a.m = val(r, i, c) % 9 + 2;
    a.q = val(r, i, c) % 11 - 5;
    return a;
}
static aff_t compose(aff_t f, aff_t g)
{
    aff_t h;
    h.m = (int)((unsigned)f.m * (unsigned)g.m);
    h.q = (int)((unsigned)f.m * (unsigned)g.q + (unsigned)f.q);
    return h;
}
static void compose_op(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    aff_t *a = in, *b = inout;
    int i;
    for (i = 0; i < *len; i++)
        b[i] = compose(a[i], b[i]);
    if (*dt != MPI_2INT)
        printf("compose_op: wrong datatype handle\n");
}

/* a commutative user operation: sum of squares of differences... simply an int sum */
static void isum_op(void *in, void *inout, int *len, MPI_Datatype *dt)
{
    int *a = in, *b = inout, i;
    (void)dt;
    for (i = 0; i < *len; i++)
        b[i] += a[i];
}
