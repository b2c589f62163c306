/* what this tests: Accumulate and Get_accumulate with MPI_MAXLOC/MPI_MINLOC on a padded pair
 * type (MPI_DOUBLE_INT: 12 bytes of data in a 16-byte element), several elements at once
 * np: 2 3
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

typedef struct {
    double v;
    int i;
} di_t;

int main(int argc, char **argv)
{
    int rank, size;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    di_t mem[3] = {{1.0, 100}, {2.0, 200}, {3.0, 300}}, old[3];
    MPI_Win win;
    MPI_Win_create(mem, sizeof mem, sizeof(di_t), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_fence(0, win);
    if (rank == 1) {
        di_t mine[3] = {{10.0, 1}, {20.0, 2}, {0.5, 3}};
        MPI_Accumulate(mine, 3, MPI_DOUBLE_INT, 0, 0, 3, MPI_DOUBLE_INT, MPI_MAXLOC, win);
    }
    MPI_Win_fence(0, win);
    if (rank == 1) {
        di_t mine[3] = {{-1.0, 7}, {25.0, 8}, {3.0, 9}};
        MPI_Get_accumulate(mine, 3, MPI_DOUBLE_INT, old, 3, MPI_DOUBLE_INT, 0, 0, 3, MPI_DOUBLE_INT, MPI_MINLOC,
                           win);
    }
    MPI_Win_fence(0, win);
    if (rank == 0)
        printf("rank 0: after maxloc then minloc: %g %d, %g %d, %g %d\n", mem[0].v, mem[0].i, mem[1].v, mem[1].i, mem[2].v,
               mem[2].i);
    if (rank == 1)
        printf("rank 1: get_accumulate fetched: %g %d, %g %d, %g %d\n", old[0].v, old[0].i, old[1].v, old[1].i, old[2].v,
               old[2].i);
    MPI_Win_free(&win);
    MPI_Finalize();
    return 0;
}
