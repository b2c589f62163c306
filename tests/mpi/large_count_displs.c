/* what this tests: the large-count v- and w-forms with displacements beyond INT_MAX (MPI_Aint,
 *   in elements for the v-forms, in bytes for Alltoallw_c): Gatherv_c, Scatterv_c,
 *   Allgatherv_c, Alltoallv_c and Alltoallw_c (blocking, nonblocking and persistent forms in
 *   turn) place or take blocks of 7 MPI_INT at 2^31 + 5 elements into or from 8.6 GB buffers
 *   that are allocated but, but for those blocks, never touched (a few MB of real memory); then
 *   Neighbor_alltoallv_c and Ineighbor_allgatherv_c likewise on a line of 2 ranks
 * np: 2
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define FAR (((MPI_Aint)1 << 31) + 5) /* elements of MPI_INT: 8 GiB + 20 bytes in */
#define N 7                           /* elements per block */
#define SPAN ((size_t)(FAR + 64) * sizeof(int))

static int value(int from, int to, int k) { return 1000000 * from + 1000 * to + k; }

/* Runs req's form: 0 blocking (already done), 1 nonblocking, 2 persistent (started here). */
static void finish(int form, MPI_Request *r)
{
    if (form == 2) {
        MPI_Start(r);
        MPI_Wait(r, MPI_STATUS_IGNORE);
        MPI_Request_free(r);
    } else if (form == 1)
        MPI_Wait(r, MPI_STATUS_IGNORE);
}

/* call: the blocking form's name after "MPI_", e.g. "Gatherv"; lowered after an I */
static void say(int rank, const char *call, int form, int ok)
{
    printf("rank %d: MPI_%s%c%s%s: %s\n", rank, form == 1 ? "I" : "", form == 1 ? call[0] - 'A' + 'a' : call[0],
           call + 1, form == 2 ? "_init_c" : "_c", ok ? "ok" : "FAIL");
}

int main(int argc, char **argv)
{
    int rank, ok;
    MPI_Request r = MPI_REQUEST_NULL;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int *s = malloc(SPAN), *d = malloc(SPAN);
    if (!s || !d) {
        printf("rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    MPI_Count cnt[2] = {N, N};
    /* each rank's blocks: the one for rank 0 far in, the one for rank 1 near the start */
    MPI_Aint far[2] = {FAR, 3}, bytes[2] = {FAR * (MPI_Aint)sizeof(int), 3 * (MPI_Aint)sizeof(int)};
    MPI_Datatype ints[2] = {MPI_INT, MPI_INT};

    for (int form = 0; form < 3; form++) {
        /* Gatherv_c to root `form % 2`: rank i's block lands at far[i] */
        int root = form % 2;
        for (int k = 0; k < N; k++)
            s[k] = value(rank, root, k + 10 * form);
        if (form == 0)
            MPI_Gatherv_c(s, N, MPI_INT, d, cnt, far, MPI_INT, root, MPI_COMM_WORLD);
        else if (form == 1)
            MPI_Igatherv_c(s, N, MPI_INT, d, cnt, far, MPI_INT, root, MPI_COMM_WORLD, &r);
        else
            MPI_Gatherv_init_c(s, N, MPI_INT, d, cnt, far, MPI_INT, root, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
        finish(form, &r);
        if (rank == root) {
            ok = 1;
            for (int i = 0; i < 2; i++)
                for (int k = 0; k < N; k++)
                    ok &= d[far[i] + k] == value(i, root, k + 10 * form);
            say(rank, "Gatherv", form, ok);
        }

        /* Scatterv_c from the same root: rank i gets the block at far[i] */
        if (rank == root)
            for (int i = 0; i < 2; i++)
                for (int k = 0; k < N; k++)
                    s[far[i] + k] = value(root, i, k + 20 * form);
        if (form == 0)
            MPI_Scatterv_c(s, cnt, far, MPI_INT, d, N, MPI_INT, root, MPI_COMM_WORLD);
        else if (form == 1)
            MPI_Iscatterv_c(s, cnt, far, MPI_INT, d, N, MPI_INT, root, MPI_COMM_WORLD, &r);
        else
            MPI_Scatterv_init_c(s, cnt, far, MPI_INT, d, N, MPI_INT, root, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
        finish(form, &r);
        ok = 1;
        for (int k = 0; k < N; k++)
            ok &= d[k] == value(root, rank, k + 20 * form);
        say(rank, "Scatterv", form, ok);

        /* Allgatherv_c: everyone's block i at far[i] */
        for (int k = 0; k < N; k++)
            s[k] = value(rank, 9, k + 30 * form);
        if (form == 0)
            MPI_Allgatherv_c(s, N, MPI_INT, d, cnt, far, MPI_INT, MPI_COMM_WORLD);
        else if (form == 1)
            MPI_Iallgatherv_c(s, N, MPI_INT, d, cnt, far, MPI_INT, MPI_COMM_WORLD, &r);
        else
            MPI_Allgatherv_init_c(s, N, MPI_INT, d, cnt, far, MPI_INT, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
        finish(form, &r);
        ok = 1;
        for (int i = 0; i < 2; i++)
            for (int k = 0; k < N; k++)
                ok &= d[far[i] + k] == value(i, 9, k + 30 * form);
        say(rank, "Allgatherv", form, ok);

        /* Alltoallv_c and Alltoallw_c: the block for (from) rank i at far[i] (bytes[i]) */
        for (int w = 0; w < 2; w++) {
            for (int i = 0; i < 2; i++)
                for (int k = 0; k < N; k++)
                    s[far[i] + k] = value(rank, i, k + 40 * form + 100 * w);
            if (!w && form == 0)
                MPI_Alltoallv_c(s, cnt, far, MPI_INT, d, cnt, far, MPI_INT, MPI_COMM_WORLD);
            else if (!w && form == 1)
                MPI_Ialltoallv_c(s, cnt, far, MPI_INT, d, cnt, far, MPI_INT, MPI_COMM_WORLD, &r);
            else if (!w)
                MPI_Alltoallv_init_c(s, cnt, far, MPI_INT, d, cnt, far, MPI_INT, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
            else if (form == 0)
                MPI_Alltoallw_c(s, cnt, bytes, ints, d, cnt, bytes, ints, MPI_COMM_WORLD);
            else if (form == 1)
                MPI_Ialltoallw_c(s, cnt, bytes, ints, d, cnt, bytes, ints, MPI_COMM_WORLD, &r);
            else
                MPI_Alltoallw_init_c(s, cnt, bytes, ints, d, cnt, bytes, ints, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
            finish(form, &r);
            ok = 1;
            for (int i = 0; i < 2; i++)
                for (int k = 0; k < N; k++)
                    ok &= d[far[i] + k] == value(i, rank, k + 40 * form + 100 * w);
            say(rank, w ? "Alltoallw" : "Alltoallv", form, ok);
        }
    }
    /* Neighbor_alltoallv_c and Ineighbor_allgatherv_c on a line of 2 (not periodic: MPICH 4.0.2 mixes
     * up the two blocks of a periodic ring of 2): rank 0's neighbours are (MPI_PROC_NULL, 1), rank
     * 1's (0, MPI_PROC_NULL); block j comes from neighbour j, who sent it as its block 1 - j */
    MPI_Comm ring;
    int dims[1] = {2}, periods[1] = {0}, j = rank == 0 ? 1 : 0;
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
    int other = 1 - rank;
    for (int b = 0; b < 2; b++)
        for (int k = 0; k < N; k++)
            s[far[b] + k] = value(rank, b, k + 200);
    MPI_Neighbor_alltoallv_c(s, cnt, far, MPI_INT, d, cnt, far, MPI_INT, ring);
    ok = 1;
    for (int k = 0; k < N; k++)
        ok &= d[far[j] + k] == value(other, 1 - j, k + 200);
    printf("rank %d: MPI_Neighbor_alltoallv_c: %s\n", rank, ok ? "ok" : "FAIL");
    for (int k = 0; k < N; k++)
        s[k] = value(rank, 7, k + 300);
    MPI_Ineighbor_allgatherv_c(s, N, MPI_INT, d, cnt, far, MPI_INT, ring, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    ok = 1;
    for (int k = 0; k < N; k++)
        ok &= d[far[j] + k] == value(other, 7, k + 300);
    printf("rank %d: MPI_Ineighbor_allgatherv_c: %s\n", rank, ok ? "ok" : "FAIL");
    MPI_Comm_free(&ring);
    free(s);
    free(d);
    MPI_Finalize();
    return 0;
}
