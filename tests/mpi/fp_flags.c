/* what this tests: floating-point exception flags and the rounding mode are each rank's own, as a
 *   process's are: what a rank raises in double and in long double arithmetic stays up through
 *   MPI calls and no other rank sees it, MPI's own arithmetic (sums of double and long double
 *   values, times) raises none of invalid, divide-by-zero, overflow and underflow, and one
 *   rank's rounding mode changes no other's (printf's rounding included)
 * np: 4
 */
#include <fenv.h>
#include <mpi.h>
#include <stdio.h>

static int rank, size;

static void ring(void)
{
    double out = 0.1, in;
    MPI_Sendrecv(&out, 1, MPI_DOUBLE, (rank + 1) % size, 0, &in, 1, MPI_DOUBLE, (rank + size - 1) % size, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

/* rank 0 prints every rank's value of what */
static void show(const char *what, int value, const char *(*name)(int))
{
    int all[64];
    MPI_Gather(&value, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
    for (int i = 0; rank == 0 && i < size; i++)
        printf("rank %d %s: %s\n", i, what, name(all[i]));
}

static const char *flags_name(int f)
{
    static char s[96];
    snprintf(s, sizeof s, "%s%s%s%s%s", f ? "" : "none", f & FE_INVALID ? "invalid " : "",
             f & FE_DIVBYZERO ? "divide-by-zero " : "", f & FE_OVERFLOW ? "overflow " : "",
             f & FE_UNDERFLOW ? "underflow " : "");
    return s;
}

static const char *round_name(int m)
{
    return m == FE_TONEAREST ? "to nearest" : m == FE_UPWARD ? "upward" : m == FE_DOWNWARD ? "downward" : "other";
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    volatile double zero = 0.0, one = 1.0;
    volatile long double lzero = 0.0L;
    feclearexcept(FE_ALL_EXCEPT);
    if (rank == 0) {
        volatile double x = one / zero; /* SSE: divide by zero */
        (void)x;
    }
    if (rank == 1) {
        volatile long double x = lzero / lzero; /* x87: invalid */
        (void)x;
    }
    double d = 0.1, dsum;
    long double l = 0.1L, lsum;
    for (int i = 0; i < 5; i++) {
        MPI_Allreduce(&d, &dsum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        MPI_Allreduce(&l, &lsum, 1, MPI_LONG_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        ring();
        volatile double t = MPI_Wtime();
        (void)t;
        MPI_Barrier(MPI_COMM_WORLD);
    }
    /* not inexact: MPICH's own arithmetic raises it in the process (simpi's does not) */
    show("flags", fetestexcept(FE_ALL_EXCEPT & ~FE_INEXACT), flags_name);
    if (rank == 0)
        printf("sums %.6f %.6Lf\n", dsum, lsum);
    if (rank == 2)
        fesetround(FE_UPWARD);
    ring();
    MPI_Barrier(MPI_COMM_WORLD);
    ring();
    show("rounding", fegetround(), round_name);
    MPI_Finalize();
    return 0;
}
