/* what this tests: single-completion calls (Recv, Mprobe, Mrecv, Wait, Test, Waitany, Testany,
 *   Sendrecv, Request_get_status) fill the status but leave its MPI_ERROR field as the program set
 *   it (MPI 4.0, 3.2.5); Probe and Iprobe set it, as MPICH does
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>

static int rank;

static void show(const char *call, const MPI_Status *st)
{
    printf("%-18s source %d tag %d, MPI_ERROR untouched: %d\n", call, st->MPI_SOURCE, st->MPI_TAG,
           st->MPI_ERROR == MPI_ERR_DIMS);
}

int main(int argc, char **argv)
{
    int x = 0, y = 1, flag, idx;
    MPI_Status st;
    MPI_Request r;
    MPI_Message m;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 1) {
        for (int t = 1; t <= 9; t++)
            MPI_Send(&y, 1, MPI_INT, 0, t, MPI_COMM_WORLD);
        MPI_Sendrecv(&y, 1, MPI_INT, 0, 10, &x, 1, MPI_INT, 0, 10, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
#define RESET st.MPI_ERROR = MPI_ERR_DIMS
        RESET; MPI_Probe(1, 1, MPI_COMM_WORLD, &st); show("MPI_Probe", &st);
        RESET; do MPI_Iprobe(1, 1, MPI_COMM_WORLD, &flag, &st); while (!flag); show("MPI_Iprobe", &st);
        RESET; MPI_Recv(&x, 1, MPI_INT, 1, 1, MPI_COMM_WORLD, &st); show("MPI_Recv", &st);
        RESET; MPI_Mprobe(1, 2, MPI_COMM_WORLD, &m, &st); show("MPI_Mprobe", &st);
        RESET; MPI_Mrecv(&x, 1, MPI_INT, &m, &st); show("MPI_Mrecv", &st);
        RESET; MPI_Irecv(&x, 1, MPI_INT, 1, 3, MPI_COMM_WORLD, &r); MPI_Wait(&r, &st); show("MPI_Wait", &st);
        RESET; MPI_Irecv(&x, 1, MPI_INT, 1, 4, MPI_COMM_WORLD, &r);
        do MPI_Test(&r, &flag, &st); while (!flag); show("MPI_Test", &st);
        RESET; MPI_Irecv(&x, 1, MPI_INT, 1, 5, MPI_COMM_WORLD, &r); MPI_Waitany(1, &r, &idx, &st);
        show("MPI_Waitany", &st);
        RESET; MPI_Irecv(&x, 1, MPI_INT, 1, 6, MPI_COMM_WORLD, &r);
        do MPI_Testany(1, &r, &idx, &flag, &st); while (!flag); show("MPI_Testany", &st);
        RESET; MPI_Irecv(&x, 1, MPI_INT, 1, 7, MPI_COMM_WORLD, &r);
        do MPI_Request_get_status(r, &flag, &st); while (!flag); show("Request_get_status", &st);
        MPI_Wait(&r, MPI_STATUS_IGNORE);
        MPI_Recv(&x, 1, MPI_INT, 1, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Recv(&x, 1, MPI_INT, 1, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        RESET; MPI_Sendrecv(&y, 1, MPI_INT, 1, 10, &x, 1, MPI_INT, 1, 10, MPI_COMM_WORLD, &st);
        show("MPI_Sendrecv", &st);
    }
    MPI_Finalize();
    return 0;
}
