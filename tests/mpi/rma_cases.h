/* The RMA cases every synchronisation mode runs (rma_fence.c, rma_pscw.c,
 * rma_lock.c): Put, Get and Accumulate, contiguous and with derived
 * datatypes on either side, each inside one epoch that the including file
 * opens and closes (epoch_open/epoch_close; `target` is the rank the
 * calling rank accesses, its previous rank accessing it; ALL: every rank
 * accesses every rank; ZERO: every rank accesses rank 0). Every rank checks its own results and
 * rank 0 prints one verdict per case, the same at every np. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64
#define ALL (-1)
#define ZERO (-2)
static int rank, size, *mem;
static MPI_Win win;

static void epoch_open(int target);
static void epoch_close(int target);
/* Reading one's own window memory after an epoch (lock mode locks itself). */
static void local_begin(void);
static void local_end(void);

static void report(const char *what, int ok)
{
    int all;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("%s: %s\n", what, all ? "ok" : "FAIL");
}

static void reset(void)
{
    local_begin();
    for (int i = 0; i < N; i++)
        mem[i] = rank * 1000 + i;
    local_end();
    MPI_Barrier(MPI_COMM_WORLD);
}

static void run_cases(const char *mode)
{
    char what[96];
    int next = (rank + 1) % size, prev = (rank + size - 1) % size, ok, buf[16];
    MPI_Datatype vec2, vec3;
    MPI_Type_vector(4, 1, 2, MPI_INT, &vec2);
    MPI_Type_vector(4, 1, 3, MPI_INT, &vec3);
    MPI_Type_commit(&vec2);
    MPI_Type_commit(&vec3);

    /* Put, contiguous: 4 values to the next rank at offset 4 */
    reset();
    for (int k = 0; k < 4; k++)
        buf[k] = rank * 10 + k;
    epoch_open(next);
    MPI_Put(buf, 4, MPI_INT, next, 4, 4, MPI_INT, win);
    epoch_close(next);
    local_begin();
    ok = 1;
    for (int k = 0; k < 4; k++)
        ok &= mem[4 + k] == prev * 10 + k && mem[k] == rank * 1000 + k && mem[8 + k] == rank * 1000 + 8 + k;
    local_end();
    snprintf(what, sizeof what, "%s: put contiguous", mode);
    report(what, ok);

    /* Get, contiguous: 5 values from the next rank at offset 9 */
    reset();
    epoch_open(next);
    MPI_Get(buf, 5, MPI_INT, next, 9, 5, MPI_INT, win);
    epoch_close(next);
    ok = 1;
    for (int k = 0; k < 5; k++)
        ok &= buf[k] == next * 1000 + 9 + k;
    snprintf(what, sizeof what, "%s: get contiguous", mode);
    report(what, ok);

    /* Accumulate MPI_SUM, contiguous: every rank adds into rank 0 */
    reset();
    for (int k = 0; k < 3; k++)
        buf[k] = (rank + 1) * (k + 1);
    epoch_open(ZERO);
    MPI_Accumulate(buf, 3, MPI_INT, 0, 20, 3, MPI_INT, MPI_SUM, win);
    epoch_close(ZERO);
    ok = 1;
    if (rank == 0) {
        local_begin();
        for (int k = 0; k < 3; k++)
            ok &= mem[20 + k] == 20 + k + (k + 1) * size * (size + 1) / 2;
        local_end();
    }
    snprintf(what, sizeof what, "%s: accumulate sum contiguous", mode);
    report(what, ok);

    /* Put, derived origin (every other value) into a derived target (every third) */
    reset();
    for (int k = 0; k < 8; k++)
        buf[k] = rank * 100 + k;
    epoch_open(next);
    MPI_Put(buf, 1, vec2, next, 30, 1, vec3, win);
    epoch_close(next);
    local_begin();
    ok = 1;
    for (int k = 0; k < 4; k++)
        ok &= mem[30 + 3 * k] == prev * 100 + 2 * k;
    ok &= mem[31] == rank * 1000 + 31 && mem[32] == rank * 1000 + 32;
    local_end();
    snprintf(what, sizeof what, "%s: put derived", mode);
    report(what, ok);

    /* Get, derived target (every third) into a contiguous origin */
    reset();
    epoch_open(next);
    MPI_Get(buf, 4, MPI_INT, next, 2, 1, vec3, win);
    epoch_close(next);
    ok = 1;
    for (int k = 0; k < 4; k++)
        ok &= buf[k] == next * 1000 + 2 + 3 * k;
    snprintf(what, sizeof what, "%s: get derived", mode);
    report(what, ok);

    /* Accumulate MPI_MAX into a derived target on the previous rank, and
     * MPI_REPLACE on the next one */
    reset();
    for (int k = 0; k < 4; k++)
        buf[k] = (k % 2) ? 9000 + rank : -1;
    epoch_open(ALL);
    MPI_Accumulate(buf, 4, MPI_INT, prev, 40, 1, vec2, MPI_MAX, win);
    MPI_Accumulate(buf, 2, MPI_INT, next, 50, 2, MPI_INT, MPI_REPLACE, win);
    epoch_close(ALL);
    local_begin();
    ok = 1;
    for (int k = 0; k < 4; k++)
        ok &= mem[40 + 2 * k] == ((k % 2) ? 9000 + next : rank * 1000 + 40 + 2 * k);
    ok &= mem[50] == -1 && mem[51] == 9000 + prev && mem[52] == rank * 1000 + 52;
    local_end();
    snprintf(what, sizeof what, "%s: accumulate max derived, replace", mode);
    report(what, ok);

    /* Get_accumulate and Fetch_and_op: each rank adds 1 to rank 0's counter
     * and gets what was there before; the old values are all different */
    reset();
    int one = 1, old = -1, olds[2];
    epoch_open(ZERO);
    MPI_Fetch_and_op(&one, &old, MPI_INT, 0, 60, MPI_SUM, win);
    epoch_close(ZERO);
    int *all = malloc(sizeof(int) * (size_t)size);
    MPI_Allgather(&old, 1, MPI_INT, all, 1, MPI_INT, MPI_COMM_WORLD);
    ok = 1;
    for (int i = 0; i < size; i++) {
        ok &= all[i] >= 60 && all[i] < 60 + size;
        for (int j = 0; j < i; j++)
            ok &= all[i] != all[j];
    }
    free(all);
    reset();
    epoch_open(next);
    buf[0] = 7;
    buf[1] = 8;
    MPI_Get_accumulate(buf, 2, MPI_INT, olds, 2, MPI_INT, next, 10, 2, MPI_INT, MPI_PROD, win);
    epoch_close(next);
    ok &= olds[0] == next * 1000 + 10 && olds[1] == next * 1000 + 11;
    local_begin();
    ok &= mem[10] == (rank * 1000 + 10) * 7 && mem[11] == (rank * 1000 + 11) * 8;
    local_end();
    snprintf(what, sizeof what, "%s: fetch_and_op, get_accumulate", mode);
    report(what, ok);

    MPI_Type_free(&vec2);
    MPI_Type_free(&vec3);
}
