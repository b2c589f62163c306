/* what this tests: the nonblocking collectives (all seventeen I-forms) started together on
 *   one communicator and completed in any order with MPI_Waitany; two calls of the same kind
 *   outstanding at once (their messages must not mix), blocking collectives and user
 *   point-to-point traffic between start and completion, completion with MPI_Testall,
 *   MPI_Testany, MPI_Waitsome and MPI_Test loops; MPI_IN_PLACE and a non-commutative
 *   operation in the I-forms
 * np: 1 2 3 4 5 7 8 13 16
 * args: --cfg=smpi/coll-selector:mpich
 * args: --cfg=smpi/coll-selector:ompi
 * args: --cfg=smpi/coll-selector:smpi
 */
#include "coll_check.h"

#define N 5     /* elements per block */
#define NCOLL 17

static MPI_Op umat;
static MPI_Request req[NCOLL];
static int *ib[NCOLL], *ob[NCOLL];      /* input and output buffers */
static int *cnt, *dsp, *cnt2, *dsp2, *bdsp; /* v-form counts and displacements */
static MPI_Datatype *types;
static uint64_t *ms, *mr;               /* matrices for the non-commutative reduction */

static const char *names[NCOLL] = {"ibarrier", "ibcast", "igather", "igatherv", "iscatter", "iscatterv",
                                   "iallgather", "iallgatherv", "ialltoall", "ialltoallv", "ialltoallw",
                                   "ireduce", "iallreduce", "ireduce_scatter", "ireduce_scatter_block",
                                   "iscan", "iexscan"};

/* Starts collective k with data depending on c. */
static void start(int k, int c)
{
    int i, j, root = (c + k) % size;
    int big = N * size;
    for (i = 0; i < big; i++) {
        ib[k][i] = val(rank, i, c + k);
        ob[k][i] = -1;
    }
    switch (k) {
    case 0: MPI_Ibarrier(MPI_COMM_WORLD, &req[k]); break;
    case 1:
        if (rank != root)
            for (i = 0; i < N; i++)
                ib[k][i] = -1;
        MPI_Ibcast(ib[k], N, MPI_INT, root, MPI_COMM_WORLD, &req[k]);
        break;
    case 2: MPI_Igather(ib[k], N, MPI_INT, ob[k], N, MPI_INT, root, MPI_COMM_WORLD, &req[k]); break;
    case 3: MPI_Igatherv(ib[k], cnt[rank], MPI_INT, ob[k], cnt, dsp, MPI_INT, root, MPI_COMM_WORLD, &req[k]); break;
    case 4: MPI_Iscatter(ib[k], N, MPI_INT, ob[k], N, MPI_INT, root, MPI_COMM_WORLD, &req[k]); break;
    case 5: MPI_Iscatterv(ib[k], cnt, dsp, MPI_INT, ob[k], cnt[rank], MPI_INT, root, MPI_COMM_WORLD, &req[k]); break;
    case 6: /* in place */
        for (i = 0; i < N; i++)
            ob[k][rank * N + i] = ib[k][i];
        MPI_Iallgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, ob[k], N, MPI_INT, MPI_COMM_WORLD, &req[k]);
        break;
    case 7: MPI_Iallgatherv(ib[k], cnt[rank], MPI_INT, ob[k], cnt, dsp, MPI_INT, MPI_COMM_WORLD, &req[k]); break;
    case 8: MPI_Ialltoall(ib[k], N, MPI_INT, ob[k], N, MPI_INT, MPI_COMM_WORLD, &req[k]); break;
    case 9: MPI_Ialltoallv(ib[k], cnt2, dsp2, MPI_INT, ob[k], cnt, dsp, MPI_INT, MPI_COMM_WORLD, &req[k]); break;
    case 10:
        MPI_Ialltoallw(ib[k], cnt2, bdsp, types, ob[k], cnt, bdsp + size, types, MPI_COMM_WORLD, &req[k]);
        break;
    case 11: /* non-commutative */
        for (i = 0; i < N; i++) {
            ms[i] = mat_of(rank, i, c);
            mr[i] = 0;
        }
        MPI_Ireduce(ms, mr, N, MPI_UINT64_T, umat, root, MPI_COMM_WORLD, &req[k]);
        break;
    case 12: /* in place */
        for (i = 0; i < N; i++)
            ob[k][i] = ib[k][i];
        MPI_Iallreduce(MPI_IN_PLACE, ob[k], N, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[k]);
        break;
    case 13: MPI_Ireduce_scatter(ib[k], ob[k], cnt, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[k]); break;
    case 14: MPI_Ireduce_scatter_block(ib[k], ob[k], N, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &req[k]); break;
    case 15: MPI_Iscan(ib[k], ob[k], N, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[k]); break;
    case 16: MPI_Iexscan(ib[k], ob[k], N, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &req[k]); break;
    }
    (void)j;
}

/* Checks the result of collective k started with c. */
static int check(int k, int c)
{
    int i, j, ok = 1, root = (c + k) % size;
    int ck = c + k;
    switch (k) {
    case 1:
        for (i = 0; i < N; i++)
            ok = ok && ib[k][i] == val(root, i, ck);
        break;
    case 2:
        if (rank == root)
            for (j = 0; j < size; j++)
                for (i = 0; i < N; i++)
                    ok = ok && ob[k][j * N + i] == val(j, i, ck);
        break;
    case 3:
        if (rank == root)
            for (j = 0; j < size; j++)
                for (i = 0; i < cnt[j]; i++)
                    ok = ok && ob[k][dsp[j] + i] == val(j, i, ck);
        break;
    case 4:
        for (i = 0; i < N; i++)
            ok = ok && ob[k][i] == val(root, rank * N + i, ck);
        break;
    case 5:
        for (i = 0; i < cnt[rank]; i++)
            ok = ok && ob[k][i] == val(root, dsp[rank] + i, ck);
        break;
    case 6:
        for (j = 0; j < size; j++)
            for (i = 0; i < N; i++)
                ok = ok && ob[k][j * N + i] == val(j, i, ck);
        break;
    case 7:
        for (j = 0; j < size; j++)
            for (i = 0; i < cnt[j]; i++)
                ok = ok && ob[k][dsp[j] + i] == val(j, i, ck);
        break;
    case 8:
        for (j = 0; j < size; j++)
            for (i = 0; i < N; i++)
                ok = ok && ob[k][j * N + i] == val(j, rank * N + i, ck);
        break;
    case 9:
    case 10: /* rank j sent everyone the cnt[j] elements at its offset dsp[j] */
        for (j = 0; j < size; j++)
            for (i = 0; i < cnt[j]; i++)
                ok = ok && ob[k][dsp[j] + i] == val(j, dsp[j] + i, ck);
        break;
    case 11:
        if (rank == root)
            for (i = 0; i < N; i++) {
                uint64_t e = mat_of(0, i, c);
                for (j = 1; j < size; j++)
                    e = matmul(e, mat_of(j, i, c));
                ok = ok && mr[i] == e;
            }
        break;
    case 12:
        for (i = 0; i < N; i++) {
            int e = 0;
            for (j = 0; j < size; j++)
                e += val(j, i, ck);
            ok = ok && ob[k][i] == e;
        }
        break;
    case 13: { /* the blocks are contiguous in the vector: mine starts after the lower ranks' */
        int at = 0;
        for (j = 0; j < rank; j++)
            at += cnt[j];
        for (i = 0; i < cnt[rank]; i++) {
            int e = 0;
            for (j = 0; j < size; j++)
                e += val(j, at + i, ck);
            ok = ok && ob[k][i] == e;
        }
        break;
    }
    case 14:
        for (i = 0; i < N; i++) /* val grows with the rank: the max is the last rank's */
            ok = ok && ob[k][i] == val(size - 1, rank * N + i, ck);
        break;
    case 15:
    case 16:
        for (i = 0; i < N && (k == 15 || rank > 0); i++) {
            int e = 0;
            for (j = 0; j < (k == 15 ? rank + 1 : rank); j++)
                e += val(j, i, ck);
            ok = ok && ob[k][i] == e;
        }
        break;
    }
    return ok;
}

int main(int argc, char **argv)
{
    int i, k, idx, flag, done, c, ok;
    char what[160];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Op_create(matmul_op, 0, &umat);
    cnt = xmalloc(sizeof(int) * size);
    dsp = xmalloc(sizeof(int) * size);
    cnt2 = xmalloc(sizeof(int) * size);
    dsp2 = xmalloc(sizeof(int) * size);
    bdsp = xmalloc(sizeof(int) * 2 * size);
    types = xmalloc(sizeof(MPI_Datatype) * size);
    for (i = 0; i < size; i++) { /* block i: i % N + 1 elements at i * N (<= N each) */
        cnt[i] = i % N + 1;
        dsp[i] = i * N;
        types[i] = MPI_INT;
    }
    for (i = 0; i < size; i++) { /* alltoallv/w: I send everyone the cnt[rank] elements at dsp[rank] */
        cnt2[i] = cnt[rank];
        dsp2[i] = dsp[rank];
        bdsp[i] = dsp[rank] * (int)sizeof(int);
        bdsp[size + i] = dsp[i] * (int)sizeof(int);
    }
    ms = xmalloc(sizeof(uint64_t) * N);
    mr = xmalloc(sizeof(uint64_t) * N);
    for (k = 0; k < NCOLL; k++) {
        ib[k] = xmalloc(sizeof(int) * N * size);
        ob[k] = xmalloc(sizeof(int) * N * size);
    }

    /* 1: everything at once, completed by Waitany in whatever order */
    c = 1;
    for (k = 0; k < NCOLL; k++)
        start(k, c);
    int results[NCOLL];
    for (done = 0; done < NCOLL; done++) {
        MPI_Waitany(NCOLL, req, &idx, MPI_STATUS_IGNORE);
        results[idx] = check(idx, c);
    }
    MPI_Waitany(NCOLL, req, &idx, MPI_STATUS_IGNORE);
    ok = idx == MPI_UNDEFINED;
    for (k = 0; k < NCOLL; k++) {
        snprintf(what, sizeof what, "all at once, waitany: %s", names[k]);
        report(what, results[k]);
    }
    report("waitany on completed requests returns MPI_UNDEFINED", ok);

    /* 2: two of a kind outstanding, a blocking collective and user messages in between, Testall */
    {
        int a[N], b[N], x[N], y[N], z[N], e, peer_in = -1, peer_out = rank;
        MPI_Request r[5];
        for (i = 0; i < N; i++) {
            a[i] = val(rank, i, 2);
            b[i] = val(rank, i, 3);
        }
        MPI_Iallreduce(a, x, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[0]);
        MPI_Irecv(&peer_in, 1, MPI_INT, (rank - 1 + size) % size, 0, MPI_COMM_WORLD, &r[1]);
        MPI_Iallreduce(b, y, N, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &r[2]);
        MPI_Allreduce(a, z, N, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
        MPI_Isend(&peer_out, 1, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD, &r[3]);
        MPI_Ibarrier(MPI_COMM_WORLD, &r[4]);
        do
            MPI_Testall(5, r, &flag, MPI_STATUSES_IGNORE);
        while (!flag);
        ok = peer_in == (rank - 1 + size) % size;
        for (i = 0; i < N; i++) {
            for (e = 0, k = 0; k < size; k++)
                e += val(k, i, 2);
            ok = ok && x[i] == e && y[i] == val(size - 1, i, 3) && z[i] == val(0, i, 2);
        }
        report("two iallreduce outstanding, allreduce and messages between, testall", ok);
    }

    /* 3: Testany loop over a mix, then Waitsome */
    c = 7;
    int order[] = {12, 1, 8, 15, 14, 2};
    for (i = 0; i < 6; i++)
        start(order[i], c);
    MPI_Request r6[6];
    for (i = 0; i < 6; i++)
        r6[i] = req[order[i]];
    ok = 1;
    for (done = 0; done < 3;) {
        MPI_Testany(6, r6, &idx, &flag, MPI_STATUS_IGNORE);
        if (flag && idx != MPI_UNDEFINED) {
            ok = ok && check(order[idx], c);
            done++;
        }
    }
    while (done < 6) {
        int outc, outi[6];
        MPI_Waitsome(6, r6, &outc, outi, MPI_STATUSES_IGNORE);
        for (i = 0; i < outc; i++)
            ok = ok && check(order[outi[i]], c);
        done += outc;
    }
    report("testany then waitsome", ok);

    /* 4: a Test loop on an ibarrier, then many small ibcasts waited together */
    {
        MPI_Request rb, rs[20];
        int v[20];
        MPI_Ibarrier(MPI_COMM_WORLD, &rb);
        do
            MPI_Test(&rb, &flag, MPI_STATUS_IGNORE);
        while (!flag);
        for (i = 0; i < 20; i++) {
            v[i] = rank == i % size ? i * 11 : -1;
            MPI_Ibcast(&v[i], 1, MPI_INT, i % size, MPI_COMM_WORLD, &rs[i]);
        }
        MPI_Waitall(20, rs, MPI_STATUSES_IGNORE);
        ok = 1;
        for (i = 0; i < 20; i++)
            ok = ok && v[i] == i * 11;
        report("test loop on ibarrier, 20 ibcast waited together", ok);
    }

    for (k = 0; k < NCOLL; k++) {
        free(ib[k]);
        free(ob[k]);
    }
    MPI_Op_free(&umat);
    MPI_Finalize();
    return 0;
}
