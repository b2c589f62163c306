/* what this tests: MPI-1's MPI_LB and MPI_UB markers as MPICH 4.0.2 keeps them: named, size and
 *   extent 0; in a struct they set its lower and upper bound (padding of the other members
 *   first, a bound below the data too), types built on such a struct, its contents listing
 *   the markers, and data sent with it (elements one marker-set extent apart)
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>

static void show(const char *what, MPI_Datatype t)
{
    MPI_Aint lb, ext, tlb, text;
    int size;
    MPI_Type_get_extent(t, &lb, &ext);
    MPI_Type_get_true_extent(t, &tlb, &text);
    MPI_Type_size(t, &size);
    printf("%s: size %d, lb %ld, extent %ld, true lb %ld, true extent %ld\n", what, size, (long)lb, (long)ext,
           (long)tlb, (long)text);
}

int main(int argc, char **argv)
{
    int rank, bl[3] = {1, 1, 1}, len;
    MPI_Aint d[3];
    MPI_Datatype ty[3], m, m2, m3, u, v, c, s;
    char name[MPI_MAX_OBJECT_NAME];
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Type_get_name(MPI_LB, name, &len);
        show(name, MPI_LB);
        MPI_Type_get_name(MPI_UB, name, &len);
        show(name, MPI_UB);
    }
    ty[0] = MPI_LB, ty[1] = MPI_INT, ty[2] = MPI_UB;
    d[0] = -8, d[1] = 0, d[2] = 20;
    MPI_Type_struct(3, bl, d, ty, &m);
    ty[0] = MPI_INT, ty[1] = MPI_UB;
    d[0] = 0, d[1] = 6;
    MPI_Type_create_struct(2, bl, d, ty, &m2);
    ty[0] = MPI_LB, ty[1] = MPI_DOUBLE, ty[2] = MPI_CHAR;
    d[0] = 2, d[1] = 8, d[2] = 16;
    MPI_Type_create_struct(3, bl, d, ty, &m3);
    ty[0] = MPI_UB, ty[1] = MPI_INT;
    d[0] = -10, d[1] = 0;
    MPI_Type_create_struct(2, bl, d, ty, &u);
    MPI_Type_vector(3, 1, 2, m, &v);
    MPI_Type_contiguous(2, m2, &c);
    ty[0] = m, ty[1] = MPI_INT;
    d[0] = 0, d[1] = 40;
    MPI_Type_create_struct(2, bl, d, ty, &s);
    if (rank == 0) {
        show("LB -8, int 0, UB 20", m);
        show("int 0, UB 6", m2);
        show("LB 2, double 8, char 16", m3);
        show("UB -10, int 0", u);
        show("vector of 3 of the first, stride 2", v);
        show("2 of the second", c);
        show("the first at 0, an int at 40", s);
        int ni, na, nd, comb, ints[4];
        MPI_Aint ad[3];
        MPI_Datatype ts[3];
        MPI_Type_get_envelope(m, &ni, &na, &nd, &comb);
        MPI_Type_get_contents(m, 4, 3, 3, ints, ad, ts);
        printf("contents: struct %s, %d types: %s %s %s\n", comb == MPI_COMBINER_STRUCT ? "yes" : "no", nd,
               ts[0] == MPI_LB ? "MPI_LB" : "?", ts[1] == MPI_INT ? "MPI_INT" : "?", ts[2] == MPI_UB ? "MPI_UB" : "?");
    }
    MPI_Type_commit(&m);
    int buf[16], out[16];
    for (int i = 0; i < 16; i++)
        buf[i] = 100 + i, out[i] = -1;
    /* elements 28 bytes apart: ints 0 and 7 */
    if (rank == 0)
        MPI_Send(buf, 2, m, 1, 0, MPI_COMM_WORLD);
    else {
        MPI_Recv(out, 2, m, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("received with the first: out[0] %d, out[7] %d, out[1] %d\n", out[0], out[7], out[1]);
    }
    MPI_Type_free(&m), MPI_Type_free(&m2), MPI_Type_free(&m3), MPI_Type_free(&u);
    MPI_Type_free(&v), MPI_Type_free(&c), MPI_Type_free(&s);
    MPI_Finalize();
    return 0;
}
