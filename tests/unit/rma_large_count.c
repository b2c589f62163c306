/* One-sided calls with counts above INT_MAX (for unit/rma_large_count.sh): rank 0 puts N bytes
 * (MPI_Put_c, N = 2^31 + 16 and two smaller sizes) into rank 1's window under an exclusive lock and
 * prints each put's simulated time; checks bytes on both sides of the INT_MAX boundary; gets them
 * back with MPI_Get_c; then MPI_Accumulate_c with MPI_BXOR over all N bytes (more values than an int
 * counts) and checks the result. Each check prints "NAME: ok" or "NAME: FAIL". */
#include <mpi.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N ((MPI_Count)INT_MAX + 17)

static unsigned char pattern(MPI_Count i) { return (unsigned char)(i * 7 + (i >> 20)); }

int main(int argc, char **argv)
{
    int rank;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    unsigned char *base, *buf = NULL;
    MPI_Win win;
    MPI_Win_allocate(rank == 1 ? (MPI_Aint)N : 0, 1, MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    if (rank == 1)
        memset(base, 0, (size_t)N);
    const MPI_Count sizes[3] = {64 << 20, (MPI_Count)INT_MAX - 15, N};
    if (rank == 0) {
        buf = malloc((size_t)N);
        for (MPI_Count i = 0; i < N; i++)
            buf[i] = pattern(i);
        for (int k = 0; k < 3; k++) {
            MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
            double t0 = MPI_Wtime();
            MPI_Put_c(buf, sizes[k], MPI_BYTE, 1, 0, sizes[k], MPI_BYTE, win);
            MPI_Win_unlock(1, win);
            printf("put %lld %.9f\n", (long long)sizes[k], MPI_Wtime() - t0);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        int ok = 1;
        for (MPI_Count i = (MPI_Count)INT_MAX - 64; i < N; i++)
            ok &= base[i] == pattern(i);
        ok &= base[0] == pattern(0) && base[N / 2] == pattern(N / 2);
        MPI_Send(&ok, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    }
    if (rank == 0) {
        int ok;
        MPI_Recv(&ok, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("Put_c of %lld bytes, the window's bytes past INT_MAX: %s\n", (long long)N, ok ? "ok" : "FAIL");
        memset(buf + INT_MAX - 64, 0, (size_t)(N - INT_MAX + 64));
        MPI_Win_lock(MPI_LOCK_SHARED, 1, 0, win);
        MPI_Get_c(buf, N, MPI_BYTE, 1, 0, N, MPI_BYTE, win);
        MPI_Win_unlock(1, win);
        ok = 1;
        for (MPI_Count i = (MPI_Count)INT_MAX - 64; i < N; i++)
            ok &= buf[i] == pattern(i);
        printf("Get_c of %lld bytes back: %s\n", (long long)N, ok ? "ok" : "FAIL");
        memset(buf, 0xff, (size_t)N);
        MPI_Win_lock(MPI_LOCK_EXCLUSIVE, 1, 0, win);
        MPI_Accumulate_c(buf, N, MPI_BYTE, 1, 0, N, MPI_BYTE, MPI_BXOR, win);
        MPI_Win_unlock(1, win);
        free(buf);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        int ok = 1;
        for (MPI_Count i = (MPI_Count)INT_MAX - 64; i < N; i++)
            ok &= base[i] == (unsigned char)~pattern(i);
        ok &= base[0] == (unsigned char)~pattern(0);
        MPI_Send(&ok, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
    }
    if (rank == 0) {
        int ok;
        MPI_Recv(&ok, 1, MPI_INT, 1, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("Accumulate_c (BXOR) of %lld bytes: %s\n", (long long)N, ok ? "ok" : "FAIL");
    }
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
