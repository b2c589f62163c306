/* what this tests: Get_count and Get_elements (and the _x forms) after partial receives
 *   into derived types: whole elements, a partial element ending between basic elements
 *   (count MPI_UNDEFINED), a struct of mixed types cut after its int, zero bytes; probe
 *   then Get_elements (MPICH 4.0 calls a cut inside a basic element truncation: not here); Type_size_x, Type_get_extent_x, Type_get_true_extent_x
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>

static void report(const char *what, MPI_Status *st, MPI_Datatype t)
{
    int c, e;
    MPI_Count ex;
    MPI_Get_count(st, t, &c);
    MPI_Get_elements(st, t, &e);
    MPI_Get_elements_x(st, t, &ex);
    printf("%s: count %s%d elements %d elements_x %lld\n", what, c == MPI_UNDEFINED ? "UNDEFINED " : "",
           c == MPI_UNDEFINED ? 0 : c, e, (long long)ex);
}

int main(int argc, char **argv)
{
    int rank;
    MPI_Datatype pair3, mix, vec;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_contiguous(3, MPI_INT, &pair3);
    MPI_Type_commit(&pair3);
    MPI_Type_create_struct(3, (int[]){1, 1, 2}, (MPI_Aint[]){0, 8, 16}, (MPI_Datatype[]){MPI_DOUBLE, MPI_INT, MPI_CHAR},
                           &mix);
    MPI_Type_commit(&mix);
    MPI_Type_vector(2, 2, 3, MPI_SHORT, &vec);
    MPI_Type_commit(&vec);

    if (rank == 0) {
        int ints[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        char bytes[64] = {0};
        MPI_Send(ints, 6, MPI_INT, 1, 0, MPI_COMM_WORLD); /* 2 whole elements of pair3 */
        MPI_Send(ints, 7, MPI_INT, 1, 1, MPI_COMM_WORLD); /* 2 and a third */
        MPI_Send(ints, 0, MPI_INT, 1, 2, MPI_COMM_WORLD);
        MPI_Send(bytes, 12, MPI_BYTE, 1, 3, MPI_COMM_WORLD); /* mix cut after the int */
        MPI_Send(bytes, 28, MPI_BYTE, 1, 4, MPI_COMM_WORLD); /* two whole elements */
        MPI_Send(bytes, 10, MPI_BYTE, 1, 6, MPI_COMM_WORLD); /* 5 shorts for vec */
        MPI_Send(bytes, 6, MPI_BYTE, 1, 7, MPI_COMM_WORLD);  /* 3 shorts */
        MPI_Send(ints, 5, MPI_INT, 1, 8, MPI_COMM_WORLD);    /* probed */
    } else {
        int ints[64];
        char bytes[256];
        MPI_Recv(ints, 4, pair3, 0, 0, MPI_COMM_WORLD, &st);
        report("6 ints as contiguous(3)", &st, pair3);
        MPI_Recv(ints, 4, pair3, 0, 1, MPI_COMM_WORLD, &st);
        report("7 ints as contiguous(3)", &st, pair3);
        MPI_Recv(ints, 4, pair3, 0, 2, MPI_COMM_WORLD, &st);
        report("0 ints as contiguous(3)", &st, pair3);
        MPI_Recv(bytes, 4, mix, 0, 3, MPI_COMM_WORLD, &st);
        report("12 bytes as {double,int,char[2]}", &st, mix);
        MPI_Recv(bytes, 4, mix, 0, 4, MPI_COMM_WORLD, &st);
        report("28 bytes as {double,int,char[2]}", &st, mix);
        MPI_Recv(bytes, 4, vec, 0, 6, MPI_COMM_WORLD, &st);
        report("10 bytes as vector(2,2,3,short)", &st, vec);
        MPI_Recv(bytes, 4, vec, 0, 7, MPI_COMM_WORLD, &st);
        report("6 bytes as vector(2,2,3,short)", &st, vec);
        report("6 bytes as MPI_BYTE", &st, MPI_BYTE);
        MPI_Probe(0, 8, MPI_COMM_WORLD, &st);
        report("probed 5 ints as contiguous(3)", &st, pair3);
        MPI_Recv(ints, 5, MPI_INT, 0, 8, MPI_COMM_WORLD, &st);

        MPI_Count sz, lb, ext, tlb, text;
        MPI_Type_size_x(mix, &sz);
        MPI_Type_get_extent_x(mix, &lb, &ext);
        MPI_Type_get_true_extent_x(mix, &tlb, &text);
        printf("mix: size_x %lld extent_x %lld %lld true_extent_x %lld %lld\n", (long long)sz, (long long)lb,
               (long long)ext, (long long)tlb, (long long)text);
    }
    MPI_Type_free(&pair3);
    MPI_Type_free(&mix);
    MPI_Type_free(&vec);
    MPI_Finalize();
    return 0;
}
