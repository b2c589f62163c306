/* what this tests: the persistent collectives of MPI 4.0 (all seventeen _init forms): made
 *   once, started several times with new data each time (MPI_Start one by one in an order
 *   that differs between ranks, and MPI_Startall), completed by Waitall, Waitany, Test
 *   loops; the requests stay allocated and inactive between starts (Wait on an inactive one
 *   returns at once) until MPI_Request_free; blocking collectives and a persistent
 *   send/receive between the starts; a derived datatype freed after the init;
 *   MPI_IN_PLACE and a non-commutative operation; an intercommunicator bcast
 *   (MPICH 4.0.2, the reference, delivers wrong data with Gather_init, crashes with
 *   Scatter_init on two ranks or more, and fills only the own block in the second start of an
 *   Allgather_init on 2 or 4 ranks: those three are left out here and checked by
 *   tests/unit/mpich_broken.sh, which builds this program with -DWITH_MPICH_BROKEN)
 * np: 1 2 3 4 7
 * args: --cfg=smpi/coll-selector:mpich
 * args: --cfg=smpi/coll-selector:ompi
 */
#include "coll_check.h"

#define N 4 /* elements per block */
#define NCOLL 17
#define ROUNDS 3

static MPI_Op umat;
static MPI_Request req[NCOLL];
static int *ib[NCOLL], *ob[NCOLL];          /* input and output buffers */
static int *cnt, *dsp, *cnt2, *dsp2, *bdsp; /* v-form counts and displacements */
static MPI_Datatype *types;
static uint64_t *ms, *mr; /* matrices for the non-commutative reduction */

static const char *names[NCOLL] = {"barrier_init", "bcast_init", "gather_init", "gatherv_init",
                                   "scatter_init", "scatterv_init", "allgather_init", "allgatherv_init",
                                   "alltoall_init", "alltoallv_init", "alltoallw_init", "reduce_init",
                                   "allreduce_init", "reduce_scatter_init", "reduce_scatter_block_init",
                                   "scan_init", "exscan_init"};

static int root_for(int k) { return (k * 5) % size; }

/* the collectives this build tests, and their requests in that order */
static int use[NCOLL], nuse;
static MPI_Request ureq[NCOLL];
static void pick(void)
{
    int k;
    for (k = 0; k < NCOLL; k++) {
#ifndef WITH_MPICH_BROKEN
        if (k == 2 || k == 4 || k == 6)
            continue;
#endif
        use[nuse++] = k;
    }
}
static void to_ureq(void)
{
    int i;
    for (i = 0; i < nuse; i++)
        ureq[i] = req[use[i]];
}

/* Makes persistent collective k on the fixed buffers. */
static void init(int k)
{
    int root = root_for(k);
    MPI_Comm w = MPI_COMM_WORLD;
    MPI_Info in = MPI_INFO_NULL;
    switch (k) {
    case 0: MPI_Barrier_init(w, in, &req[k]); break;
    case 1: MPI_Bcast_init(ib[k], N, MPI_INT, root, w, in, &req[k]); break;
    case 2: MPI_Gather_init(ib[k], N, MPI_INT, ob[k], N, MPI_INT, root, w, in, &req[k]); break;
    case 3: MPI_Gatherv_init(ib[k], cnt[rank], MPI_INT, ob[k], cnt, dsp, MPI_INT, root, w, in, &req[k]); break;
    case 4: MPI_Scatter_init(ib[k], N, MPI_INT, ob[k], N, MPI_INT, root, w, in, &req[k]); break;
    case 5: MPI_Scatterv_init(ib[k], cnt, dsp, MPI_INT, ob[k], cnt[rank], MPI_INT, root, w, in, &req[k]); break;
    case 6: MPI_Allgather_init(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, ob[k], N, MPI_INT, w, in, &req[k]); break;
    case 7: MPI_Allgatherv_init(ib[k], cnt[rank], MPI_INT, ob[k], cnt, dsp, MPI_INT, w, in, &req[k]); break;
    case 8: MPI_Alltoall_init(ib[k], N, MPI_INT, ob[k], N, MPI_INT, w, in, &req[k]); break;
    case 9: MPI_Alltoallv_init(ib[k], cnt2, dsp2, MPI_INT, ob[k], cnt, dsp, MPI_INT, w, in, &req[k]); break;
    case 10:
        MPI_Alltoallw_init(ib[k], cnt2, bdsp, types, ob[k], cnt, bdsp + size, types, w, in, &req[k]);
        break;
    case 11: MPI_Reduce_init(ms, mr, N, MPI_UINT64_T, umat, root, w, in, &req[k]); break;
    case 12: MPI_Allreduce_init(MPI_IN_PLACE, ob[k], N, MPI_INT, MPI_SUM, w, in, &req[k]); break;
    case 13: MPI_Reduce_scatter_init(ib[k], ob[k], cnt, MPI_INT, MPI_SUM, w, in, &req[k]); break;
    case 14: MPI_Reduce_scatter_block_init(ib[k], ob[k], N, MPI_INT, MPI_MAX, w, in, &req[k]); break;
    case 15: MPI_Scan_init(ib[k], ob[k], N, MPI_INT, MPI_SUM, w, in, &req[k]); break;
    case 16: MPI_Exscan_init(ib[k], ob[k], N, MPI_INT, MPI_SUM, w, in, &req[k]); break;
    }
}

/* Fills the buffers of collective k for a start with data depending on c. */
static void fill(int k, int c)
{
    int i, root = root_for(k), big = N * size, ck = c + k;
    for (i = 0; i < big; i++) {
        ib[k][i] = val(rank, i, ck);
        ob[k][i] = -1;
    }
    if (k == 1 && rank != root)
        for (i = 0; i < N; i++)
            ib[k][i] = -1;
    if (k == 6 || k == 12) /* in place */
        for (i = 0; i < N; i++)
            ob[k][(k == 6 ? rank * N : 0) + i] = ib[k][i];
    if (k == 11)
        for (i = 0; i < N; i++) {
            ms[i] = mat_of(rank, i, c);
            mr[i] = 0;
        }
}

/* Checks the result of collective k started with c. */
static int check(int k, int c)
{
    int i, j, ok = 1, root = root_for(k), ck = c + k;
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
    int i, k, c, idx, flag, ok, round;
    int results[NCOLL];
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

    pick();
    for (i = 0; i < nuse; i++)
        init(use[i]);
    for (k = 0; k < NCOLL; k++)
        results[k] = 1;

    /* 1: rounds of single starts, in an order that differs between ranks (allowed without the
       mpi_assert_strict_persistent_collective_ordering hint), a blocking collective between
       rounds, completion by Waitall or Waitany */
    for (round = 0; round < ROUNDS; round++) {
        int tot, one = 1;
        c = 10 * round;
        for (i = 0; i < nuse; i++)
            fill(use[i], c);
        for (i = 0; i < nuse; i++) {
            k = use[(rank % 2) ? nuse - 1 - i : (i + rank) % nuse];
            MPI_Start(&req[k]);
        }
        to_ureq();
        if (round % 2 == 0)
            MPI_Waitall(nuse, ureq, MPI_STATUSES_IGNORE);
        else { /* on a copy whose completed entries are nulled: MPICH 4.0's Waitany returns an
                  inactive persistent collective again and again instead of ignoring it */
            for (i = 0; i < nuse; i++) {
                MPI_Waitany(nuse, ureq, &idx, MPI_STATUS_IGNORE);
                if (idx == MPI_UNDEFINED || ureq[idx] != req[use[idx]])
                    results[0] = 0;
                else
                    ureq[idx] = MPI_REQUEST_NULL;
            }
        }
        for (i = 0; i < nuse; i++) {
            k = use[i];
            results[k] = results[k] && check(k, c) && req[k] != MPI_REQUEST_NULL;
        }
        MPI_Allreduce(&one, &tot, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        results[0] = results[0] && tot == size;
    }
    for (i = 0; i < nuse; i++) {
        snprintf(what, sizeof what, "%d rounds of MPI_Start: %s", ROUNDS, names[use[i]]);
        report(what, results[use[i]]);
    }

    /* 2: the requests are inactive now: Wait and Test return at once with an empty status
       (not Waitany: see above) */
    {
        MPI_Status st;
        st.MPI_TAG = 77;
        MPI_Wait(&req[3], &st); /* gatherv */
        ok = req[3] != MPI_REQUEST_NULL && st.MPI_TAG == MPI_ANY_TAG && st.MPI_SOURCE == MPI_ANY_SOURCE;
        MPI_Test(&req[5], &flag, MPI_STATUS_IGNORE);
        ok = ok && flag && req[5] != MPI_REQUEST_NULL;
        report("inactive persistent collectives: wait and test return at once", ok);
    }

    /* 3: Startall, completed by a Test loop over each, twice, with a persistent send/receive
       ring started alongside */
    {
        int sv, rv = -1;
        MPI_Request pr[2];
        ok = 1;
        MPI_Send_init(&sv, 1, MPI_INT, (rank + 1) % size, 5, MPI_COMM_WORLD, &pr[0]);
        MPI_Recv_init(&rv, 1, MPI_INT, (rank - 1 + size) % size, 5, MPI_COMM_WORLD, &pr[1]);
        for (round = 0; round < 2; round++) {
            c = 100 + round;
            for (i = 0; i < nuse; i++)
                fill(use[i], c);
            sv = rank * 10 + round;
            MPI_Startall(2, pr);
            to_ureq();
            MPI_Startall(nuse, ureq);
            for (i = 0; i < nuse; i++) {
                do
                    MPI_Test(&ureq[i], &flag, MPI_STATUS_IGNORE);
                while (!flag);
                ok = ok && check(use[i], c) && ureq[i] == req[use[i]];
            }
            MPI_Waitall(2, pr, MPI_STATUSES_IGNORE);
            ok = ok && rv == ((rank - 1 + size) % size) * 10 + round;
        }
        MPI_Request_free(&pr[0]);
        MPI_Request_free(&pr[1]);
        report("startall twice, test loops, persistent send/recv alongside", ok);
    }

    /* 4: Request_free of each inactive request */
    ok = 1;
    for (i = 0; i < nuse; i++) {
        k = use[i];
        MPI_Request_free(&req[k]);
        ok = ok && req[k] == MPI_REQUEST_NULL;
    }
    report("request_free of every persistent collective", ok);

    /* 5: a derived type freed after the init, a bcast started five times */
    {
        MPI_Datatype vec;
        MPI_Request r;
        int buf[3 * N], root = size - 1;
        MPI_Type_vector(N, 1, 3, MPI_INT, &vec);
        MPI_Type_commit(&vec);
        MPI_Bcast_init(buf, 1, vec, root, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
        MPI_Type_free(&vec);
        ok = 1;
        for (round = 0; round < 5; round++) {
            for (i = 0; i < 3 * N; i++)
                buf[i] = rank == root ? round * 100 + i : -1;
            MPI_Start(&r);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            for (i = 0; i < 3 * N; i++)
                ok = ok && buf[i] == (i % 3 == 0 || rank == root ? round * 100 + i : -1);
        }
        MPI_Request_free(&r);
        report("bcast_init of a derived type freed after init, five starts", ok);
    }

    /* 6: two persistent allreduces on a duplicate, started in opposite orders by even and
       odd ranks, with an info object */
    {
        MPI_Comm d;
        MPI_Info info;
        MPI_Request r[2];
        int a = rank + 1, b = 2 * rank, x, y;
        MPI_Comm_dup(MPI_COMM_WORLD, &d);
        MPI_Info_create(&info);
        MPI_Info_set(info, "mpi_assert_no_any_source", "true");
        MPI_Allreduce_init(&a, &x, 1, MPI_INT, MPI_SUM, d, info, &r[0]);
        MPI_Allreduce_init(&b, &y, 1, MPI_INT, MPI_MAX, d, info, &r[1]);
        MPI_Info_free(&info);
        ok = 1;
        for (round = 0; round < 4; round++) {
            a = rank + 1 + round;
            b = 2 * rank - round;
            MPI_Start(&r[rank % 2]);
            MPI_Start(&r[1 - rank % 2]);
            MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
            ok = ok && x == size * (size + 1) / 2 + size * round && y == 2 * (size - 1) - round;
        }
        MPI_Request_free(&r[0]);
        MPI_Request_free(&r[1]);
        MPI_Comm_free(&d);
        report("two allreduce_init started in opposite orders on even and odd ranks", ok);
    }

    /* 7: a bcast_init (low half to high half) and an allreduce_init on an intercommunicator */
    ok = 1;
    if (size >= 2) {
        MPI_Comm half, inter;
        MPI_Request r;
        int low = rank < size / 2, v[N], x, y, e;
        MPI_Comm_split(MPI_COMM_WORLD, low, rank, &half);
        MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, low ? size / 2 : 0, 9, &inter);
        int hrank;
        MPI_Comm_rank(half, &hrank);
        int root = low ? (hrank == 0 ? MPI_ROOT : MPI_PROC_NULL) : 0;
        MPI_Bcast_init(v, N, MPI_INT, root, inter, MPI_INFO_NULL, &r);
        for (round = 0; round < 3; round++) {
            for (i = 0; i < N; i++)
                v[i] = root == MPI_ROOT ? 1000 * round + i : -1;
            MPI_Start(&r);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            for (i = 0; i < N; i++)
                ok = ok && v[i] == (root == MPI_PROC_NULL ? -1 : 1000 * round + i);
        }
        MPI_Request_free(&r);
        /* each group gets the sum over the other group */
        MPI_Allreduce_init(&x, &y, 1, MPI_INT, MPI_SUM, inter, MPI_INFO_NULL, &r);
        for (round = 0; round < 3; round++) {
            x = rank + round;
            MPI_Start(&r);
            MPI_Wait(&r, MPI_STATUS_IGNORE);
            for (e = 0, i = low ? size / 2 : 0; i < (low ? size : size / 2); i++)
                e += i + round;
            ok = ok && y == e;
        }
        MPI_Request_free(&r);
        MPI_Comm_free(&inter);
        MPI_Comm_free(&half);
    }
    report("bcast_init and allreduce_init on an intercommunicator, three starts", ok);

    for (k = 0; k < NCOLL; k++) {
        free(ib[k]);
        free(ob[k]);
    }
    MPI_Op_free(&umat);
    MPI_Finalize();
    return 0;
}
