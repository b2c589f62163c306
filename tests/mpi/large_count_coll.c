/* what this tests: collectives and reductions with counts above INT_MAX for real (MPI 4.0 large
 *   counts), on 2^31+16 one-byte elements: Reduce_local_c (MPI_BXOR on MPI_BYTE), then
 *   Allreduce_c and Iallreduce_c with MPI_IN_PLACE (MPI_SUM on MPI_UNSIGNED_CHAR, MPI_BOR on
 *   MPI_BYTE), results checked at 4096 positions spread over the vector plus the 16 each side
 *   of 2^31 and the last 64; about 6 GB peak under simpi (2 ranks' vectors and Rabenseifner's
 *   half-vector scratch), about 7 GB under MPICH; 20 s here
 * np: 2
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIG (((MPI_Count)1 << 31) + 16)

/* The value of pattern c at position i (cheap to fill, any shift or truncation shows). */
static unsigned char pat(MPI_Count i, int c)
{
    unsigned long long x = (unsigned long long)i * 0x9E3779B97F4A7C15ull + (unsigned long long)c * 0x632BE59BD9B4E019ull;
    return (unsigned char)(x >> 56);
}

static void fill(unsigned char *p, MPI_Count n, int c)
{
    for (MPI_Count i = 0; i < n; i++)
        p[i] = pat(i, c);
}

/* The positions checked: 4096 spread over [0, n), 16 each side of 2^31, and the last 64. */
#define NPOS (4096 + 32 + 64)
static MPI_Count position(int k, MPI_Count n)
{
    if (k < 4096)
        return (MPI_Count)((double)k * (double)(n - 1) / 4095.0);
    if (k < 4096 + 32)
        return ((MPI_Count)1 << 31) - 16 + (k - 4096);
    return n - 64 + (k - 4096 - 32);
}

/* Does p hold want(i) at every checked position? */
static int check(const unsigned char *p, MPI_Count n, unsigned char (*want)(MPI_Count))
{
    for (int k = 0; k < NPOS; k++) {
        MPI_Count i = position(k, n);
        if (p[i] != want(i))
            return 0;
    }
    return 1;
}

static unsigned char want_xor(MPI_Count i) { return (unsigned char)(pat(i, 1) ^ pat(i, 2)); }
static unsigned char want_sum(MPI_Count i) { return (unsigned char)(pat(i, 10) + pat(i, 11)); }
static unsigned char want_or(MPI_Count i) { return (unsigned char)(pat(i, 20) | pat(i, 21)); }

int main(int argc, char **argv)
{
    int rank;
    unsigned char *buf;
    MPI_Request r;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    /* Reduce_local_c at rank 0 alone (its second vector is freed before rank 1 allocates) */
    if (rank == 0) {
        unsigned char *in = malloc((size_t)BIG), *inout = malloc((size_t)BIG);
        if (!in || !inout) {
            printf("rank 0: out of memory\n");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        fill(in, BIG, 1);
        fill(inout, BIG, 2);
        MPI_Reduce_local_c(in, inout, BIG, MPI_BYTE, MPI_BXOR);
        printf("rank 0: Reduce_local_c of 2^31+16 bytes: %s\n", check(inout, BIG, want_xor) ? "ok" : "FAIL");
        free(in);
        free(inout);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    buf = malloc((size_t)BIG);
    if (!buf) {
        printf("rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    fill(buf, BIG, 10 + rank);
    MPI_Allreduce_c(MPI_IN_PLACE, buf, BIG, MPI_UNSIGNED_CHAR, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d: Allreduce_c in place, MPI_SUM on 2^31+16 MPI_UNSIGNED_CHAR: %s\n", rank,
           check(buf, BIG, want_sum) ? "ok" : "FAIL");

    fill(buf, BIG, 20 + rank);
    MPI_Iallreduce_c(MPI_IN_PLACE, buf, BIG, MPI_BYTE, MPI_BOR, MPI_COMM_WORLD, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    printf("rank %d: Iallreduce_c in place, MPI_BOR on 2^31+16 MPI_BYTE: %s\n", rank,
           check(buf, BIG, want_or) ? "ok" : "FAIL");
    free(buf);
    MPI_Finalize();
    return 0;
}
