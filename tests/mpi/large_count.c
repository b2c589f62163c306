/* what this tests: MPI 4.0's large-count (_c) forms with ordinary counts: every send mode and
 *   receive (blocking, nonblocking, persistent, matched), Sendrecv(_replace), Isendrecv,
 *   Get_count_c, Get_elements_c, Buffer_attach_c/detach_c, the collectives Bcast, Gather,
 *   Scatter, Allgather, Alltoall, Reduce, Allreduce, Scan, Exscan (blocking and I-forms) and
 *   Bcast_init_c/Allreduce_init_c, the constructors Type_contiguous_c, Type_vector_c,
 *   Type_create_hvector_c, Type_create_resized_c, the queries Type_size_c,
 *   Type_get_extent_c, Type_get_true_extent_c, and Pack_c, Unpack_c, Pack_size_c
 * np: 1 2 3 4
 */
#include "coll_check.h"

#define N 8

int main(int argc, char **argv)
{
    int i, j, ok, next, prev;
    MPI_Count cnt, lb, ext;
    MPI_Status st;
    MPI_Request r[4];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    next = (rank + 1) % size;
    prev = (rank - 1 + size) % size;

    /* point to point, in a ring: each mode once, tags apart */
    {
        int s[N], d[6][N], b[N];
        MPI_Count bsize = N * sizeof(int) + MPI_BSEND_OVERHEAD, dsize;
        void *buf = xmalloc((size_t)bsize), *dbuf;
        for (i = 0; i < N; i++)
            s[i] = val(rank, i, 1);
        for (j = 0; j < 6; j++)
            for (i = 0; i < N; i++)
                d[j][i] = -1;
        MPI_Buffer_attach_c(buf, bsize);
        MPI_Irecv_c(d[0], N, MPI_INT, prev, 10, MPI_COMM_WORLD, &r[0]);
        MPI_Irecv_c(d[1], N, MPI_INT, prev, 11, MPI_COMM_WORLD, &r[1]);
        MPI_Recv_init_c(d[2], N, MPI_INT, prev, 12, MPI_COMM_WORLD, &r[2]);
        MPI_Start(&r[2]);
        MPI_Barrier(MPI_COMM_WORLD); /* the receives are posted: Rsend may go */
        MPI_Rsend_c(s, N, MPI_INT, next, 10, MPI_COMM_WORLD);
        MPI_Bsend_c(s, N, MPI_INT, next, 11, MPI_COMM_WORLD);
        MPI_Isend_c(s, N, MPI_INT, next, 12, MPI_COMM_WORLD, &r[3]);
        MPI_Waitall(4, r, MPI_STATUSES_IGNORE);
        MPI_Request_free(&r[2]);
        MPI_Buffer_detach_c(&dbuf, &dsize);
        ok = dbuf == buf && dsize == bsize;
        free(buf);
        if (size == 1) { /* to itself: the receive first */
            MPI_Irecv_c(d[3], N, MPI_INT, prev, 13, MPI_COMM_WORLD, &r[0]);
            MPI_Ssend_c(s, N, MPI_INT, next, 13, MPI_COMM_WORLD);
            MPI_Wait(&r[0], &st);
        } else if (rank % 2 == 0) { /* a blocking ring in two phases */
            MPI_Ssend_c(s, N, MPI_INT, next, 13, MPI_COMM_WORLD);
            MPI_Recv_c(d[3], N, MPI_INT, prev, 13, MPI_COMM_WORLD, &st);
        } else {
            MPI_Recv_c(d[3], N, MPI_INT, prev, 13, MPI_COMM_WORLD, &st);
            MPI_Ssend_c(s, N, MPI_INT, next, 13, MPI_COMM_WORLD);
        }
        MPI_Get_count_c(&st, MPI_INT, &cnt);
        ok = ok && cnt == N && st.MPI_SOURCE == prev;
        MPI_Get_elements_c(&st, MPI_INT, &cnt);
        ok = ok && cnt == N;
        MPI_Get_count_c(&st, MPI_DOUBLE, &cnt);
        ok = ok && cnt == N * (MPI_Count)sizeof(int) / (MPI_Count)sizeof(double);
        MPI_Sendrecv_c(s, N, MPI_INT, next, 14, d[4], N, MPI_INT, prev, 14, MPI_COMM_WORLD, &st);
        MPI_Issend_c(s, N / 2, MPI_INT, next, 15, MPI_COMM_WORLD, &r[0]);
        {
            MPI_Message m;
            MPI_Mprobe(prev, 15, MPI_COMM_WORLD, &m, &st);
            MPI_Mrecv_c(d[5], N, MPI_INT, &m, &st);
        }
        MPI_Wait(&r[0], MPI_STATUS_IGNORE);
        MPI_Get_count_c(&st, MPI_INT, &cnt);
        ok = ok && cnt == N / 2;
        for (j = 0; j < 6; j++)
            for (i = 0; i < N; i++)
                ok = ok && d[j][i] == (j == 5 && i >= N / 2 ? -1 : val(prev, i, 1));
        for (i = 0; i < N; i++)
            b[i] = val(rank, i, 2);
        MPI_Sendrecv_replace_c(b, N, MPI_INT, next, 16, prev, 16, MPI_COMM_WORLD, &st);
        for (i = 0; i < N; i++)
            ok = ok && b[i] == val(prev, i, 2);
        MPI_Isendrecv_c(s, N, MPI_INT, prev, 17, d[0], N, MPI_INT, next, 17, MPI_COMM_WORLD, &r[0]);
        for (i = 0; i < N; i++)
            b[i] = val(rank, i, 3);
        MPI_Isendrecv_replace_c(b, N, MPI_INT, next, 18, prev, 18, MPI_COMM_WORLD, &r[1]);
        MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
        for (i = 0; i < N; i++)
            ok = ok && d[0][i] == val(next, i, 1) && b[i] == val(prev, i, 3);
        report("point to point _c calls", ok);
    }

    /* collectives */
    {
        int *a = xmalloc(sizeof(int) * N * size), *b = xmalloc(sizeof(int) * N * size);
        int root = size - 1, e;
        MPI_Request q;
        ok = 1;
        for (i = 0; i < N; i++)
            a[i] = rank == root ? val(root, i, 4) : -1;
        MPI_Bcast_c(a, N, MPI_INT, root, MPI_COMM_WORLD);
        for (i = 0; i < N; i++)
            ok = ok && a[i] == val(root, i, 4);
        for (i = 0; i < N; i++)
            a[i] = val(rank, i, 5);
        MPI_Gather_c(a, N, MPI_INT, b, N, MPI_INT, root, MPI_COMM_WORLD);
        if (rank == root)
            for (j = 0; j < size; j++)
                for (i = 0; i < N; i++)
                    ok = ok && b[j * N + i] == val(j, i, 5);
        MPI_Allgather_c(a, N, MPI_INT, b, N, MPI_INT, MPI_COMM_WORLD);
        for (j = 0; j < size; j++)
            for (i = 0; i < N; i++)
                ok = ok && b[j * N + i] == val(j, i, 5);
        for (i = 0; i < N * size; i++)
            a[i] = val(rank, i, 6);
        MPI_Scatter_c(a, N, MPI_INT, b, N, MPI_INT, 0, MPI_COMM_WORLD);
        for (i = 0; i < N; i++)
            ok = ok && b[i] == val(0, rank * N + i, 6);
        MPI_Alltoall_c(a, N, MPI_INT, b, N, MPI_INT, MPI_COMM_WORLD);
        for (j = 0; j < size; j++)
            for (i = 0; i < N; i++)
                ok = ok && b[j * N + i] == val(j, rank * N + i, 6);
        MPI_Reduce_c(a, b, N, MPI_INT, MPI_SUM, root, MPI_COMM_WORLD);
        if (rank == root)
            for (i = 0; i < N; i++) {
                for (e = 0, j = 0; j < size; j++)
                    e += val(j, i, 6);
                ok = ok && b[i] == e;
            }
        MPI_Allreduce_c(a, b, N, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        for (i = 0; i < N; i++)
            ok = ok && b[i] == val(size - 1, i, 6);
        MPI_Scan_c(a, b, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        for (i = 0; i < N; i++) {
            for (e = 0, j = 0; j <= rank; j++)
                e += val(j, i, 6);
            ok = ok && b[i] == e;
        }
        MPI_Exscan_c(a, b, N, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
        for (i = 0; i < N && rank > 0; i++) {
            for (e = 0, j = 0; j < rank; j++)
                e += val(j, i, 6);
            ok = ok && b[i] == e;
        }
        report("blocking collective _c calls", ok);

        ok = 1;
        MPI_Iallreduce_c(a, b, N, MPI_INT, MPI_MIN, MPI_COMM_WORLD, &q);
        MPI_Wait(&q, MPI_STATUS_IGNORE);
        for (i = 0; i < N; i++)
            ok = ok && b[i] == val(0, i, 6);
        for (i = 0; i < N; i++)
            a[i] = rank == 0 ? val(0, i, 7) : -1;
        MPI_Ibcast_c(a, N, MPI_INT, 0, MPI_COMM_WORLD, &q);
        MPI_Wait(&q, MPI_STATUS_IGNORE);
        for (i = 0; i < N; i++)
            ok = ok && a[i] == val(0, i, 7);
        MPI_Ialltoall_c(a, 1, MPI_INT, b, 1, MPI_INT, MPI_COMM_WORLD, &q);
        MPI_Wait(&q, MPI_STATUS_IGNORE);
        for (j = 0; j < size; j++)
            ok = ok && b[j] == val(0, rank, 7);
        report("nonblocking collective _c calls", ok);

        ok = 1;
        {
            int x, y;
            MPI_Request p[2];
            MPI_Allreduce_init_c(&x, &y, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &p[0]);
            MPI_Bcast_init_c(a, N, MPI_INT, root, MPI_COMM_WORLD, MPI_INFO_NULL, &p[1]);
            for (j = 0; j < 3; j++) {
                x = rank + j;
                for (i = 0; i < N; i++)
                    a[i] = rank == root ? val(root, i, 8 + j) : -1;
                MPI_Startall(2, p);
                MPI_Waitall(2, p, MPI_STATUSES_IGNORE);
                ok = ok && y == size * (size - 1) / 2 + size * j;
                for (i = 0; i < N; i++)
                    ok = ok && a[i] == val(root, i, 8 + j);
            }
            MPI_Request_free(&p[0]);
            MPI_Request_free(&p[1]);
        }
        report("persistent collective _c calls, three starts", ok);
        free(a);
        free(b);
    }

    /* datatypes and packing */
    {
        MPI_Datatype c, v, h, rz;
        MPI_Count sz, tlb, text;
        int in[24], out[24], pk[24];
        MPI_Count pos = 0, psize;
        ok = 1;
        MPI_Type_contiguous_c(3, MPI_INT, &c);
        MPI_Type_vector_c(4, 2, 3, MPI_INT, &v);
        MPI_Type_create_hvector_c(2, 1, 5 * (MPI_Count)sizeof(int), c, &h);
        MPI_Type_create_resized_c(MPI_INT, -(MPI_Count)sizeof(int), 3 * (MPI_Count)sizeof(int), &rz);
        MPI_Type_commit(&c);
        MPI_Type_commit(&v);
        MPI_Type_commit(&h);
        MPI_Type_commit(&rz);
        MPI_Type_size_c(v, &sz);
        MPI_Type_get_extent_c(v, &lb, &ext);
        MPI_Type_get_true_extent_c(v, &tlb, &text);
        ok = ok && sz == 8 * (MPI_Count)sizeof(int) && lb == 0 && ext == 11 * (MPI_Count)sizeof(int) && tlb == 0 &&
             text == ext;
        MPI_Type_size_c(h, &sz);
        MPI_Type_get_extent_c(h, &lb, &ext);
        ok = ok && sz == 6 * (MPI_Count)sizeof(int) && ext == 8 * (MPI_Count)sizeof(int);
        MPI_Type_get_extent_c(rz, &lb, &ext);
        MPI_Type_get_true_extent_c(rz, &tlb, &text);
        ok = ok && lb == -(MPI_Count)sizeof(int) && ext == 3 * (MPI_Count)sizeof(int) && tlb == 0 &&
             text == (MPI_Count)sizeof(int);
        for (i = 0; i < 24; i++) {
            in[i] = val(rank, i, 9);
            out[i] = -1;
        }
        MPI_Pack_size_c(2, v, MPI_COMM_WORLD, &psize);
        ok = ok && psize >= 16 * (MPI_Count)sizeof(int);
        MPI_Pack_c(in, 1, v, pk, sizeof pk, &pos, MPI_COMM_WORLD);
        MPI_Pack_c(in, 2, c, pk, sizeof pk, &pos, MPI_COMM_WORLD);
        ok = ok && pos == 14 * (MPI_Count)sizeof(int);
        pos = 0;
        MPI_Unpack_c(pk, sizeof pk, &pos, out, 1, v, MPI_COMM_WORLD);
        for (i = 0; i < 11; i++)
            ok = ok && out[i] == (i % 3 < 2 ? in[i] : -1);
        MPI_Unpack_c(pk, sizeof pk, &pos, out + 12, 6, MPI_INT, MPI_COMM_WORLD);
        for (i = 0; i < 6; i++)
            ok = ok && out[12 + i] == in[i];
        /* a vector sent and received with the _c forms: 4 blocks of 2 ints, stride 3 */
        for (i = 0; i < 24; i++)
            out[i] = -1;
        MPI_Sendrecv_c(in, 1, v, next, 19, out, 8, MPI_INT, prev, 19, MPI_COMM_WORLD, &st);
        MPI_Get_elements_c(&st, MPI_INT, &cnt);
        ok = ok && cnt == 8;
        for (i = 0; i < 8; i++)
            ok = ok && out[i] == val(prev, (i / 2) * 3 + i % 2, 9);
        MPI_Type_free(&c);
        MPI_Type_free(&v);
        MPI_Type_free(&h);
        MPI_Type_free(&rz);
        report("datatype constructors, queries and packing _c calls", ok);
    }

    MPI_Finalize();
    return 0;
}
