/* what this tests: Sendrecv_replace rotating a buffer around a ring (small and 1 MiB),
 *   with MPI_PROC_NULL as both partners (buffer unchanged)
 * np: 3
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BIG (1 << 17) /* doubles: 1 MiB */

int main(int argc, char **argv)
{
    int rank, size, left, right, step, i, buf[5], count;
    double *big;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    right = (rank + 1) % size;
    left = (rank + size - 1) % size;

    for (i = 0; i < 5; i++)
        buf[i] = rank * 10 + i;
    for (step = 1; step <= size; step++) {
        MPI_Sendrecv_replace(buf, 5, MPI_INT, right, step, left, step, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        printf("rank %d: step %d holds %d %d %d %d %d (from %d tag %d count %d)\n", rank, step, buf[0],
               buf[1], buf[2], buf[3], buf[4], st.MPI_SOURCE, st.MPI_TAG, count);
    }

    big = malloc(BIG * sizeof(double));
    for (i = 0; i < BIG; i++)
        big[i] = rank + i * 0.25;
    MPI_Sendrecv_replace(big, BIG, MPI_DOUBLE, left, 0, right, 0, MPI_COMM_WORLD, &st);
    printf("rank %d: big holds %.2f %.2f %.2f\n", rank, big[0], big[1], big[BIG - 1]);
    free(big);

    MPI_Sendrecv_replace(buf, 5, MPI_INT, MPI_PROC_NULL, 0, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    printf("rank %d: proc_null replace holds %d %d, source is PROC_NULL=%d count %d\n", rank, buf[0],
           buf[4], st.MPI_SOURCE == MPI_PROC_NULL, count);
    MPI_Finalize();
    return 0;
}
