/* what this tests: many ranks doing Fetch_and_op on one counter get distinct
 * values and the final value is exact; Compare_and_swap lets exactly one
 * rank claim a slot; request-based Rget_accumulate and Raccumulate
 * np: 3 8 16
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define K 40

int main(int argc, char **argv)
{
    int rank, size;
    long *mem;
    MPI_Win win;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Win_allocate(4 * sizeof(long), sizeof(long), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &win);
    mem[0] = 0;
    mem[1] = -1;
    mem[2] = 0;
    mem[3] = 100;
    MPI_Barrier(MPI_COMM_WORLD);

    /* Fetch_and_op: K increments each, every old value distinct */
    long one = 1, old[K], *all = malloc(sizeof(long) * K * (size_t)size);
    MPI_Win_lock_all(0, win);
    for (int i = 0; i < K; i++) {
        MPI_Fetch_and_op(&one, &old[i], MPI_LONG, 0, 0, MPI_SUM, win);
        MPI_Win_flush(0, win);
    }
    /* Compare_and_swap: the first rank to swap -1 for its rank wins */
    long me = rank, minus = -1, seen;
    MPI_Compare_and_swap(&me, &minus, &seen, MPI_LONG, 0, 1, win);
    MPI_Win_flush(0, win);
    /* request-based: add rank+1 to slot 2 and read slot 3 with MPI_NO_OP */
    long add = rank + 1, got = 0, dummy = 0;
    MPI_Request reqs[2];
    MPI_Raccumulate(&add, 1, MPI_LONG, 0, 2, 1, MPI_LONG, MPI_SUM, win, &reqs[0]);
    MPI_Rget_accumulate(&dummy, 1, MPI_LONG, &got, 1, MPI_LONG, 0, 3, 1, MPI_LONG, MPI_NO_OP, win, &reqs[1]);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    MPI_Win_unlock_all(win);

    MPI_Gather(old, K, MPI_LONG, all, K, MPI_LONG, 0, MPI_COMM_WORLD);
    int winner = seen == -1, winners;
    MPI_Reduce(&winner, &winners, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        char *hit = calloc((size_t)(K * size), 1);
        int distinct = 1;
        for (int i = 0; i < K * size; i++) {
            if (all[i] < 0 || all[i] >= K * size || hit[all[i]])
                distinct = 0;
            else
                hit[all[i]] = 1;
        }
        MPI_Win_lock(MPI_LOCK_SHARED, 0, 0, win);
        printf("fetch_and_op: old values %s, final value %s\n", distinct ? "distinct" : "REPEATED",
               mem[0] == (long)K * size ? "exact" : "WRONG");
        printf("compare_and_swap: %s winner, slot holds %s\n", winners == 1 ? "one" : "NOT ONE",
               mem[1] >= 0 && mem[1] < size ? "a rank" : "garbage");
        printf("raccumulate: %s, rget_accumulate: %s\n", mem[2] == (long)size * (size + 1) / 2 ? "exact" : "WRONG",
               got == 100 ? "read 100" : "WRONG");
        MPI_Win_unlock(0, win);
        free(hit);
    }
    free(all);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
