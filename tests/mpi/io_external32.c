/* what: MPI-IO in the "external32" data representation: ints, doubles, shorts, chars, long longs
 *       and floats written collectively at explicit offsets, doubles through an interleaved view
 *       of every rank's blocks, read back and checked; the file's bytes are big-endian (some
 *       printed) and identical to MPICH's; File_get_type_extent of int and double in the view.
 *       (MPICH 4.0.2 crashes on derived memory types in external32, and writes MPI_LONG as
 *       count x 8 bytes of which the last half is not data: neither is tested against it)
 * np: 1 2 3 4 7
 */
#include "io_check.h"
#include "verdict.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (rank == 0) {
        MPI_File_delete("io_external32.dat", MPI_INFO_NULL);
        MPI_File_delete("io_external32_v.dat", MPI_INFO_NULL);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* six sections of G values, of int, double, short, char, long long and float, each written
     * collectively as its predefined type, each rank K of them in rank order: the file does not
     * depend on the rank count */
    enum { G = 840 }; /* a multiple of 1..8 */
    const int K = G / size;
    MPI_Datatype types[6] = {MPI_INT, MPI_DOUBLE, MPI_SHORT, MPI_CHAR, MPI_LONG_LONG, MPI_FLOAT};
    const int xs[6] = {4, 8, 2, 1, 8, 4};
    int iv[G], ib[G];
    double dd[G], db[G];
    short sv[G], sb[G];
    char cv[G], cb[G];
    long long lv[G], lb[G];
    float fv[G], fb[G];
    void *out[6] = {iv, dd, sv, cv, lv, fv}, *in[6] = {ib, db, sb, cb, lb, fb};
    for (int k = 0; k < K; k++) {
        int v = rank * K + k;
        iv[k] = v * 7 - 3;
        dd[k] = v * 0.25 - 1;
        sv[k] = (short)(v - 40);
        cv[k] = (char)('a' + v % 26);
        lv[k] = (long long)v * 1000000007LL;
        fv[k] = v * 1.5f;
    }
    MPI_File fh;
    MPI_File_open(MPI_COMM_WORLD, "io_external32.dat", MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, 0, MPI_BYTE, MPI_BYTE, "external32", MPI_INFO_NULL);
    MPI_Aint ei, ed;
    MPI_File_get_type_extent(fh, MPI_INT, &ei);
    MPI_File_get_type_extent(fh, MPI_DOUBLE, &ed);
    if (rank == 0)
        printf("external32 extents: int %ld, double %ld\n", (long)ei, (long)ed);
    MPI_Status st;
    int count, ok = 1;
    MPI_Offset sec = 0;
    for (int t = 0; t < 6; t++) {
        MPI_File_write_at_all(fh, sec + (MPI_Offset)rank * K * xs[t], out[t], K, types[t], &st);
        MPI_Get_count(&st, types[t], &count);
        ok &= count == K;
        sec += (MPI_Offset)G * xs[t];
    }
    verdict("values written", ok);
    MPI_Barrier(MPI_COMM_WORLD);
    int peer = (rank + 1) % size;
    sec = 0;
    for (int t = 0; t < 6; t++) {
        MPI_File_read_at_all(fh, sec + (MPI_Offset)peer * K * xs[t], in[t], K, types[t], &st);
        sec += (MPI_Offset)G * xs[t];
    }
    for (int k = 0; k < K; k++) {
        int v = peer * K + k;
        ok &= ib[k] == v * 7 - 3 && db[k] == v * 0.25 - 1 && sb[k] == (short)(v - 40) &&
              cb[k] == (char)('a' + v % 26) && lb[k] == (long long)v * 1000000007LL && fb[k] == v * 1.5f;
    }
    verdict("the next rank's values read back", ok);
    if (rank == 0) { /* the first bytes as they are in the file: big-endian */
        unsigned char raw[16];
        MPI_File_read_at(fh, 4 * G - 8, raw, 16, MPI_BYTE, MPI_STATUS_IGNORE);
        printf("bytes %d..%d:", 4 * G - 8, 4 * G + 7);
        for (int k = 0; k < 16; k++)
            printf(" %02x", raw[k]);
        printf("\n");
    }
    MPI_File_close(&fh);

    /* G doubles through an interleaved view: blocks of 2 from every rank in turn */
    enum { B = 2 };
    const int NB = G / B / size;
    double dv[G], dback[G];
    for (int k = 0; k < NB; k++)
        for (int j = 0; j < B; j++)
            dv[k * B + j] = (k * size + rank) * B + j + 0.5;
    MPI_Datatype blocks, ft;
    MPI_Type_vector(NB, B, B * size, MPI_DOUBLE, &blocks);
    MPI_Type_create_resized(blocks, 0, (MPI_Aint)sizeof(double) * B * size * NB, &ft);
    MPI_Type_commit(&ft);
    MPI_File_open(MPI_COMM_WORLD, "io_external32_v.dat", MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
    MPI_File_set_view(fh, (MPI_Offset)rank * B * 8, MPI_DOUBLE, ft, "external32", MPI_INFO_NULL);
    MPI_File_write_all(fh, dv, B * NB, MPI_DOUBLE, &st);
    MPI_Get_count(&st, MPI_DOUBLE, &count);
    verdict("interleaved doubles written", count == B * NB);
    MPI_File_seek(fh, 0, MPI_SEEK_SET);
    MPI_File_read_all(fh, dback, B * NB, MPI_DOUBLE, &st);
    ok = 1;
    for (int k = 0; k < B * NB; k++)
        ok &= dback[k] == dv[k];
    verdict("interleaved doubles read back", ok);
    MPI_File_close(&fh);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        io_digest("records", "io_external32.dat");
        io_digest("interleaved", "io_external32_v.dat");
    }
    MPI_Type_free(&blocks);
    MPI_Type_free(&ft);
    MPI_Finalize();
    return 0;
}
