/* what this tests: Send/Recv of every predefined C datatype with extreme values;
 *   Get_count in elements and in MPI_BYTE gives the C size of each type
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>
#include <stdint.h>
#include <limits.h>
#include <float.h>

#define N 4

/* rank 0 sends v[0..N-1]; rank 1 receives and prints them with fmt cast to pt */
#define XFER(T, DT, PT, FMT, V0, V1, V2, V3)                                               \
    do {                                                                                   \
        T v[N] = {V0, V1, V2, V3}, r[N + 1];                                               \
        int c1, c2, k;                                                                     \
        MPI_Status st;                                                                     \
        if (rank == 0) {                                                                   \
            MPI_Send(v, N, DT, 1, tag, MPI_COMM_WORLD);                                    \
        } else {                                                                           \
            MPI_Recv(r, N + 1, DT, 0, tag, MPI_COMM_WORLD, &st);                           \
            MPI_Get_count(&st, DT, &c1);                                                   \
            MPI_Get_count(&st, MPI_BYTE, &c2);                                             \
            printf("%-22s count=%d bytes=%d sizeof ok=%d:", #DT, c1, c2,                   \
                   c2 == (int)(N * sizeof(T)));                                            \
            for (k = 0; k < N; k++)                                                        \
                printf(" " FMT, (PT)r[k]);                                                 \
            printf("\n");                                                                  \
        }                                                                                  \
        tag++;                                                                             \
    } while (0)

int main(int argc, char **argv)
{
    int rank, tag = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank < 2) {
        XFER(char, MPI_CHAR, int, "%d", 'a', 'Z', '0', 0);
        XFER(signed char, MPI_SIGNED_CHAR, int, "%d", SCHAR_MIN, SCHAR_MAX, -1, 0);
        XFER(unsigned char, MPI_UNSIGNED_CHAR, unsigned, "%u", 0, UCHAR_MAX, 128, 1);
        XFER(unsigned char, MPI_BYTE, unsigned, "%u", 0, 255, 0x5a, 0xa5);
        XFER(short, MPI_SHORT, int, "%d", SHRT_MIN, SHRT_MAX, -1, 0);
        XFER(unsigned short, MPI_UNSIGNED_SHORT, unsigned, "%u", 0, USHRT_MAX, 12345, 1);
        XFER(int, MPI_INT, int, "%d", INT_MIN, INT_MAX, -1, 0);
        XFER(unsigned, MPI_UNSIGNED, unsigned, "%u", 0, UINT_MAX, 3000000000u, 1);
        XFER(long, MPI_LONG, long, "%ld", LONG_MIN, LONG_MAX, -1, 0);
        XFER(unsigned long, MPI_UNSIGNED_LONG, unsigned long, "%lu", 0, ULONG_MAX, 1, 2);
        XFER(long long, MPI_LONG_LONG, long long, "%lld", LLONG_MIN, LLONG_MAX, -1, 0);
        XFER(long long, MPI_LONG_LONG_INT, long long, "%lld", -5, 5, 1LL << 40, 0);
        XFER(unsigned long long, MPI_UNSIGNED_LONG_LONG, unsigned long long, "%llu", 0, ULLONG_MAX,
             1ULL << 63, 7);
        XFER(float, MPI_FLOAT, double, "%.9g", FLT_MIN, FLT_MAX, -0.1f, 1.0f / 3.0f);
        XFER(double, MPI_DOUBLE, double, "%.17g", DBL_MIN, DBL_MAX, -0.1, 1.0 / 3.0);
        XFER(int8_t, MPI_INT8_T, int, "%d", INT8_MIN, INT8_MAX, -1, 0);
        XFER(uint8_t, MPI_UINT8_T, unsigned, "%u", 0, UINT8_MAX, 128, 1);
        XFER(int16_t, MPI_INT16_T, int, "%d", INT16_MIN, INT16_MAX, -1, 0);
        XFER(uint16_t, MPI_UINT16_T, unsigned, "%u", 0, UINT16_MAX, 32768, 1);
        XFER(int32_t, MPI_INT32_T, long long, "%lld", INT32_MIN, INT32_MAX, -1, 0);
        XFER(uint32_t, MPI_UINT32_T, unsigned long long, "%llu", 0, UINT32_MAX, 1u << 31, 1);
        XFER(int64_t, MPI_INT64_T, long long, "%lld", INT64_MIN, INT64_MAX, -1, 0);
        XFER(uint64_t, MPI_UINT64_T, unsigned long long, "%llu", 0, UINT64_MAX, 1ULL << 63, 1);
    }
    MPI_Finalize();
    return 0;
}
