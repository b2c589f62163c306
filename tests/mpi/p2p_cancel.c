/* what this tests: cancelling receives that can never match (Cancel + Wait, Cancel + Test loop),
 *   Test_cancelled true for them and false for a completed receive; a cancelled receive does not
 *   take a message sent later
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    int rank, v = -1, w = -1, flag, cancelled;
    MPI_Request req;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        MPI_Irecv(&v, 1, MPI_INT, 1, 42, MPI_COMM_WORLD, &req);
        MPI_Cancel(&req);
        MPI_Wait(&req, &st);
        MPI_Test_cancelled(&st, &cancelled);
        printf("cancel+wait: cancelled=%d request null=%d buffer untouched=%d\n", cancelled,
               req == MPI_REQUEST_NULL, v == -1);

        MPI_Irecv(&w, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &req);
        MPI_Cancel(&req);
        do {
            MPI_Test(&req, &flag, &st);
        } while (!flag);
        MPI_Test_cancelled(&st, &cancelled);
        printf("cancel+test (any source, any tag): cancelled=%d buffer untouched=%d\n", cancelled,
               w == -1);
    }
    MPI_Barrier(MPI_COMM_WORLD);

    /* messages sent now go to the new receives, not to the cancelled ones */
    if (rank == 1) {
        v = 7;
        MPI_Send(&v, 1, MPI_INT, 0, 42, MPI_COMM_WORLD);
        v = 8;
        MPI_Send(&v, 1, MPI_INT, 0, 43, MPI_COMM_WORLD);
    } else if (rank == 0) {
        int a = -1, b = -1;
        MPI_Recv(&a, 1, MPI_INT, 1, 42, MPI_COMM_WORLD, &st);
        MPI_Test_cancelled(&st, &cancelled);
        printf("later recv tag 42: value %d cancelled=%d\n", a, cancelled);
        MPI_Irecv(&b, 1, MPI_INT, 1, 43, MPI_COMM_WORLD, &req);
        MPI_Wait(&req, &st);
        MPI_Test_cancelled(&st, &cancelled);
        printf("later irecv tag 43: value %d cancelled=%d\n", b, cancelled);
        printf("old buffers still untouched: %d %d\n", v == -1, w == -1);
    }
    MPI_Finalize();
    return 0;
}
