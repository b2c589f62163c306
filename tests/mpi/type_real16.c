/* what this tests: MPI_REAL16, Fortran's real(16) (gfortran's IEEE quad, C's __float128):
 *   size, extent and name, a send and a broadcast of quad values, and its external32 form (the
 *   IEEE quad, big-endian). With -DWITH_MPICH_BROKEN (unit/mpich_broken.sh): reductions (SUM,
 *   PROD, MAX, MIN) in quad precision, which MPICH 4.0.2 computes on the bytes as long double
 * np: 2 3
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rank, size, tsize, len;
    MPI_Aint lb, ext;
    char name[MPI_MAX_OBJECT_NAME];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Type_size(MPI_REAL16, &tsize);
    MPI_Type_get_extent(MPI_REAL16, &lb, &ext);
    MPI_Type_get_name(MPI_REAL16, name, &len);
    if (rank == 0)
        printf("%s: size %d, lb %ld, extent %ld: ok\n", name, tsize, (long)lb, (long)ext);

    /* a third is not a double: the low bits must arrive */
    __float128 third = 1.0Q / 3, v[2] = {0, 0};
    if (rank == 0) {
        v[0] = third;
        v[1] = -third * 1e300Q * 1e300Q;
        MPI_Send(v, 2, MPI_REAL16, size - 1, 3, MPI_COMM_WORLD);
    }
    int ok = 1, all;
    if (rank == size - 1) {
        MPI_Recv(v, 2, MPI_REAL16, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        ok = v[0] == third && v[1] == -third * 1e300Q * 1e300Q && v[0] != (double)third;
    }
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("received: %s: ok\n", all ? "exact" : "changed");
    __float128 b = rank == 0 ? third * 7 : 0;
    MPI_Bcast(&b, 1, MPI_REAL16, 0, MPI_COMM_WORLD);
    ok = b == third * 7;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_LAND, MPI_COMM_WORLD);
    if (rank == 0)
        printf("broadcast: %s: ok\n", all ? "exact" : "changed");

    unsigned char x[16];
    MPI_Aint pos = 0, xsize;
    __float128 one = -1.5Q, back = 0;
    MPI_Pack_external_size("external32", 1, MPI_REAL16, &xsize);
    MPI_Pack_external("external32", &one, 1, MPI_REAL16, x, sizeof x, &pos);
    pos = 0;
    MPI_Unpack_external("external32", x, sizeof x, &pos, &back, 1, MPI_REAL16);
    if (rank == 0)
        printf("external32: %ld bytes, %02x %02x %02x %02x, back %s: ok\n", (long)xsize, x[0], x[1], x[2], x[15],
               back == one ? "equal" : "different");
#ifdef WITH_MPICH_BROKEN
    __float128 in[2] = {third + rank, (__float128)(rank + 1) / 7}, out[2];
    __float128 s0 = 0, s1 = 0, p0 = 1, p1 = 1;
    for (int r = 0; r < size; r++) {
        s0 += third + r, s1 += (__float128)(r + 1) / 7;
        p0 *= third + r, p1 *= (__float128)(r + 1) / 7;
    }
    MPI_Allreduce(in, out, 2, MPI_REAL16, MPI_SUM, MPI_COMM_WORLD);
    ok = out[0] == s0 && out[1] == s1;
    MPI_Allreduce(in, out, 2, MPI_REAL16, MPI_PROD, MPI_COMM_WORLD);
    ok &= out[0] == p0 && out[1] == p1;
    MPI_Allreduce(in, out, 2, MPI_REAL16, MPI_MAX, MPI_COMM_WORLD);
    ok &= out[0] == third + (size - 1) && out[1] == (__float128)size / 7;
    MPI_Allreduce(in, out, 2, MPI_REAL16, MPI_MIN, MPI_COMM_WORLD);
    ok &= out[0] == third && out[1] == (__float128)1 / 7;
    if (rank == 0)
        printf("reductions in quad precision: %s\n", ok ? "ok" : "FAIL");
#endif
    MPI_Finalize();
    return 0;
}
