/* what this tests: MPI_Pack/Unpack of several items (predefined, vector, struct) into one
 *   buffer sent as MPI_PACKED, positions and Pack_size; packed data received as typed data
 *   and the reverse; Pack_external/Unpack_external ("external32": big-endian, standard
 *   sizes) with the packed bytes printed, sizes, and round trips
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>
#include <stdint.h>
#include <stdbool.h>
#include <string.h>

static void hex(const char *what, const void *p, MPI_Aint n)
{
    char line[1024];
    size_t len = (size_t)snprintf(line, sizeof line, "%s (%ld bytes):", what, (long)n);
    for (MPI_Aint i = 0; i < n; i++)
        len += (size_t)snprintf(line + len, sizeof line - len, " %02x", ((const unsigned char *)p)[i]);
    snprintf(line + len, sizeof line - len, "\n");
    fputs(line, stdout);
}

/* packs count values of type t in external32, prints the bytes, unpacks them into out */
static void ext32(const char *what, const void *in, int count, MPI_Datatype t, void *out)
{
    unsigned char buf[512];
    MPI_Aint size, pos = 0, upos = 0;
    MPI_Pack_external_size("external32", count, t, &size);
    MPI_Pack_external("external32", in, count, t, buf, sizeof buf, &pos);
    hex(what, buf, pos);
    if (pos != size)
        printf("%s: position %ld but size %ld\n", what, (long)pos, (long)size);
    MPI_Unpack_external("external32", buf, pos, &upos, out, count, t);
    if (upos != pos)
        printf("%s: unpacked %ld of %ld bytes\n", what, (long)upos, (long)pos);
}

int main(int argc, char **argv)
{
    int rank, size, pos;
    char buf[1000];
    MPI_Datatype vec, st;
    MPI_Status status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    MPI_Type_vector(3, 1, 2, MPI_DOUBLE, &vec);
    MPI_Type_commit(&vec);
    {
        MPI_Datatype raw;
        MPI_Type_create_struct(3, (int[]){1, 2, 1}, (MPI_Aint[]){0, 8, 24},
                               (MPI_Datatype[]){MPI_CHAR, MPI_INT, MPI_SHORT}, &raw);
        MPI_Type_create_resized(raw, 0, 32, &st); /* the stride of the char[32] records below */
        MPI_Type_free(&raw);
        MPI_Type_commit(&st);
    }

    if (rank == 0) {
        int n = 7;
        double d[12] = {1.5, -1, 2.5, -1, 3.5, -1, 4.5, -1, 5.5, -1, 6.5, -1};
        char s[6] = "hello";
        char sbuf[2][32];
        memset(sbuf, 0, sizeof sbuf);
        for (int k = 0; k < 2; k++) {
            sbuf[k][0] = (char)('A' + k);
            int iv[2] = {10 * k + 1, 10 * k + 2};
            short sv = (short)(-5 - k);
            memcpy(&sbuf[k][8], iv, sizeof iv);
            memcpy(&sbuf[k][24], &sv, sizeof sv);
        }
        MPI_Pack_size(1, MPI_INT, MPI_COMM_WORLD, &size);
        printf("pack_size int %d\n", size);
        MPI_Pack_size(2, vec, MPI_COMM_WORLD, &size);
        printf("pack_size 2 vec %d\n", size);
        MPI_Pack_size(2, st, MPI_COMM_WORLD, &size);
        printf("pack_size 2 struct %d\n", size);
        pos = 0;
        MPI_Pack(&n, 1, MPI_INT, buf, sizeof buf, &pos, MPI_COMM_WORLD);
        printf("position after int %d\n", pos);
        MPI_Pack(d, 1, vec, buf, sizeof buf, &pos, MPI_COMM_WORLD);
        printf("position after vec %d\n", pos);
        MPI_Pack(s, 6, MPI_CHAR, buf, sizeof buf, &pos, MPI_COMM_WORLD);
        printf("position after chars %d\n", pos);
        MPI_Pack(sbuf, 2, st, buf, sizeof buf, &pos, MPI_COMM_WORLD);
        printf("position after structs %d\n", pos);
        MPI_Send(buf, pos, MPI_PACKED, 1, 0, MPI_COMM_WORLD);

        /* packed data received as ints, ints received as packed */
        int three[3] = {11, 22, 33};
        pos = 0;
        MPI_Pack(three, 3, MPI_INT, buf, sizeof buf, &pos, MPI_COMM_WORLD);
        MPI_Send(buf, pos, MPI_PACKED, 1, 1, MPI_COMM_WORLD);
        MPI_Send(d, 2, vec, 1, 2, MPI_COMM_WORLD);
    } else {
        int n, count;
        double d[6] = {0, 0, 0, 0, 0, 0};
        char s[6], sbuf[2][32];
        memset(sbuf, 0, sizeof sbuf);
        MPI_Recv(buf, sizeof buf, MPI_PACKED, 0, 0, MPI_COMM_WORLD, &status);
        MPI_Get_count(&status, MPI_PACKED, &count);
        printf("received %d packed bytes\n", count);
        pos = 0;
        MPI_Unpack(buf, count, &pos, &n, 1, MPI_INT, MPI_COMM_WORLD);
        MPI_Unpack(buf, count, &pos, d, 1, vec, MPI_COMM_WORLD);
        MPI_Unpack(buf, count, &pos, s, 6, MPI_CHAR, MPI_COMM_WORLD);
        MPI_Unpack(buf, count, &pos, sbuf, 2, st, MPI_COMM_WORLD);
        printf("unpacked int %d vec %g %g %g %g %g string %s position %d\n", n, d[0], d[1], d[2], d[3], d[4], s, pos);
        for (int k = 0; k < 2; k++) {
            int iv[2];
            short sv;
            memcpy(iv, &sbuf[k][8], sizeof iv);
            memcpy(&sv, &sbuf[k][24], sizeof sv);
            printf("unpacked struct %d: %c %d %d %d\n", k, sbuf[k][0], iv[0], iv[1], sv);
        }
        int three[3];
        MPI_Recv(three, 3, MPI_INT, 0, 1, MPI_COMM_WORLD, &status);
        printf("packed as ints: %d %d %d\n", three[0], three[1], three[2]);
        MPI_Recv(buf, sizeof buf, MPI_PACKED, 0, 2, MPI_COMM_WORLD, &status);
        MPI_Get_count(&status, MPI_PACKED, &count);
        double six[6];
        pos = 0;
        MPI_Unpack(buf, count, &pos, six, 6, MPI_DOUBLE, MPI_COMM_WORLD);
        printf("vec as packed (%d bytes): %g %g %g %g %g %g\n", count, six[0], six[1], six[2], six[3], six[4],
               six[5]);

        /* external32 */
        int iv[2] = {1, -2}, io[2];
        ext32("int 1 -2", iv, 2, MPI_INT, io);
        printf("int back %d %d\n", io[0], io[1]);
        short sh[2] = {258, -1}, so[2];
        ext32("short 258 -1", sh, 2, MPI_SHORT, so);
        printf("short back %d %d\n", so[0], so[1]);
        long lv[2] = {-3, 65536}, lo[2];
        ext32("long -3 65536", lv, 2, MPI_LONG, lo);
        printf("long back %ld %ld\n", lo[0], lo[1]);
        unsigned long ul = 4000000000UL, ulo;
        ext32("unsigned long 4e9", &ul, 1, MPI_UNSIGNED_LONG, &ulo);
        printf("unsigned long back %lu\n", ulo);
        long long ll = -1234567890123LL, llo;
        ext32("long long", &ll, 1, MPI_LONG_LONG, &llo);
        printf("long long back %lld\n", llo);
        int64_t i64 = INT64_MIN, i64o;
        ext32("int64 min", &i64, 1, MPI_INT64_T, &i64o);
        printf("int64 back %lld\n", (long long)i64o);
        uint16_t u16 = 0xabcd, u16o;
        ext32("uint16", &u16, 1, MPI_UINT16_T, &u16o);
        printf("uint16 back %x\n", u16o);
        float f[2] = {1.0f, -0.15625f}, fo[2];
        ext32("float 1 -0.15625", f, 2, MPI_FLOAT, fo);
        printf("float back %g %g\n", fo[0], fo[1]);
        double dv = 3.141592653589793, dvo;
        ext32("double pi", &dv, 1, MPI_DOUBLE, &dvo);
        printf("double back %.15g\n", dvo);
        char cv[3] = "ab", co[3] = "";
        ext32("chars", cv, 3, MPI_CHAR, co);
        printf("chars back %s\n", co);
        bool bv[2] = {true, false}, bo[2];
        ext32("bool", bv, 2, MPI_C_BOOL, bo);
        printf("bool back %d %d\n", bo[0], bo[1]);
        double dc[6] = {1, 9, 2, 9, 3, 9}, dco[6] = {0, 0, 0, 0, 0, 0};
        ext32("vector of doubles", dc, 1, vec, dco);
        printf("vector back %g %g %g %g %g\n", dco[0], dco[1], dco[2], dco[3], dco[4]);
        /* (MPICH 4.0 aborts on external32 of structs mixing types: only one type here) */
        MPI_Datatype hi;
        short hs[8] = {1, 2, 3, 4, 5, 6, 7, 8}, hso[8] = {0, 0, 0, 0, 0, 0, 0, 0};
        MPI_Type_create_hindexed(2, (int[]){2, 1}, (MPI_Aint[]){8, 2}, MPI_SHORT, &hi);
        MPI_Type_commit(&hi);
        ext32("hindexed of shorts", hs, 1, hi, hso);
        printf("hindexed back %d %d %d %d %d %d\n", hso[0], hso[1], hso[2], hso[3], hso[4], hso[5]);
        MPI_Type_free(&hi);
        MPI_Aint es;
        MPI_Pack_external_size("external32", 5, vec, &es);
        printf("external32 size of 5 vectors %ld\n", (long)es);
        MPI_Pack_external_size("external32", 4, MPI_DOUBLE, &es);
        printf("external32 size of 4 doubles %ld\n", (long)es);
    }
    MPI_Type_free(&vec);
    MPI_Type_free(&st);
    MPI_Finalize();
    return 0;
}
