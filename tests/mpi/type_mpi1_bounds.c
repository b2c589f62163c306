/* what this tests: MPI-1's MPI_Type_extent, MPI_Type_lb and MPI_Type_ub (removed in MPI 3.0, still
 *   used by old programs) agree with MPI_Type_get_extent, on a predefined and a resized type
 * np: 1
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    MPI_Datatype v, r;
    MPI_Aint lb, ext, e1, l1, u1;
    MPI_Init(&argc, &argv);
    MPI_Type_vector(3, 2, 4, MPI_INT, &v);
    MPI_Type_create_resized(v, -8, 64, &r);
    MPI_Type_commit(&r);
    MPI_Datatype ts[3] = {MPI_DOUBLE, v, r};
    for (int i = 0; i < 3; i++) {
        MPI_Type_get_extent(ts[i], &lb, &ext);
        MPI_Type_extent(ts[i], &e1);
        MPI_Type_lb(ts[i], &l1);
        MPI_Type_ub(ts[i], &u1);
        printf("type %d: extent %ld lb %ld ub %ld, as Type_get_extent: %d\n", i, (long)e1, (long)l1, (long)u1,
               e1 == ext && l1 == lb && u1 == lb + ext);
    }
    MPI_Type_free(&r);
    MPI_Type_free(&v);
    MPI_Finalize();
    return 0;
}
