/* what this tests: MPI_Type_create_f90_real, _complex and _integer give MPICH's kinds for each
 *   precision and range (MPI_UNDEFINED asks for nothing), as unnamed types with an F90 combiner
 *   whose contents are the arguments, the same handle for the same arguments, usable at once
 *   (no commit) in communication and reductions; none fits: an error and MPI_DATATYPE_NULL.
 *   With -DWITH_MPICH_BROKEN (unit/mpich_broken.sh): the error is MPI_ERR_ARG, as MPICH documents
 *   (MPICH 4.0.2 returns MPI_ERR_OTHER), and MPI_Type_free of such a predefined type is
 *   MPI_ERR_TYPE (MPICH frees it, then aborts in a later call)
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

static const char *comb(int c)
{
    return c == MPI_COMBINER_F90_REAL ? "F90_REAL" : c == MPI_COMBINER_F90_COMPLEX ? "F90_COMPLEX"
         : c == MPI_COMBINER_F90_INTEGER ? "F90_INTEGER" : c == MPI_COMBINER_NAMED ? "NAMED" : "other";
}

static void show(const char *what, int p, int r, int rc, MPI_Datatype t)
{
    int ni, na, nd, c, size, len, ints[2] = {-9, -9};
    MPI_Aint lb, ext, a[1];
    MPI_Datatype d[1];
    char name[MPI_MAX_OBJECT_NAME], ps[16], rs[16];
    snprintf(ps, sizeof ps, p == MPI_UNDEFINED ? "undefined" : "%d", p);
    snprintf(rs, sizeof rs, r == MPI_UNDEFINED ? "undefined" : "%d", r);
    if (rc != MPI_SUCCESS) {
        printf("%s p=%s r=%s: error, newtype %s: ok\n", what, ps, rs,
               t == MPI_DATATYPE_NULL ? "MPI_DATATYPE_NULL" : "set");
        return;
    }
    MPI_Type_get_envelope(t, &ni, &na, &nd, &c);
    MPI_Type_size(t, &size);
    MPI_Type_get_extent(t, &lb, &ext);
    MPI_Type_get_contents(t, 2, 0, 0, ints, a, d);
    MPI_Type_get_name(t, name, &len);
    printf("%s p=%s r=%s: size %d, extent %ld, combiner %s, %d %d %d, ints %d %d, name '%s': ok\n", what, ps, rs, size,
           (long)ext, comb(c), ni, na, nd, ints[0], ni > 1 ? ints[1] : -9, name);
}

int main(int argc, char **argv)
{
    static const int pr[][2] = {{6, 37}, {3, 10}, {0, 0}, {7, 37}, {6, 38}, {15, 307}, {MPI_UNDEFINED, 300},
                                {10, MPI_UNDEFINED}, {16, 10}, {6, 308}, {33, 4931}};
    static const int ranges[] = {0, 1, 2, 3, 4, 5, 9, 10, 18, 19, 38, MPI_UNDEFINED};
    int rank, rc, n = (int)(sizeof pr / sizeof *pr);
    MPI_Datatype t, t2;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    for (int i = 0; i < n; i++) {
        t = MPI_DATATYPE_NULL;
        rc = MPI_Type_create_f90_real(pr[i][0], pr[i][1], &t);
        if (rank == 0)
            show("real", pr[i][0], pr[i][1], rc, t);
        t = MPI_DATATYPE_NULL;
        rc = MPI_Type_create_f90_complex(pr[i][0], pr[i][1], &t);
        if (rank == 0)
            show("complex", pr[i][0], pr[i][1], rc, t);
    }
    for (int i = 0; i < (int)(sizeof ranges / sizeof *ranges); i++) {
        t = MPI_DATATYPE_NULL;
        rc = MPI_Type_create_f90_integer(ranges[i], &t);
        if (rank == 0)
            show("integer", 0, ranges[i], rc, t);
    }
    MPI_Type_create_f90_real(6, 37, &t);
    MPI_Type_create_f90_real(6, 37, &t2);
    if (rank == 0)
        printf("real 6 37 twice: %s: ok\n", t == t2 ? "the same handle" : "two handles");
    MPI_Type_create_f90_real(5, 37, &t2);
    if (rank == 0)
        printf("real 6 37 and 5 37: %s: ok\n", t == t2 ? "the same handle" : "two handles");

    /* used at once: a send of doubles as real(15, 300), a sum of int64 as integer(15), complex products */
    double x[3] = {1.5 + rank, 2.5, -3.25}, y[3] = {0};
    long long li[2] = {1000000000000LL * (rank + 1), -rank}, lo[2];
    MPI_Datatype dr, di, dc;
    MPI_Type_create_f90_real(15, 300, &dr);
    MPI_Type_create_f90_integer(15, &di);
    MPI_Type_create_f90_complex(6, 30, &dc);
    if (rank == 1)
        MPI_Send(x, 3, dr, 0, 7, MPI_COMM_WORLD);
    else {
        MPI_Status st;
        int cnt;
        MPI_Recv(y, 3, dr, 1, 7, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, dr, &cnt);
        printf("received %g %g %g, count %d: ok\n", y[0], y[1], y[2], cnt);
    }
    MPI_Allreduce(li, lo, 2, di, MPI_SUM, MPI_COMM_WORLD);
    float cx[2] = {1.0f + rank, 2.0f}, co[2];
    MPI_Allreduce(cx, co, 1, dc, MPI_PROD, MPI_COMM_WORLD);
    if (rank == 0) {
        printf("integer(15) sum %lld %lld: ok\n", lo[0], lo[1]);
        printf("complex(6,30) product %g%+gi: ok\n", co[0], co[1]);
    }
    MPI_Datatype dup;
    int ni, na, nd, c;
    MPI_Type_dup(dr, &dup);
    MPI_Type_get_envelope(dup, &ni, &na, &nd, &c);
    if (rank == 0)
        printf("dup: combiner %s: ok\n", c == MPI_COMBINER_DUP ? "DUP" : comb(c));
    MPI_Type_free(&dup);
#ifdef WITH_MPICH_BROKEN
    int cls;
    rc = MPI_Type_create_f90_real(16, 10, &t2);
    MPI_Error_class(rc, &cls);
    if (rank == 0)
        printf("real p=16 r=10: %s\n", cls == MPI_ERR_ARG ? "MPI_ERR_ARG: ok" : "not MPI_ERR_ARG");
    rc = MPI_Type_create_f90_integer(19, &t2);
    MPI_Error_class(rc, &cls);
    if (rank == 0)
        printf("integer r=19: %s\n", cls == MPI_ERR_ARG ? "MPI_ERR_ARG: ok" : "not MPI_ERR_ARG");
    rc = MPI_Type_free(&dr);
    MPI_Error_class(rc, &cls);
    if (rank == 0)
        printf("Type_free: %s\n", cls == MPI_ERR_TYPE && dr != MPI_DATATYPE_NULL ? "MPI_ERR_TYPE: ok" : "freed");
#endif
    MPI_Finalize();
    return 0;
}
