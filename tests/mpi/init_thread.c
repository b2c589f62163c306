/* what this tests: MPI_Init_thread returns a valid thread level, Query_thread agrees with it,
 *   the level constants are ordered, Initialized is true afterwards
 * np: 2
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int provided = -12345, queried = -12345, flag = 0, rank, size;

    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Query_thread(&queried);
    MPI_Initialized(&flag);

    printf("rank %d: levels ordered=%d\n", rank,
           MPI_THREAD_SINGLE < MPI_THREAD_FUNNELED && MPI_THREAD_FUNNELED < MPI_THREAD_SERIALIZED &&
               MPI_THREAD_SERIALIZED < MPI_THREAD_MULTIPLE);
    printf("rank %d: provided valid=%d\n", rank,
           provided == MPI_THREAD_SINGLE || provided == MPI_THREAD_FUNNELED ||
               provided == MPI_THREAD_SERIALIZED || provided == MPI_THREAD_MULTIPLE);
    printf("rank %d: query_thread equals provided=%d\n", rank, queried == provided);
    printf("rank %d: initialized=%d size=%d\n", rank, flag != 0, size);

    /* the library is usable after Init_thread */
    if (size > 1) {
        int v = rank == 0 ? 4242 : -1;
        if (rank == 0)
            MPI_Send(&v, 1, MPI_INT, 1, 3, MPI_COMM_WORLD);
        else if (rank == 1)
            MPI_Recv(&v, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank %d: value %d\n", rank, v);
    }
    MPI_Finalize();
    return 0;
}
