/* what: MPI-IO shaped like a real code: a 3D field of doubles on a 3D process grid, checkpointed
 *       collectively through a subarray view after a header, then restarted on fewer ranks with
 *       another grid (and with halos in memory: a subarray memory type) that verify every value;
 *       the checkpoint's bytes do not depend on the rank count
 * np: 1 2 3 4 7
 */
#include "io_check.h"
#include "verdict.h"
#include <stdlib.h>

enum { NX = 20, NY = 15, NZ = 12, HEADER = 64 };
static double field(int i, int j, int k) { return i * 10000.0 + j * 100.0 + k + 0.125; }

/* this rank's block of the global grid along one dimension of n cells over p ranks */
static void split(int n, int p, int c, int *lo, int *len)
{
    *lo = n * c / p;
    *len = n * (c + 1) / p - *lo;
}

/* The view of this rank's block and the memory type of its block inside a halo of h cells. */
static void types(MPI_Comm comm, int h, MPI_Datatype *file, MPI_Datatype *mem, int lo[3], int len[3])
{
    int n, me, dims[3] = {0, 0, 0}, per[3] = {0, 0, 0}, c[3];
    MPI_Comm_size(comm, &n);
    MPI_Dims_create(n, 3, dims);
    MPI_Comm cart;
    MPI_Cart_create(comm, 3, dims, per, 0, &cart);
    MPI_Comm_rank(cart, &me);
    MPI_Cart_coords(cart, me, 3, c);
    MPI_Comm_free(&cart);
    int g[3] = {NX, NY, NZ};
    for (int d = 0; d < 3; d++)
        split(g[d], dims[d], c[d], &lo[d], &len[d]);
    MPI_Type_create_subarray(3, g, len, lo, MPI_ORDER_C, MPI_DOUBLE, file);
    MPI_Type_commit(file);
    int m[3] = {len[0] + 2 * h, len[1] + 2 * h, len[2] + 2 * h}, s[3] = {h, h, h};
    MPI_Type_create_subarray(3, m, len, s, MPI_ORDER_C, MPI_DOUBLE, mem);
    MPI_Type_commit(mem);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_File fh;
    MPI_Datatype ft, mt;
    int lo[3], len[3];

    /* the checkpoint: a header by rank 0, then the field */
    types(MPI_COMM_WORLD, 0, &ft, &mt, lo, len);
    double *u = malloc(sizeof *u * (size_t)(len[0] * len[1] * len[2] + 1));
    for (int i = 0, p = 0; i < len[0]; i++)
        for (int j = 0; j < len[1]; j++)
            for (int k = 0; k < len[2]; k++)
                u[p++] = field(lo[0] + i, lo[1] + j, lo[2] + k);
    if (rank == 0)
        MPI_File_delete("io_checkpoint.dat", MPI_INFO_NULL);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_File_open(MPI_COMM_WORLD, "io_checkpoint.dat", MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh);
    if (rank == 0) {
        char header[HEADER] = "simpi checkpoint 20 15 12";
        MPI_File_write(fh, header, HEADER, MPI_CHAR, MPI_STATUS_IGNORE);
    }
    MPI_File_set_view(fh, HEADER, MPI_DOUBLE, ft, "native", MPI_INFO_NULL);
    MPI_File_write_all(fh, u, len[0] * len[1] * len[2], MPI_DOUBLE, MPI_STATUS_IGNORE);
    MPI_File_close(&fh);
    MPI_Type_free(&ft), MPI_Type_free(&mt);
    free(u);
    if (rank == 0)
        io_digest("checkpoint", "io_checkpoint.dat");

    /* the restart: on the first (size + 1) / 2 ranks, into blocks with a halo of 1 */
    MPI_Comm half;
    MPI_Comm_split(MPI_COMM_WORLD, rank < (size + 1) / 2 ? 0 : MPI_UNDEFINED, rank, &half);
    int ok = 1;
    if (half != MPI_COMM_NULL) {
        types(half, 1, &ft, &mt, lo, len);
        size_t cells = (size_t)(len[0] + 2) * (size_t)(len[1] + 2) * (size_t)(len[2] + 2);
        double *w = malloc(sizeof *w * cells);
        for (size_t i = 0; i < cells; i++)
            w[i] = -1;
        MPI_File_open(half, "io_checkpoint.dat", MPI_MODE_RDONLY, MPI_INFO_NULL, &fh);
        char header[HEADER];
        MPI_File_read_at_all(fh, 0, header, HEADER, MPI_CHAR, MPI_STATUS_IGNORE);
        ok &= header[0] == 's' && header[17] == '2';
        MPI_File_set_view(fh, HEADER, MPI_DOUBLE, ft, "native", MPI_INFO_NULL);
        MPI_Status st;
        int count;
        MPI_File_read_all(fh, w, 1, mt, &st);
        MPI_Get_count(&st, mt, &count);
        ok &= count == 1;
        for (int i = 0; i < len[0] + 2; i++)
            for (int j = 0; j < len[1] + 2; j++)
                for (int k = 0; k < len[2] + 2; k++) {
                    double x = w[((size_t)i * (size_t)(len[1] + 2) + (size_t)j) * (size_t)(len[2] + 2) + (size_t)k];
                    int in = i && j && k && i <= len[0] && j <= len[1] && k <= len[2];
                    ok &= in ? x == field(lo[0] + i - 1, lo[1] + j - 1, lo[2] + k - 1) : x == -1;
                }
        MPI_File_close(&fh);
        MPI_Type_free(&ft), MPI_Type_free(&mt);
        MPI_Comm_free(&half);
        free(w);
    }
    verdict("restart on half the ranks: every value, halos untouched", ok);
    MPI_Finalize();
    return 0;
}
