/* Misuses of partitioned communication, one per CASE (for unit/part_errors.sh): each must end the
 * run with an error naming the rank, the call and the line marked with its case number. */
#include <mpi.h>

int main(int argc, char **argv)
{
    int rank, a[8] = {0}, b[9] = {0};
    MPI_Request r;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        MPI_Psend_init(a, 4, 2, MPI_INT, 1, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r); /* case 6 */
        MPI_Barrier(MPI_COMM_WORLD); /* the receive is initialized second */
        if (CASE == 1)
            MPI_Pready(0, r); /* case 1 */
        MPI_Start(&r);
        if (CASE == 2)
            MPI_Pready(4, r); /* case 2 */
        MPI_Pready(1, r);
        if (CASE == 3)
            MPI_Pready_range(0, 1, r); /* case 3 */
        if (CASE == 4)
            MPI_Wait(&r, MPI_STATUS_IGNORE); /* case 4 */
        if (CASE == 5)
            MPI_Request_free(&r); /* case 5 */
        MPI_Pready_list(3, (int[]){0, 2, 3}, r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    } else if (rank == 1) {
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Precv_init(b, CASE == 7 ? 3 : 4, CASE == 7 ? 3 : 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r); /* case 7 */
        MPI_Start(&r);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    return 0;
}
