/* what: the rest of MPI 4.0's large-count (_c) calls, at ordinary counts: the v- and
 *   w-collectives and Reduce_scatter(_block) in blocking, nonblocking (several in flight at
 *   once, their count arrays live until the wait) and persistent forms, the blocking
 *   neighbourhood collectives, Op_create_c with Reduce_local_c and Allreduce_c, the indexed,
 *   struct, subarray and darray constructors (same typemap as their int twins, envelope and
 *   contents through the _c queries, and the int queries refuse such a type),
 *   Pack_external(_size)_c/Unpack_external_c, and the one-sided _c calls and window makers
 * np: 1 2 3 4
 */
#include "coll_check.h"

#define N 4

/* a user operation of the large-count kind: inout = in + inout + 1 */
static void plus1_op(void *in, void *inout, MPI_Count *len, MPI_Datatype *dt)
{
    int *a = in, *b = inout;
    (void)dt;
    for (MPI_Count i = 0; i < *len; i++)
        b[i] = a[i] + b[i] + 1;
}

/* packs count elements of t and of u from buf; 1 if the bytes and sizes are the same */
static int same_map(MPI_Datatype t, MPI_Datatype u, const void *buf)
{
    char p[4096], q[4096];
    MPI_Count st, su, lt, et, lu, eu, pt = 0, pu = 0;
    MPI_Type_size_c(t, &st);
    MPI_Type_size_c(u, &su);
    MPI_Type_get_extent_c(t, &lt, &et);
    MPI_Type_get_extent_c(u, &lu, &eu);
    if (st != su || lt != lu || et != eu || st > 2048)
        return 0;
    MPI_Pack_c(buf, 2, t, p, sizeof p, &pt, MPI_COMM_WORLD);
    MPI_Pack_c(buf, 2, u, q, sizeof q, &pu, MPI_COMM_WORLD);
    return pt == pu && !memcmp(p, q, (size_t)pt);
}

/* prints the envelope and contents of t, made by a _c constructor, on rank 0 */
static void show(const char *what, MPI_Datatype t)
{
    MPI_Count ni, na, nc, nd, c[64];
    int comb, ints[64], i, e1, e2, e3, e4;
    MPI_Aint a[64];
    MPI_Datatype d[64];
    char line[1024];
    size_t n = 0;
    MPI_Type_get_envelope_c(t, &ni, &na, &nc, &nd, &comb);
    MPI_Type_get_contents_c(t, 64, 64, 64, 64, ints, a, c, d);
    n += (size_t)snprintf(line + n, sizeof line - n, "%s: combiner %d, ints %lld, addresses %lld, counts %lld, types %lld:",
                          what, comb, (long long)ni, (long long)na, (long long)nc, (long long)nd);
    for (i = 0; i < ni; i++) { /* orders and distributions by name: their values differ between MPIs */
        int nd_ = comb == MPI_COMBINER_DARRAY ? ints[2] : 0, v = ints[i];
        int is_order = (comb == MPI_COMBINER_SUBARRAY && i == 1) || (comb == MPI_COMBINER_DARRAY && i == ni - 1);
        int is_dist = comb == MPI_COMBINER_DARRAY && i >= 3 && i < 3 + nd_;
        int is_darg = comb == MPI_COMBINER_DARRAY && i >= 3 + nd_ && i < 3 + 2 * nd_;
        if (is_order)
            n += (size_t)snprintf(line + n, sizeof line - n, " %s", v == MPI_ORDER_C ? "C" : "Fortran");
        else if (is_dist)
            n += (size_t)snprintf(line + n, sizeof line - n, " %s", v == MPI_DISTRIBUTE_BLOCK ? "block" : "cyclic");
        else if (is_darg && v == MPI_DISTRIBUTE_DFLT_DARG)
            n += (size_t)snprintf(line + n, sizeof line - n, " default");
        else
            n += (size_t)snprintf(line + n, sizeof line - n, " i%d", v);
    }
    for (i = 0; i < nc; i++)
        n += (size_t)snprintf(line + n, sizeof line - n, " c%lld", (long long)c[i]);
    for (i = 0; i < nd; i++) {
        int cc;
        MPI_Type_get_envelope_c(d[i], &ni, &na, &nc, &nd, &cc);
        n += (size_t)snprintf(line + n, sizeof line - n, " %s", cc == MPI_COMBINER_NAMED ? "named" : "derived");
        if (cc != MPI_COMBINER_NAMED)
            MPI_Type_free(&d[i]);
    }
    {
        int ii, ia, id;
        e1 = MPI_Type_get_envelope(t, &ii, &ia, &id, &comb);
        e2 = MPI_Type_get_contents(t, 64, 64, 64, ints, a, d);
        MPI_Error_class(e1, &e3);
        MPI_Error_class(e2, &e4);
    }
    if (rank == 0)
        printf("%s; int queries: %s, %s\n", line, e3 == MPI_ERR_OTHER ? "MPI_ERR_OTHER" : "other",
               e4 == MPI_ERR_OTHER ? "MPI_ERR_OTHER" : "other");
}

int main(int argc, char **argv)
{
    int i, j, ok;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);

    int *a = xmalloc(sizeof(int) * N * size * 4), *b = xmalloc(sizeof(int) * N * size * 4);
    MPI_Count *cnt = xmalloc(sizeof(MPI_Count) * size), *cnt2 = xmalloc(sizeof(MPI_Count) * size);
    MPI_Aint *dsp = xmalloc(sizeof(MPI_Aint) * size), *dsp2 = xmalloc(sizeof(MPI_Aint) * size);
    MPI_Datatype *ty = xmalloc(sizeof(MPI_Datatype) * size);
    /* block j of rank r: j + 1 values (so that every count differs), at 2 * N * j */
    for (j = 0; j < size; j++) {
        cnt[j] = j % N + 1;
        dsp[j] = 2 * N * j;
        ty[j] = MPI_INT;
    }

    /* blocking v- and w-forms */
    {
        int root = size - 1;
        ok = 1;
        for (i = 0; i < 4 * N * size; i++)
            a[i] = val(rank, i, 1), b[i] = -1;
        MPI_Gatherv_c(a, cnt[rank], MPI_INT, b, cnt, dsp, MPI_INT, root, MPI_COMM_WORLD);
        if (rank == root)
            for (j = 0; j < size; j++)
                for (i = 0; i < cnt[j]; i++)
                    ok = ok && b[dsp[j] + i] == val(j, i, 1);
        for (i = 0; i < N; i++)
            b[i] = -1;
        MPI_Scatterv_c(a, cnt, dsp, MPI_INT, b, cnt[rank], MPI_INT, 0, MPI_COMM_WORLD);
        for (i = 0; i < cnt[rank]; i++)
            ok = ok && b[i] == val(0, dsp[rank] + i, 1);
        MPI_Allgatherv_c(a, cnt[rank], MPI_INT, b, cnt, dsp, MPI_INT, MPI_COMM_WORLD);
        for (j = 0; j < size; j++)
            for (i = 0; i < cnt[j]; i++)
                ok = ok && b[dsp[j] + i] == val(j, i, 1);
        /* alltoallv: rank r sends cnt[r] values to each, block j from a + dsp[j] */
        for (j = 0; j < size; j++) {
            cnt2[j] = cnt[rank];
            dsp2[j] = dsp[j];
        }
        MPI_Alltoallv_c(a, cnt2, dsp, MPI_INT, b, cnt, dsp2, MPI_INT, MPI_COMM_WORLD);
        for (j = 0; j < size; j++)
            for (i = 0; i < cnt[j]; i++)
                ok = ok && b[dsp[j] + i] == val(j, dsp[rank] + i, 1);
        /* alltoallw: the same in bytes */
        for (j = 0; j < size; j++) {
            dsp[j] *= (MPI_Aint)sizeof(int);
            dsp2[j] *= (MPI_Aint)sizeof(int);
        }
        MPI_Alltoallw_c(a, cnt2, dsp, ty, b, cnt, dsp2, ty, MPI_COMM_WORLD);
        for (j = 0; j < size; j++) {
            dsp[j] /= (MPI_Aint)sizeof(int);
            dsp2[j] /= (MPI_Aint)sizeof(int);
        }
        for (j = 0; j < size; j++)
            for (i = 0; i < cnt[j]; i++)
                ok = ok && b[dsp[j] + i] == val(j, dsp[rank] + i, 1);
        /* reduce_scatter: block j has cnt[j] values */
        MPI_Reduce_scatter_c(a, b, cnt, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        {
            int off = 0;
            for (j = 0; j < rank; j++)
                off += (int)cnt[j];
            for (i = 0; i < cnt[rank]; i++) {
                int e = 0;
                for (j = 0; j < size; j++)
                    e += val(j, off + i, 1);
                ok = ok && b[i] == e;
            }
        }
        MPI_Reduce_scatter_block_c(a, b, N, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        for (i = 0; i < N; i++)
            ok = ok && b[i] == val(size - 1, rank * N + i, 1);
        report("blocking v- and w-collective _c calls", ok);
    }

    /* nonblocking: all in flight at once, then one wait */
    {
        int *g = xmalloc(sizeof(int) * 2 * N * size), *ag = xmalloc(sizeof(int) * 2 * N * size),
            *av = xmalloc(sizeof(int) * 2 * N * size), *rs = xmalloc(sizeof(int) * N);
        MPI_Count *c1 = xmalloc(sizeof(MPI_Count) * size), *c2 = xmalloc(sizeof(MPI_Count) * size);
        MPI_Aint *d1 = xmalloc(sizeof(MPI_Aint) * size);
        MPI_Request q[5];
        ok = 1;
        for (j = 0; j < size; j++) {
            c1[j] = cnt[j];
            c2[j] = cnt[rank];
            d1[j] = dsp[j];
        }
        for (i = 0; i < 2 * N * size; i++)
            g[i] = ag[i] = av[i] = -1;
        MPI_Igatherv_c(a, cnt[rank], MPI_INT, g, c1, d1, MPI_INT, 0, MPI_COMM_WORLD, &q[0]);
        MPI_Iallgatherv_c(a, cnt[rank], MPI_INT, ag, c1, d1, MPI_INT, MPI_COMM_WORLD, &q[1]);
        MPI_Ialltoallv_c(a, c2, d1, MPI_INT, av, c1, d1, MPI_INT, MPI_COMM_WORLD, &q[2]);
        MPI_Ireduce_scatter_c(a, rs, c1, MPI_INT, MPI_MIN, MPI_COMM_WORLD, &q[3]);
        MPI_Iscatterv_c(a, c1, d1, MPI_INT, b, c1[rank], MPI_INT, 0, MPI_COMM_WORLD, &q[4]);
        MPI_Waitall(5, q, MPI_STATUSES_IGNORE);
        for (j = 0; j < size; j++)
            for (i = 0; i < cnt[j]; i++) {
                if (rank == 0)
                    ok = ok && g[dsp[j] + i] == val(j, i, 1);
                ok = ok && ag[dsp[j] + i] == val(j, i, 1) && av[dsp[j] + i] == val(j, dsp[rank] + i, 1);
            }
        {
            int off = 0;
            for (j = 0; j < rank; j++)
                off += (int)cnt[j];
            for (i = 0; i < cnt[rank]; i++)
                ok = ok && rs[i] == val(0, off + i, 1) && b[i] == val(0, dsp[rank] + i, 1);
        }
        for (j = 0; j < size; j++) {
            d1[j] = dsp[j] * (MPI_Aint)sizeof(int);
            av[j] = -1;
        }
        MPI_Ialltoallw_c(a, c2, d1, ty, av, c1, d1, ty, MPI_COMM_WORLD, &q[0]);
        MPI_Ireduce_scatter_block_c(a, rs, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &q[1]);
        MPI_Waitall(2, q, MPI_STATUSES_IGNORE);
        for (j = 0; j < size; j++)
            for (i = 0; i < cnt[j]; i++)
                ok = ok && av[dsp[j] + i] == val(j, dsp[rank] + i, 1);
        for (i = 0; i < N; i++) {
            int e = 0;
            for (j = 0; j < size; j++)
                e += val(j, rank * N + i, 1);
            ok = ok && rs[i] == e;
        }
        report("nonblocking v- and w-collective _c calls, in flight together", ok);

        /* persistent: made once, started three times with new data */
        MPI_Gatherv_init_c(a, cnt[rank], MPI_INT, g, c1, dsp, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &q[0]);
        MPI_Scatterv_init_c(a, c1, dsp, MPI_INT, b, c1[rank], MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &q[1]);
        MPI_Allgatherv_init_c(a, cnt[rank], MPI_INT, ag, c1, dsp, MPI_INT, MPI_COMM_WORLD, MPI_INFO_NULL, &q[2]);
        MPI_Alltoallv_init_c(a, c2, dsp, MPI_INT, av, c1, dsp, MPI_INT, MPI_COMM_WORLD, MPI_INFO_NULL, &q[3]);
        MPI_Reduce_scatter_init_c(a, rs, c1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &q[4]);
        ok = 1;
        for (int s = 0; s < 3; s++) {
            for (i = 0; i < 4 * N * size; i++)
                a[i] = val(rank, i, 2 + s);
            MPI_Startall(5, q);
            MPI_Waitall(5, q, MPI_STATUSES_IGNORE);
            for (j = 0; j < size; j++)
                for (i = 0; i < cnt[j]; i++) {
                    if (rank == 0)
                        ok = ok && g[dsp[j] + i] == val(j, i, 2 + s);
                    ok = ok && ag[dsp[j] + i] == val(j, i, 2 + s) && av[dsp[j] + i] == val(j, dsp[rank] + i, 2 + s);
                }
            for (i = 0; i < cnt[rank]; i++)
                ok = ok && b[i] == val(0, dsp[rank] + i, 2 + s);
        }
        for (i = 0; i < 5; i++)
            MPI_Request_free(&q[i]);
        MPI_Alltoallw_init_c(a, c2, d1, ty, av, c1, d1, ty, MPI_COMM_WORLD, MPI_INFO_NULL, &q[0]);
        MPI_Reduce_scatter_block_init_c(a, rs, N, MPI_INT, MPI_MAX, MPI_COMM_WORLD, MPI_INFO_NULL, &q[1]);
        MPI_Startall(2, q);
        MPI_Waitall(2, q, MPI_STATUSES_IGNORE);
        for (j = 0; j < size; j++)
            for (i = 0; i < cnt[j]; i++)
                ok = ok && av[dsp[j] + i] == val(j, dsp[rank] + i, 4);
        for (i = 0; i < N; i++)
            ok = ok && rs[i] == val(size - 1, rank * N + i, 4);
        MPI_Request_free(&q[0]);
        MPI_Request_free(&q[1]);
        report("persistent v- and w-collective _c calls, three starts", ok);
        free(g);
        free(ag);
        free(av);
        free(rs);
        free(c1);
        free(c2);
        free(d1);
    }

    /* neighbourhood collectives on a periodic ring (of 3 or more: its two neighbours differ) */
    if (size < 3) {
        report("neighbourhood collective _c calls", 1);
    } else {
        MPI_Comm ring;
        int dims[1] = {size}, periods[1] = {1}, left = (rank - 1 + size) % size, right = (rank + 1) % size;
        MPI_Count nc[2] = {N, N};
        MPI_Aint nd[2] = {0, N}, nw[2] = {0, N * (MPI_Aint)sizeof(int)};
        MPI_Datatype nt[2] = {MPI_INT, MPI_INT};
        MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &ring);
        ok = 1;
        for (i = 0; i < 2 * N; i++)
            a[i] = val(rank, i, 5);
        /* the neighbours in order: left (source), right (source) */
        MPI_Neighbor_allgather_c(a, N, MPI_INT, b, N, MPI_INT, ring);
        for (i = 0; i < N; i++)
            ok = ok && b[i] == val(left, i, 5) && b[N + i] == val(right, i, 5);
        MPI_Neighbor_allgatherv_c(a, N, MPI_INT, b, nc, nd, MPI_INT, ring);
        for (i = 0; i < N; i++)
            ok = ok && b[i] == val(left, i, 5) && b[N + i] == val(right, i, 5);
        /* alltoall: block 0 goes left, block 1 right; so from left comes its block 1 */
        MPI_Neighbor_alltoall_c(a, N, MPI_INT, b, N, MPI_INT, ring);
        for (i = 0; i < N; i++)
            ok = ok && b[i] == val(left, N + i, 5) && b[N + i] == val(right, i, 5);
        MPI_Neighbor_alltoallv_c(a, nc, nd, MPI_INT, b, nc, nd, MPI_INT, ring);
        for (i = 0; i < N; i++)
            ok = ok && b[i] == val(left, N + i, 5) && b[N + i] == val(right, i, 5);
        MPI_Neighbor_alltoallw_c(a, nc, nw, nt, b, nc, nw, nt, ring);
        for (i = 0; i < N; i++)
            ok = ok && b[i] == val(left, N + i, 5) && b[N + i] == val(right, i, 5);
        MPI_Comm_free(&ring);
        report("neighbourhood collective _c calls", ok);
    }

    /* Op_create_c */
    {
        MPI_Op op;
        int x[N], y[N];
        ok = 1;
        MPI_Op_create_c(plus1_op, 1, &op);
        for (i = 0; i < N; i++)
            x[i] = i + 1, y[i] = 10 * i;
        MPI_Reduce_local_c(x, y, N, MPI_INT, op);
        for (i = 0; i < N; i++)
            ok = ok && y[i] == i + 1 + 10 * i + 1;
        for (i = 0; i < N; i++)
            x[i] = rank + i;
        MPI_Allreduce_c(x, y, N, MPI_INT, op, MPI_COMM_WORLD);
        for (i = 0; i < N; i++) /* the sum, plus one for each of the size - 1 applications */
            ok = ok && y[i] == size * (size - 1) / 2 + size * i + size - 1;
        MPI_Op_free(&op);
        report("Op_create_c, Reduce_local_c and Allreduce_c with it", ok);
    }

    /* type constructors */
    {
        int bl[3] = {2, 1, 3}, di[3] = {5, 0, 9};
        MPI_Count blc[3] = {2, 1, 3}, dic[3] = {5, 0, 9}, dhc[3] = {20, 0, 36};
        MPI_Aint dh[3] = {20, 0, 36}, ds[2] = {0, 8};
        MPI_Count dsc[2] = {0, 8}, bls[2] = {1, 2};
        int blsi[2] = {1, 2};
        MPI_Datatype tys[2] = {MPI_INT, MPI_SHORT};
        int sz[2] = {4, 6}, sub[2] = {2, 3}, st[2] = {1, 2};
        MPI_Count szc[2] = {4, 6}, subc[2] = {2, 3}, stc[2] = {1, 2};
        int dist[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC}, darg[2] = {MPI_DISTRIBUTE_DFLT_DARG, 1},
            ps[2] = {size, 1};
        int gs[2] = {5, 4};
        MPI_Count gsc[2] = {5, 4};
        MPI_Datatype t[7], u[7];
        static int buf[256];
        for (i = 0; i < 256; i++)
            buf[i] = val(rank, i, 6);
        MPI_Type_indexed_c(3, blc, dic, MPI_INT, &t[0]);
        MPI_Type_indexed(3, bl, di, MPI_INT, &u[0]);
        MPI_Type_create_hindexed_c(3, blc, dhc, MPI_INT, &t[1]);
        MPI_Type_create_hindexed(3, bl, dh, MPI_INT, &u[1]);
        MPI_Type_create_indexed_block_c(3, 2, dic, MPI_INT, &t[2]);
        MPI_Type_create_indexed_block(3, 2, di, MPI_INT, &u[2]);
        MPI_Type_create_hindexed_block_c(3, 2, dhc, MPI_INT, &t[3]);
        MPI_Type_create_hindexed_block(3, 2, dh, MPI_INT, &u[3]);
        MPI_Type_create_struct_c(2, bls, dsc, tys, &t[4]);
        MPI_Type_create_struct(2, blsi, ds, tys, &u[4]);
        MPI_Type_create_subarray_c(2, szc, subc, stc, MPI_ORDER_C, MPI_INT, &t[5]);
        MPI_Type_create_subarray(2, sz, sub, st, MPI_ORDER_C, MPI_INT, &u[5]);
        MPI_Type_create_darray_c(size, rank, 2, gsc, dist, darg, ps, MPI_ORDER_FORTRAN, MPI_INT, &t[6]);
        MPI_Type_create_darray(size, rank, 2, gs, dist, darg, ps, MPI_ORDER_FORTRAN, MPI_INT, &u[6]);
        ok = 1;
        for (i = 0; i < 7; i++) {
            MPI_Type_commit(&t[i]);
            MPI_Type_commit(&u[i]);
            ok = ok && same_map(t[i], u[i], buf);
        }
        report("_c type constructors: the typemaps of their int twins", ok);
        show("indexed_c", t[0]);
        show("hindexed_c", t[1]);
        show("indexed_block_c", t[2]);
        show("hindexed_block_c", t[3]);
        show("struct_c", t[4]);
        show("subarray_c", t[5]);
        { /* a darray's ints hold size and rank: shown for a grid of one process */
            MPI_Datatype d1;
            int ps1[2] = {1, 1};
            MPI_Type_create_darray_c(1, 0, 2, gsc, dist, darg, ps1, MPI_ORDER_FORTRAN, MPI_INT, &d1);
            show("darray_c", d1);
            MPI_Type_free(&d1);
        }
        {
            MPI_Datatype c, v;
            MPI_Type_contiguous_c(3, MPI_INT, &c);
            MPI_Type_vector_c(2, 2, 3, c, &v);
            show("contiguous_c", c);
            show("vector_c", v);
            MPI_Type_free(&c);
            MPI_Type_free(&v);
        }
        for (i = 0; i < 7; i++) {
            MPI_Type_free(&t[i]);
            MPI_Type_free(&u[i]);
        }
    }

    /* external32 */
    {
        int x[3] = {1, -2, 0x01020304}, y[3] = {0, 0, 0};
        unsigned char p[64];
        MPI_Count need, pos = 0, upos = 0;
        ok = 1;
        MPI_Pack_external_size_c("external32", 3, MPI_INT, &need);
        MPI_Pack_external_c("external32", x, 3, MPI_INT, p, sizeof p, &pos);
        MPI_Unpack_external_c("external32", p, pos, &upos, y, 3, MPI_INT);
        ok = need == 12 && pos == 12 && upos == 12 && p[8] == 1 && p[11] == 4 && p[7] == 0xfe;
        for (i = 0; i < 3; i++)
            ok = ok && y[i] == x[i];
        report("Pack_external_size_c, Pack_external_c, Unpack_external_c", ok);
    }

    /* one-sided */
    {
        int *mem, wbuf[4 * N], res[N], *sh;
        MPI_Win w1, w2, w3;
        MPI_Request q[4];
        MPI_Aint ssize, sunit;
        int right = (rank + 1) % size;
        ok = 1;
        for (i = 0; i < 4 * N; i++)
            wbuf[i] = -1;
        MPI_Win_create_c(wbuf, sizeof wbuf, sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &w1);
        MPI_Win_allocate_c(4 * N * sizeof(int), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &mem, &w2);
        for (i = 0; i < 4 * N; i++)
            mem[i] = val(rank, i, 7);
        for (i = 0; i < N; i++)
            a[i] = val(rank, i, 8);
        MPI_Win_fence(0, w1);
        MPI_Win_fence(0, w2);
        MPI_Put_c(a, N, MPI_INT, right, 0, N, MPI_INT, w1);
        MPI_Get_c(b, N, MPI_INT, right, N, N, MPI_INT, w2);
        MPI_Accumulate_c(a, N, MPI_INT, right, 0, N, MPI_INT, MPI_SUM, w2);
        MPI_Win_fence(0, w1);
        MPI_Win_fence(0, w2);
        for (i = 0; i < N; i++)
            ok = ok && wbuf[i] == val((rank - 1 + size) % size, i, 8) && b[i] == val(right, N + i, 7) &&
                 mem[i] == val(rank, i, 7) + val((rank - 1 + size) % size, i, 8);
        MPI_Win_fence(0, w2);
        MPI_Get_accumulate_c(a, N, MPI_INT, res, N, MPI_INT, right, 2 * N, N, MPI_INT, MPI_MAX, w2);
        MPI_Win_fence(0, w2);
        for (i = 0; i < N; i++)
            ok = ok && res[i] == val(right, 2 * N + i, 7);
        MPI_Win_lock(MPI_LOCK_SHARED, right, 0, w2);
        MPI_Rput_c(a, N, MPI_INT, right, 3 * N, N, MPI_INT, w2, &q[0]);
        MPI_Rget_c(b, N, MPI_INT, right, N, N, MPI_INT, w2, &q[1]);
        MPI_Waitall(2, q, MPI_STATUSES_IGNORE);
        MPI_Raccumulate_c(a, N, MPI_INT, right, 3 * N, N, MPI_INT, MPI_SUM, w2, &q[2]);
        MPI_Wait(&q[2], MPI_STATUS_IGNORE);
        MPI_Rget_accumulate_c(a, N, MPI_INT, res, N, MPI_INT, right, 3 * N, N, MPI_INT, MPI_NO_OP, w2, &q[3]);
        MPI_Wait(&q[3], MPI_STATUS_IGNORE);
        MPI_Win_unlock(right, w2);
        for (i = 0; i < N; i++)
            ok = ok && b[i] == val(right, N + i, 7) && res[i] == 2 * val(rank, i, 8);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Win_free(&w1);
        MPI_Win_free(&w2);
        {
            MPI_Comm node;
            int nr;
            MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
            MPI_Comm_rank(node, &nr);
            MPI_Win_allocate_shared_c((nr + 1) * sizeof(int), sizeof(int), MPI_INFO_NULL, node, &sh, &w3);
            MPI_Win_shared_query_c(w3, 0, &ssize, &sunit, &sh);
            ok = ok && ssize == (MPI_Aint)sizeof(int) && sunit == (MPI_Aint)sizeof(int);
            MPI_Win_free(&w3);
            MPI_Comm_free(&node);
        }
        report("one-sided _c calls and window makers", ok);
    }

    free(a);
    free(b);
    free(cnt);
    free(cnt2);
    free(dsp);
    free(dsp2);
    free(ty);
    MPI_Finalize();
    return 0;
}
