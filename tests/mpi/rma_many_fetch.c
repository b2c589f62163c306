/* what this tests: 300 MPI_Fetch_and_op and MPI_Get_accumulate in flight in one passive epoch
 *   (each a round trip to the target) give the right values, and the process's virtual memory
 *   stays bounded while they are in flight (each once reserved a 128 MiB stack)
 * np: 3
 */
#include "coll_check.h"

static long vm_kib(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long v = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmSize: %ld", &v) == 1)
            break;
    if (f)
        fclose(f);
    return v;
}

#define N 300

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int *base, one = 1, got[N], got2[N];
    MPI_Win win;
    MPI_Win_allocate(sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    *base = 0;
    MPI_Barrier(MPI_COMM_WORLD);
    long before = vm_kib(), during = before;
    if (rank != 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        for (int i = 0; i < N; i++) {
            MPI_Fetch_and_op(&one, &got[i], MPI_INT, 0, 0, MPI_SUM, win);
            MPI_Get_accumulate(&one, 1, MPI_INT, &got2[i], 1, MPI_INT, 0, 0, 1, MPI_INT, MPI_NO_OP, win);
        }
        during = vm_kib();
        MPI_Win_unlock(0, win);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    int total = 0;
    if (rank == 0) {
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        total = *base;
        MPI_Win_unlock(0, win);
    }
    MPI_Bcast(&total, 1, MPI_INT, 0, MPI_COMM_WORLD);
    int ok = 1;
    for (int i = 0; rank != 0 && i < N; i++)
        ok &= got[i] >= 0 && got[i] < total && got2[i] > got[i] && got2[i] <= total;
    report("every fetched value lies between 0 and the final sum", ok);
    report("the final sum counts every fetch-and-op", total == N * (size - 1));
    report("virtual memory grows by less than 1 GiB while they are in flight", during - before < 1024 * 1024);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
