/* what: MPI-IO views: one global array written collectively through a view of each kind (vector
 *       blocks, indexed, struct records, 2D subarray, 2D darray, strided memory), read back through
 *       the view and as plain bytes; the file's bytes are the same at any rank count; individual
 *       pointers, get_view, get_byte_offset and seek to the end in a view
 * np: 1 2 3 4 7
 */
#include "io_check.h"
#include "verdict.h"
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static int rank, size;

/* Each rank checks the whole file as plain ints (or doubles) against v(i). */
static int v(int i) { return i * 7 + 3; }
static int check_ints(MPI_File fh, int n)
{
    int *all = malloc(sizeof *all * (size_t)n), ok = 1;
    MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "native", MPI_INFO_NULL);
    MPI_File_read_at(fh, 0, all, n, MPI_INT, MPI_STATUS_IGNORE);
    for (int i = 0; i < n; i++)
        ok &= all[i] == v(i);
    free(all);
    return ok;
}

static MPI_File reopen(MPI_File *fh, const char *name)
{
    if (*fh != MPI_FILE_NULL)
        MPI_File_close(fh);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0 && name[0]) {
        MPI_File_delete(name, MPI_INFO_NULL);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, fh);
    return *fh;
}

static void digest(MPI_File *fh, const char *what, const char *name)
{
    MPI_File_close(fh);
    if (rank == 0)
        io_digest(what, name);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_open(MPI_COMM_WORLD, name, MPI_MODE_RDWR, MPI_INFO_NULL, fh);
}

/* vector blocks: B ints per block, blocks dealt round robin */
static void vector_blocks(void)
{
    enum { G = 1000, B = 5 };
    MPI_File fh = MPI_FILE_NULL;
    reopen(&fh, "io_views_vec.dat");
    MPI_Datatype blk, ft;
    MPI_Type_contiguous(B, MPI_INT, &blk);
    MPI_Type_create_resized(blk, 0, (MPI_Aint)size * B * sizeof(int), &ft);
    MPI_Type_commit(&ft);
    int nblk = (G / B - rank + size - 1) / size, n = nblk * B, k = 0;
    int *mine = malloc(sizeof *mine * (size_t)(n + 1)), *back = calloc((size_t)n + 1, sizeof *back);
    for (int b = rank; b < G / B; b += size)
        for (int j = 0; j < B; j++)
            mine[k++] = v(b * B + j);
    MPI_File_set_view(fh, (MPI_Offset)rank * B * sizeof(int), MPI_INT, ft, "native", MPI_INFO_NULL);
    MPI_Status st;
    int count;
    MPI_File_write_all(fh, mine, n, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    int ok = count == n;
    MPI_Offset pos, byte;
    MPI_File_get_position(fh, &pos);
    ok &= pos == n;
    MPI_File_get_byte_offset(fh, B + 2, &byte);
    ok &= byte == (MPI_Offset)((size + rank) * B + 2) * (MPI_Offset)sizeof(int);
    verdict("vector blocks: write_all, position, byte offset", ok);
    /* the view as it was set */
    MPI_Offset disp;
    MPI_Datatype et, ft2;
    char rep[MPI_MAX_DATAREP_STRING];
    MPI_File_get_view(fh, &disp, &et, &ft2, rep);
    int fsz;
    MPI_Aint lb, ext;
    MPI_Type_size(ft2, &fsz);
    MPI_Type_get_extent(ft2, &lb, &ext);
    verdict("get_view", disp == (MPI_Offset)rank * B * (MPI_Offset)sizeof(int) && et == MPI_INT && !strcmp(rep, "native") &&
                            fsz == B * (int)sizeof(int) && ext == (MPI_Aint)size * B * (MPI_Aint)sizeof(int));
    MPI_Type_free(&ft2);
    MPI_File_seek(fh, 0, MPI_SEEK_SET);
    MPI_File_read_all(fh, back, n, MPI_INT, &st);
    ok = 1;
    for (int i = 0; i < n; i++)
        ok &= back[i] == mine[i];
    /* the end of the file in the view: this rank's last block is its n-th etype */
    MPI_File_seek(fh, 0, MPI_SEEK_END);
    MPI_File_get_position(fh, &pos);
    MPI_Offset sz;
    MPI_File_get_size(fh, &sz);
    ok &= sz == G * (MPI_Offset)sizeof(int) && pos == n; /* every block is written: the end is after this rank's last */
    verdict("vector blocks: read_all back, seek to the end", ok);
    /* individual pointers: the same data again, in two independent writes each */
    memset(back, 0, sizeof *back * (size_t)n);
    MPI_File_seek(fh, 0, MPI_SEEK_SET);
    MPI_File_write(fh, mine, n / 2, MPI_INT, &st);
    MPI_File_write(fh, mine + n / 2, n - n / 2, MPI_INT, &st);
    MPI_File_seek(fh, n / 3, MPI_SEEK_SET);
    MPI_File_read(fh, back, n - n / 3, MPI_INT, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    ok = count == n - n / 3;
    for (int i = 0; i < n - n / 3; i++)
        ok &= back[i] == mine[n / 3 + i];
    verdict("vector blocks: individual pointers", ok);
    MPI_Barrier(MPI_COMM_WORLD);
    verdict("vector blocks: the file holds the global array", check_ints(fh, G));
    digest(&fh, "vector blocks", "io_views_vec.dat");
    MPI_File_close(&fh);
    MPI_Type_free(&blk);
    MPI_Type_free(&ft);
    free(mine);
    free(back);
}

/* indexed: rank r owns the ints i with (i * i + 3 * (i / 10)) % size == r, runs as blocks */
static void indexed(void)
{
    enum { G = 700 };
    MPI_File fh = MPI_FILE_NULL;
    reopen(&fh, "io_views_idx.dat");
    int *len = malloc(sizeof *len * G), *disp = malloc(sizeof *disp * G), nb = 0, n = 0;
    int *mine = malloc(sizeof *mine * G), *back = malloc(sizeof *back * G);
    for (int i = 0; i < G; i++)
        if ((i * i + 3 * (i / 10)) % size == rank) {
            if (nb && disp[nb - 1] + len[nb - 1] == i)
                len[nb - 1]++;
            else
                disp[nb] = i, len[nb++] = 1;
            mine[n++] = v(i);
        }
    MPI_Datatype ft;
    MPI_Type_indexed(nb, len, disp, MPI_INT, &ft);
    MPI_Type_commit(&ft);
    MPI_File_set_view(fh, 0, MPI_INT, ft, "native", MPI_INFO_NULL);
    MPI_File_write_all(fh, mine, n, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_read_at_all(fh, 0, back, n, MPI_INT, MPI_STATUS_IGNORE);
    int ok = 1;
    for (int i = 0; i < n; i++)
        ok &= back[i] == mine[i];
    verdict("indexed: write_all and read_at_all back", ok);
    MPI_Barrier(MPI_COMM_WORLD);
    verdict("indexed: the file holds the global array", check_ints(fh, G));
    digest(&fh, "indexed", "io_views_idx.dat");
    MPI_File_close(&fh);
    MPI_Type_free(&ft);
    free(len), free(disp), free(mine), free(back);
}

/* struct records: {int id; double x} packed in the file (12 bytes), dealt round robin */
typedef struct rec {
    int id;
    double x;
} rec_t;
static void records(void)
{
    enum { R = 50 };
    MPI_File fh = MPI_FILE_NULL;
    reopen(&fh, "io_views_rec.dat");
    int bl[2] = {1, 1};
    MPI_Aint md[2] = {offsetof(rec_t, id), offsetof(rec_t, x)}, fd[2] = {0, sizeof(int)};
    MPI_Datatype ty[2] = {MPI_INT, MPI_DOUBLE}, mt, packed, ft;
    MPI_Type_create_struct(2, bl, md, ty, &mt);
    MPI_Type_commit(&mt);
    MPI_Type_create_struct(2, bl, fd, ty, &packed);
    MPI_Type_create_resized(packed, 0, (MPI_Aint)size * 12, &ft);
    MPI_Type_commit(&ft);
    rec_t mine[R], back[R];
    int n = 0;
    for (int i = rank; i < R; i += size, n++)
        mine[n] = (rec_t){i, i * 0.5 + 1};
    MPI_File_set_view(fh, (MPI_Offset)rank * 12, MPI_BYTE, ft, "native", MPI_INFO_NULL);
    MPI_File_write_all(fh, mine, n, mt, MPI_STATUS_IGNORE);
    memset(back, 0, sizeof back);
    MPI_File_read_at_all(fh, 0, back, n, mt, MPI_STATUS_IGNORE);
    int ok = 1;
    for (int i = 0; i < n; i++)
        ok &= back[i].id == mine[i].id && back[i].x == mine[i].x;
    verdict("struct records: write_all and read back", ok);
    digest(&fh, "struct records", "io_views_rec.dat");
    MPI_File_close(&fh);
    MPI_Type_free(&mt), MPI_Type_free(&packed), MPI_Type_free(&ft);
}

/* a 2D subarray of doubles: columns split among the ranks */
static double a2(int i, int j) { return i * 100 + j + 0.25; }
static void subarray(void)
{
    enum { R = 12, C = 17 };
    MPI_File fh = MPI_FILE_NULL;
    reopen(&fh, "io_views_sub.dat");
    int c0 = C * rank / size, c1 = C * (rank + 1) / size, w = c1 - c0;
    double *mine = malloc(sizeof *mine * R * (size_t)w), *back = malloc(sizeof *back * R * (size_t)w);
    for (int i = 0; i < R; i++)
        for (int j = 0; j < w; j++)
            mine[i * w + j] = a2(i, c0 + j);
    int sizes[2] = {R, C}, sub[2] = {R, w}, start[2] = {0, c0};
    MPI_Datatype ft;
    MPI_Type_create_subarray(2, sizes, sub, start, MPI_ORDER_C, MPI_DOUBLE, &ft);
    MPI_Type_commit(&ft);
    MPI_File_set_view(fh, 0, MPI_DOUBLE, ft, "native", MPI_INFO_NULL);
    MPI_File_write_all(fh, mine, R * w, MPI_DOUBLE, MPI_STATUS_IGNORE);
    MPI_File_seek(fh, 0, MPI_SEEK_SET);
    MPI_File_read_all(fh, back, R * w, MPI_DOUBLE, MPI_STATUS_IGNORE);
    int ok = 1;
    for (int i = 0; i < R * w; i++)
        ok &= back[i] == mine[i];
    /* the whole array, read by every rank as plain doubles */
    double all[R * C];
    MPI_File_set_view(fh, 0, MPI_DOUBLE, MPI_DOUBLE, "native", MPI_INFO_NULL);
    MPI_File_read_all(fh, all, R * C, MPI_DOUBLE, MPI_STATUS_IGNORE);
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            ok &= all[i * C + j] == a2(i, j);
    verdict("subarray: write_all, read_all back, the whole array", ok);
    digest(&fh, "subarray", "io_views_sub.dat");
    MPI_File_close(&fh);
    MPI_Type_free(&ft);
    free(mine), free(back);
}

/* a 2D darray of ints: rows by blocks, columns cyclic by 2, on MPI_Dims_create's grid */
static void darray(void)
{
    enum { R = 10, C = 9 };
    MPI_File fh = MPI_FILE_NULL;
    reopen(&fh, "io_views_dar.dat");
    int dims[2] = {0, 0};
    MPI_Dims_create(size, 2, dims);
    int gs[2] = {R, C}, dist[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC}, darg[2] = {MPI_DISTRIBUTE_DFLT_DARG, 2};
    MPI_Datatype ft;
    MPI_Type_create_darray(size, rank, 2, gs, dist, darg, dims, MPI_ORDER_C, MPI_INT, &ft);
    MPI_Type_commit(&ft);
    int pr = rank / dims[1], pc = rank % dims[1], bs = (R + dims[0] - 1) / dims[0], n = 0;
    int mine[R * C], back[R * C];
    for (int i = 0; i < R; i++)
        for (int j = 0; j < C; j++)
            if (i / bs == pr && (j / 2) % dims[1] == pc)
                mine[n++] = v(i * C + j);
    int tsz;
    MPI_Type_size(ft, &tsz);
    int ok = tsz == n * (int)sizeof(int);
    MPI_File_set_view(fh, 0, MPI_INT, ft, "native", MPI_INFO_NULL);
    MPI_File_write_all(fh, mine, n, MPI_INT, MPI_STATUS_IGNORE);
    MPI_File_read_at_all(fh, 0, back, n, MPI_INT, MPI_STATUS_IGNORE);
    for (int i = 0; i < n; i++)
        ok &= back[i] == mine[i];
    verdict("darray: write_all and read back", ok);
    MPI_Barrier(MPI_COMM_WORLD);
    verdict("darray: the file holds the global array", check_ints(fh, R * C));
    digest(&fh, "darray", "io_views_dar.dat");
    MPI_File_close(&fh);
    MPI_Type_free(&ft);
}

/* strided memory (every other double) into one contiguous block of the file per rank */
static void strided_memory(void)
{
    enum { G = 420 };
    MPI_File fh = MPI_FILE_NULL;
    reopen(&fh, "io_views_mem.dat");
    int k = G / size;
    double *mem = malloc(sizeof *mem * 2 * (size_t)k), *back = malloc(sizeof *back * 2 * (size_t)k);
    for (int i = 0; i < k; i++)
        mem[2 * i] = rank * k + i + 0.5, mem[2 * i + 1] = -1;
    MPI_Datatype mt;
    MPI_Type_vector(k, 1, 2, MPI_DOUBLE, &mt);
    MPI_Type_commit(&mt);
    MPI_File_write_at_all(fh, (MPI_Offset)rank * k * (MPI_Offset)sizeof(double), mem, 1, mt, MPI_STATUS_IGNORE);
    for (int i = 0; i < 2 * k; i++)
        back[i] = -2;
    MPI_File_read_at_all(fh, (MPI_Offset)rank * k * (MPI_Offset)sizeof(double), back, 1, mt, MPI_STATUS_IGNORE);
    int ok = 1;
    for (int i = 0; i < k; i++)
        ok &= back[2 * i] == mem[2 * i] && back[2 * i + 1] == -2;
    verdict("strided memory: write_at_all and read_at_all", ok);
    digest(&fh, "strided memory", "io_views_mem.dat");
    MPI_File_close(&fh);
    MPI_Type_free(&mt);
    free(mem), free(back);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    vector_blocks();
    indexed();
    records();
    subarray();
    darray();
    strided_memory();
    MPI_Finalize();
    return 0;
}
