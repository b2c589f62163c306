/* what this tests: Reduce (root rotating with the op) and Allreduce with every predefined op
 *   (SUM PROD MIN MAX LAND LOR LXOR BAND BOR BXOR) on every predefined C type it applies to, and
 *   LXOR on floating types (MPICH accepts it, beyond the standard; its LAND and LOR on them assert)
 *   rank 0 prints the results, any rank prints FAIL if its result differs from the expected one
 * np: 4
 */
#include <mpi.h>
#include <stdio.h>
#include <stdint.h>

#define N 4
#define NOPS 10

static int rank, size;
static const char *opnames[NOPS] = {"SUM", "PROD", "MIN", "MAX", "LAND",
                                    "LOR", "LXOR", "BAND", "BOR", "BXOR"};
static MPI_Op ops[NOPS];

/* inputs: arithmetic ops, by kind of type */
static int gen_signed(int r, int i) /* -3..-1 and 1..3: products stay small, never 0 */
{
    int v = (r * 5 + i) % 6 - 3;
    return v >= 0 ? v + 1 : v;
}
static int gen_unsigned(int r, int i) { return (r * 3 + i) % 7 + 1; }
static int gen_char(int r, int i) { return (r + i) % 3 + 1; }
/* inputs: logical ops (element 0 all true, 1 one false, 2 all false, 3 alternating) */
static int gen_logical(int r, int i)
{
    switch (i) {
    case 0: return r + 1;
    case 1: return r == 2 ? 0 : 5;
    case 2: return 0;
    default: return r % 2;
    }
}
/* inputs: bitwise ops, touching the low and the high byte */
static unsigned long long gen_bits(int r, int i, size_t sz)
{
    unsigned long long u = (1ULL << r) | (0x10ULL << i);
    if (sz > 1)
        u |= u << (8 * (sz - 1));
    return u;
}

#define COMBINE_ARITH(a, b, o)                                                                    \
    (o) == 0 ? (a) + (b) : (o) == 1 ? (a) * (b) : (o) == 2 ? ((a) < (b) ? (a) : (b))              \
                                                            : ((a) > (b) ? (a) : (b))
#define COMBINE_INT(a, b, o)                                                                      \
    (o) < 4 ? COMBINE_ARITH(a, b, o) : (o) == 4 ? ((a) && (b)) : (o) == 5 ? ((a) || (b))          \
        : (o) == 6 ? (!(a) != !(b)) : (o) == 7 ? ((a) & (b)) : (o) == 8 ? ((a) | (b)) : ((a) ^ (b))

/* floating types take LXOR too (simpi and MPICH accept it, beyond the standard) */
#define COMBINE_FLT(a, b, o)                                                                      \
    (o) < 4 ? COMBINE_ARITH(a, b, o) : (o) == 4 ? ((a) && (b)) : (o) == 5 ? ((a) || (b)) : (!(a) != !(b))

#define GEN_VALUE(T, GEN, o, r, i, ISFLT)                                                         \
    ((o) < 4 ? (ISFLT ? (T)(GEN(r, i) * 0.5) : (T)GEN(r, i))                                      \
             : (o) < 7 ? (T)gen_logical(r, i) : (T)gen_bits(r, i, sizeof(T)))

#define DEFINE_TEST(NAME, T, GEN, PT, FMT, COMBINE, ISFLT)                                        \
    static void test_##NAME(MPI_Datatype dt, const char *dtname, int ofirst, int olast)           \
    {                                                                                             \
        int o, i, r;                                                                              \
        for (o = ofirst; o <= olast; o++) {                                                       \
            T s[N], r0[N], ra[N], e[N];                                                           \
            int ok0 = 1, oka = 1, root = o % size;                                                \
            for (i = 0; i < N; i++) {                                                             \
                s[i] = GEN_VALUE(T, GEN, o, rank, i, ISFLT);                                      \
                e[i] = GEN_VALUE(T, GEN, o, 0, i, ISFLT);                                         \
                for (r = 1; r < size; r++) {                                                      \
                    T v = GEN_VALUE(T, GEN, o, r, i, ISFLT);                                      \
                    e[i] = (T)(COMBINE(e[i], v, o));                                              \
                }                                                                                 \
                r0[i] = ra[i] = (T)7;                                                             \
            }                                                                                     \
            MPI_Reduce(s, r0, N, dt, ops[o], root, MPI_COMM_WORLD);                               \
            MPI_Allreduce(s, ra, N, dt, ops[o], MPI_COMM_WORLD);                                  \
            for (i = 0; i < N; i++) {                                                             \
                if (rank == root && r0[i] != e[i])                                                \
                    ok0 = 0;                                                                      \
                if (ra[i] != e[i])                                                                \
                    oka = 0;                                                                      \
            }                                                                                     \
            if (rank == 0) {                                                                      \
                printf("%-24s %-4s:", dtname, opnames[o]);                                        \
                for (i = 0; i < N; i++)                                                           \
                    printf(" " FMT, (PT)ra[i]);                                                   \
                printf("%s\n", ok0 && oka ? "" : "  FAIL");                                       \
            } else if (!ok0 || !oka) {                                                            \
                printf("FAIL rank %d: %s %s reduce ok=%d allreduce ok=%d\n", rank, dtname,        \
                       opnames[o], ok0, oka);                                                     \
            }                                                                                     \
        }                                                                                         \
    }

DEFINE_TEST(char, char, gen_char, int, "%d", COMBINE_INT, 0)
DEFINE_TEST(schar, signed char, gen_signed, int, "%d", COMBINE_INT, 0)
DEFINE_TEST(uchar, unsigned char, gen_unsigned, unsigned, "%u", COMBINE_INT, 0)
DEFINE_TEST(short, short, gen_signed, int, "%d", COMBINE_INT, 0)
DEFINE_TEST(ushort, unsigned short, gen_unsigned, unsigned, "%u", COMBINE_INT, 0)
DEFINE_TEST(int, int, gen_signed, int, "%d", COMBINE_INT, 0)
DEFINE_TEST(uint, unsigned, gen_unsigned, unsigned, "%u", COMBINE_INT, 0)
DEFINE_TEST(long, long, gen_signed, long, "%ld", COMBINE_INT, 0)
DEFINE_TEST(ulong, unsigned long, gen_unsigned, unsigned long, "%lu", COMBINE_INT, 0)
DEFINE_TEST(llong, long long, gen_signed, long long, "%lld", COMBINE_INT, 0)
DEFINE_TEST(ullong, unsigned long long, gen_unsigned, unsigned long long, "%llu", COMBINE_INT, 0)
DEFINE_TEST(i8, int8_t, gen_signed, int, "%d", COMBINE_INT, 0)
DEFINE_TEST(u8, uint8_t, gen_unsigned, unsigned, "%u", COMBINE_INT, 0)
DEFINE_TEST(i16, int16_t, gen_signed, int, "%d", COMBINE_INT, 0)
DEFINE_TEST(u16, uint16_t, gen_unsigned, unsigned, "%u", COMBINE_INT, 0)
DEFINE_TEST(i32, int32_t, gen_signed, long long, "%lld", COMBINE_INT, 0)
DEFINE_TEST(u32, uint32_t, gen_unsigned, unsigned long long, "%llu", COMBINE_INT, 0)
DEFINE_TEST(i64, int64_t, gen_signed, long long, "%lld", COMBINE_INT, 0)
DEFINE_TEST(u64, uint64_t, gen_unsigned, unsigned long long, "%llu", COMBINE_INT, 0)
DEFINE_TEST(flt, float, gen_signed, double, "%g", COMBINE_FLT, 1)
DEFINE_TEST(dbl, double, gen_signed, double, "%g", COMBINE_FLT, 1)

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    ops[0] = MPI_SUM; ops[1] = MPI_PROD; ops[2] = MPI_MIN; ops[3] = MPI_MAX; ops[4] = MPI_LAND;
    ops[5] = MPI_LOR; ops[6] = MPI_LXOR; ops[7] = MPI_BAND; ops[8] = MPI_BOR; ops[9] = MPI_BXOR;

    test_char(MPI_CHAR, "MPI_CHAR", 0, 9);
    test_schar(MPI_SIGNED_CHAR, "MPI_SIGNED_CHAR", 0, 9);
    test_uchar(MPI_UNSIGNED_CHAR, "MPI_UNSIGNED_CHAR", 0, 9);
    test_uchar(MPI_BYTE, "MPI_BYTE", 7, 9);
    test_short(MPI_SHORT, "MPI_SHORT", 0, 9);
    test_ushort(MPI_UNSIGNED_SHORT, "MPI_UNSIGNED_SHORT", 0, 9);
    test_int(MPI_INT, "MPI_INT", 0, 9);
    test_uint(MPI_UNSIGNED, "MPI_UNSIGNED", 0, 9);
    test_long(MPI_LONG, "MPI_LONG", 0, 9);
    test_ulong(MPI_UNSIGNED_LONG, "MPI_UNSIGNED_LONG", 0, 9);
    test_llong(MPI_LONG_LONG, "MPI_LONG_LONG", 0, 9);
    test_llong(MPI_LONG_LONG_INT, "MPI_LONG_LONG_INT", 0, 9);
    test_ullong(MPI_UNSIGNED_LONG_LONG, "MPI_UNSIGNED_LONG_LONG", 0, 9);
    test_i8(MPI_INT8_T, "MPI_INT8_T", 0, 9);
    test_u8(MPI_UINT8_T, "MPI_UINT8_T", 0, 9);
    test_i16(MPI_INT16_T, "MPI_INT16_T", 0, 9);
    test_u16(MPI_UINT16_T, "MPI_UINT16_T", 0, 9);
    test_i32(MPI_INT32_T, "MPI_INT32_T", 0, 9);
    test_u32(MPI_UINT32_T, "MPI_UINT32_T", 0, 9);
    test_i64(MPI_INT64_T, "MPI_INT64_T", 0, 9);
    test_u64(MPI_UINT64_T, "MPI_UINT64_T", 0, 9);
    test_flt(MPI_FLOAT, "MPI_FLOAT", 0, 3);
    test_flt(MPI_FLOAT, "MPI_FLOAT", 6, 6);
    test_dbl(MPI_DOUBLE, "MPI_DOUBLE", 0, 3);
    test_dbl(MPI_DOUBLE, "MPI_DOUBLE", 6, 6);

    MPI_Finalize();
    return 0;
}
