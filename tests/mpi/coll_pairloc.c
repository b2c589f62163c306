/* what this tests: MPI_MAXLOC and MPI_MINLOC on the six pair types through Reduce, Allreduce
 *   and Scan, including MPI_LONG_DOUBLE_INT whose padding lies past the end of a scratch buffer
 *   (a whole-struct copy there corrupted the heap at 4 ranks and more)
 * np: 1 4 5 8
 */
#include "coll_check.h"

#define N 7
/* a value with ties across ranks, so that the lower index must win */
static int v(int r, int i) { return (r * 7 + i * 3) % 5; }

#define CASE(T, MT)                                                                                  \
    {                                                                                                \
        struct { T v; int k; } in[N], out[N], scan[N];                                               \
        for (int i = 0; i < N; i++) {                                                                \
            in[i].v = (T)v(rank, i);                                                                 \
            in[i].k = rank;                                                                          \
        }                                                                                            \
        for (int o = 0; o < 2; o++) {                                                                \
            MPI_Op op = o ? MPI_MINLOC : MPI_MAXLOC;                                                 \
            int ok = 1;                                                                              \
            MPI_Reduce(in, out, N, MT, op, size - 1, MPI_COMM_WORLD);                                \
            MPI_Scan(in, scan, N, MT, op, MPI_COMM_WORLD);                                           \
            for (int i = 0; i < N; i++) {                                                            \
                int best = 0;                                                                        \
                for (int r = 1; r <= rank; r++)                                                      \
                    if (o ? v(r, i) < v(best, i) : v(r, i) > v(best, i))                             \
                        best = r;                                                                    \
                ok &= scan[i].k == best && scan[i].v == (T)v(best, i);                               \
            }                                                                                        \
            MPI_Allreduce(in, out, N, MT, op, MPI_COMM_WORLD);                                       \
            for (int i = 0; i < N; i++) {                                                            \
                int best = 0;                                                                        \
                for (int r = 1; r < size; r++)                                                       \
                    if (o ? v(r, i) < v(best, i) : v(r, i) > v(best, i))                             \
                        best = r;                                                                    \
                ok &= out[i].k == best && out[i].v == (T)v(best, i);                                 \
            }                                                                                        \
            char what[80];                                                                           \
            snprintf(what, sizeof what, "%s %s", #MT, o ? "MINLOC" : "MAXLOC");                      \
            report(what, ok);                                                                        \
        }                                                                                            \
    }

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CASE(float, MPI_FLOAT_INT)
    CASE(double, MPI_DOUBLE_INT)
    CASE(long, MPI_LONG_INT)
    CASE(int, MPI_2INT)
    CASE(short, MPI_SHORT_INT)
    CASE(long double, MPI_LONG_DOUBLE_INT)
    MPI_Finalize();
    return 0;
}
