/* what this tests: counts above INT_MAX for real (MPI 4.0 large counts): Send_c/Recv_c and
 *   Isend_c/Irecv_c of 2^31+16 MPI_CHAR with a pattern checked at both ends, Get_count_c and
 *   Get_elements_c (and Get_count's MPI_UNDEFINED) on their statuses, a contiguous type and a
 *   vector type (with gaps) of more than INT_MAX bytes, Type_size_c/Type_size on them, and
 *   Bcast_c of 2^31+16 MPI_CHAR; about 2.1 GB per rank
 * np: 2
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BIG (((MPI_Count)1 << 31) + 16)
#define GAP 64 /* bytes between the two blocks of the vector type */

/* Pattern c over positions 0, 1, ...: 4 KiB chunks of a fixed template, each stamped with its
 * number (so that a shift by any amount shows); filled and checked a chunk at a time. */
#define CH 4096
static void chunk(unsigned char *ch, MPI_Count k, int c)
{
    static unsigned char tmpl[CH];
    static int tmpl_c = -1;
    if (tmpl_c != c) {
        for (int j = 0; j < CH; j++)
            tmpl[j] = (unsigned char)(j * 131 + (j >> 8) * 7 + c * 29);
        tmpl_c = c;
    }
    memcpy(ch, tmpl, CH);
    MPI_Count stamp = k * 1000 + c;
    memcpy(ch, &stamp, sizeof stamp);
}

/* p[0 .. n) gets (fill) or is compared with (check) positions start .. start + n of pattern c */
static int walk(unsigned char *p, MPI_Count start, MPI_Count n, int c, int fill)
{
    unsigned char ch[CH];
    for (MPI_Count pos = start; pos < start + n;) {
        MPI_Count k = pos / CH, o = pos % CH, len = CH - o;
        if (len > start + n - pos)
            len = start + n - pos;
        chunk(ch, k, c);
        if (fill)
            memcpy(p + (pos - start), ch + o, (size_t)len);
        else if (memcmp(p + (pos - start), ch + o, (size_t)len))
            return 0;
        pos += len;
    }
    return 1;
}
static void fill(unsigned char *p, MPI_Count n, int c) { walk(p, 0, n, c, 1); }
static int check(const unsigned char *p, MPI_Count n, int c) { return walk((unsigned char *)p, 0, n, c, 0); }
static int check_at(const unsigned char *p, MPI_Count start, MPI_Count n, int c)
{
    return walk((unsigned char *)p, start, n, c, 0);
}

int main(int argc, char **argv)
{
    int rank, icount;
    MPI_Count cnt, elems, sz;
    MPI_Status st;
    MPI_Request r;
    MPI_Datatype contig, vec;
    unsigned char *buf;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    buf = malloc((size_t)BIG + GAP);
    if (!buf) {
        printf("rank %d: out of memory\n", rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }

    /* blocking, 2^31+16 MPI_CHAR */
    if (rank == 0) {
        fill(buf, BIG, 1);
        MPI_Send_c(buf, BIG, MPI_CHAR, 1, 1, MPI_COMM_WORLD);
        printf("Send_c: sender's buffer intact: %s\n", check(buf, BIG, 1) ? "ok" : "FAIL");
    } else {
        memset(buf, 0, (size_t)BIG);
        MPI_Recv_c(buf, BIG, MPI_CHAR, 0, 1, MPI_COMM_WORLD, &st);
        MPI_Get_count_c(&st, MPI_CHAR, &cnt);
        MPI_Get_elements_c(&st, MPI_CHAR, &elems);
        MPI_Get_count(&st, MPI_CHAR, &icount);
        printf("Recv_c: data %s, Get_count_c %lld, Get_elements_c %lld, Get_count %s\n",
               check(buf, BIG, 1) ? "ok" : "FAIL", (long long)cnt, (long long)elems,
               icount == MPI_UNDEFINED ? "MPI_UNDEFINED" : "a number");
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* nonblocking, the other way */
    if (rank == 1) {
        fill(buf, BIG, 2);
        MPI_Isend_c(buf, BIG, MPI_CHAR, 0, 2, MPI_COMM_WORLD, &r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    } else {
        MPI_Irecv_c(buf, BIG, MPI_CHAR, 1, 2, MPI_COMM_WORLD, &r);
        MPI_Wait(&r, &st);
        MPI_Get_count_c(&st, MPI_CHAR, &cnt);
        printf("Irecv_c: data %s, Get_count_c %lld\n", check(buf, BIG, 2) ? "ok" : "FAIL", (long long)cnt);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* a contiguous type of BIG bytes, sent as one element, received as chars */
    MPI_Type_contiguous_c(BIG / 8, MPI_DOUBLE, &contig);
    MPI_Type_commit(&contig);
    if (rank == 0) {
        MPI_Type_size_c(contig, &sz);
        MPI_Type_size(contig, &icount);
        printf("contiguous type: Type_size_c %lld, Type_size %s\n", (long long)sz,
               icount == MPI_UNDEFINED ? "MPI_UNDEFINED" : "a number");
        fill(buf, BIG, 3);
        MPI_Send(buf, 1, contig, 1, 3, MPI_COMM_WORLD);
    } else {
        MPI_Recv_c(buf, BIG, MPI_CHAR, 0, 3, MPI_COMM_WORLD, &st);
        MPI_Get_count_c(&st, contig, &cnt);
        MPI_Get_elements_c(&st, contig, &elems);
        printf("contiguous type received as chars: data %s, Get_count_c(type) %lld, Get_elements_c(type) %lld\n",
               check(buf, BIG, 3) ? "ok" : "FAIL", (long long)cnt, (long long)elems);
    }
    MPI_Type_free(&contig);
    MPI_Barrier(MPI_COMM_WORLD);

    /* a vector type: 2 blocks of BIG/2 chars, GAP bytes apart; received as chars */
    MPI_Type_vector_c(2, BIG / 2, BIG / 2 + GAP, MPI_CHAR, &vec);
    MPI_Type_commit(&vec);
    if (rank == 0) {
        MPI_Aint lb, ext;
        MPI_Type_get_extent(vec, &lb, &ext);
        MPI_Type_size_c(vec, &sz);
        printf("vector type: Type_size_c %lld, extent %lld\n", (long long)sz, (long long)ext);
        fill(buf, BIG + GAP, 4);
        MPI_Send(buf, 1, vec, 1, 4, MPI_COMM_WORLD);
        MPI_Recv_c(buf, 1, vec, 1, 5, MPI_COMM_WORLD, &st); /* back into the vector's layout */
        MPI_Get_elements_c(&st, vec, &elems);
        int ok = check(buf, BIG / 2, 5) && check(buf + BIG / 2 + GAP, BIG / 2, 6);
        ok = ok && check_at(buf + BIG / 2, BIG / 2, GAP, 4); /* the gap is left alone */
        printf("vector type received: data %s, Get_elements_c %lld\n", ok ? "ok" : "FAIL", (long long)elems);
    } else {
        MPI_Recv_c(buf, BIG, MPI_CHAR, 0, 4, MPI_COMM_WORLD, &st);
        int ok = check_at(buf, 0, BIG / 2, 4) && check_at(buf + BIG / 2, BIG / 2 + GAP, BIG / 2, 4);
        MPI_Get_count_c(&st, MPI_CHAR, &cnt);
        printf("vector type sent: data %s, Get_count_c %lld\n", ok ? "ok" : "FAIL", (long long)cnt);
        fill(buf, BIG / 2, 5);
        fill(buf + BIG / 2, BIG / 2, 6);
        MPI_Send_c(buf, BIG, MPI_CHAR, 0, 5, MPI_COMM_WORLD);
    }
    MPI_Type_free(&vec);
    MPI_Barrier(MPI_COMM_WORLD);

    /* Bcast_c from rank 1 */
    if (rank == 1)
        fill(buf, BIG, 7);
    else
        memset(buf, 0, (size_t)BIG);
    MPI_Bcast_c(buf, BIG, MPI_CHAR, 1, MPI_COMM_WORLD);
    if (rank == 0)
        printf("Bcast_c: data %s\n", check(buf, BIG, 7) ? "ok" : "FAIL");
    free(buf);
    MPI_Finalize();
    return 0;
}
