/* what this tests: on a dynamic window, a Put, an Accumulate and a Get whose target range spans
 *   two adjacent attached regions (one array attached in two halves) reach both
 * np: 2 3
 */
#include "coll_check.h"

#define HALF 100
static int mem[2 * HALF];

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win win;
    MPI_Aint addr, *all = malloc(sizeof(MPI_Aint) * (size_t)size);
    int src[2 * HALF], back[2 * HALF], ok = 1;
    for (int i = 0; i < 2 * HALF; i++)
        mem[i] = 0;
    MPI_Win_create_dynamic(MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_attach(win, &mem[0], sizeof(int) * HALF);
    MPI_Win_attach(win, &mem[HALF], sizeof(int) * HALF);
    MPI_Get_address(&mem[0], &addr);
    MPI_Allgather(&addr, 1, MPI_AINT, all, 1, MPI_AINT, MPI_COMM_WORLD);
    int t = (rank + 1) % size;
    for (int i = 0; i < 2 * HALF; i++)
        src[i] = rank * 1000 + i;
    MPI_Win_lock_all(0, win);
    /* from the middle of the first region to the middle of the second */
    MPI_Put(src, HALF, MPI_INT, t, all[t] + sizeof(int) * (HALF / 2), HALF, MPI_INT, win);
    MPI_Win_flush(t, win);
    MPI_Accumulate(src, 2 * HALF, MPI_INT, t, all[t], 2 * HALF, MPI_INT, MPI_SUM, win);
    MPI_Win_flush(t, win);
    MPI_Get(back, 2 * HALF, MPI_INT, t, all[t], 2 * HALF, MPI_INT, win);
    MPI_Win_flush(t, win);
    MPI_Win_unlock_all(win);
    for (int i = 0; i < 2 * HALF; i++) {
        int put = i >= HALF / 2 && i < HALF / 2 + HALF ? src[i - HALF / 2] : 0;
        ok &= back[i] == put + src[i];
    }
    report("put, accumulate and get across two adjacent attached regions", ok);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Win_detach(win, &mem[0]);
    MPI_Win_detach(win, &mem[HALF]);
    MPI_Win_free(&win);
    free(all);
    MPI_Finalize();
    return 0;
}
