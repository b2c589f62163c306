/* what this tests: collectives and reductions with counts above INT_MAX for real (MPI 4.0 large
 *   counts), on 2^31+16 one-byte elements: Allreduce_c with MPI_IN_PLACE (MPI_SUM on
 *   MPI_UNSIGNED_CHAR), then Reduce_local_c (MPI_BXOR on MPI_BYTE) into its result, each
 *   checked at 4096 positions spread over the vector, the 16 each side of 2^31 and the last
 *   64 (Iallreduce_c and the other collectives: unit/large_coll_time.sh); about 6 GB peak under simpi (2 ranks' vectors and Rabenseifner's
 *   half-vector scratch), about 7 GB under MPICH
 * np: 2
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIG (((MPI_Count)1 << 31) + 16)

/* Pattern c: a template of P bytes (P prime, so a shift by anything but a multiple of it shows)
 * repeated; filled by copies of the template, which keeps filling 2 GiB quick. */
#define P 4093
static unsigned char tmpl[32][P];
static unsigned char pat(MPI_Count i, int c) { return tmpl[c][i % P]; }

static void make_templates(void)
{
    for (int c = 0; c < 32; c++)
        for (int j = 0; j < P; j++) {
            unsigned long long x = (unsigned long long)j * 0x9E3779B97F4A7C15ull + (unsigned long long)(c + 1) * 0x632BE59BD9B4E019ull;
            tmpl[c][j] = (unsigned char)(x >> 56);
        }
}

static void fill(unsigned char *p, MPI_Count n, int c)
{
    for (MPI_Count i = 0; i < n; i += P)
        memcpy(p + i, tmpl[c], (size_t)(n - i < P ? n - i : P));
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

static unsigned char want_sum(MPI_Count i) { return (unsigned char)(pat(i, 10) + pat(i, 11)); }
static unsigned char want_xor(MPI_Count i) { return (unsigned char)(pat(i, 1) ^ want_sum(i)); }

int main(int argc, char **argv)
{
    int rank;
    unsigned char *buf;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    make_templates();

    buf = malloc((size_t)BIG);
    if (!buf) {
        printf("rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    fill(buf, BIG, 10 + rank);
    MPI_Allreduce_c(MPI_IN_PLACE, buf, BIG, MPI_UNSIGNED_CHAR, MPI_SUM, MPI_COMM_WORLD);
    printf("rank %d: Allreduce_c in place, MPI_SUM on 2^31+16 MPI_UNSIGNED_CHAR: %s\n", rank,
           check(buf, BIG, want_sum) ? "ok" : "FAIL");

    /* Reduce_local_c at rank 0 alone, into its vector (rank 1's is freed first) */
    if (rank == 1)
        free(buf);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        unsigned char *in = malloc((size_t)BIG);
        if (!in) {
            printf("rank 0: out of memory\n");
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        fill(in, BIG, 1);
        MPI_Reduce_local_c(in, buf, BIG, MPI_BYTE, MPI_BXOR);
        printf("rank 0: Reduce_local_c of 2^31+16 bytes: %s\n", check(buf, BIG, want_xor) ? "ok" : "FAIL");
        free(in);
        free(buf);
    }
    MPI_Finalize();
    return 0;
}
