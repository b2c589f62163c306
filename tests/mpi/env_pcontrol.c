/* what this tests: MPI_Pcontrol, which MPI itself makes no use of: any level, with or without more
 *   arguments, returns MPI_SUCCESS and changes nothing (a message still goes through after it)
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, v = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int rc = MPI_Pcontrol(0) | MPI_Pcontrol(1) | MPI_Pcontrol(2, "extra", 3);
    if (rank == 0) {
        v = 42;
        MPI_Send(&v, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    } else
        MPI_Recv(&v, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    int all;
    MPI_Reduce(&rc, &all, 1, MPI_INT, MPI_BOR, 1, MPI_COMM_WORLD);
    if (rank == 1)
        printf("Pcontrol: %s, received %d\n", all == MPI_SUCCESS ? "MPI_SUCCESS" : "an error", v);
    MPI_Finalize();
    return 0;
}
