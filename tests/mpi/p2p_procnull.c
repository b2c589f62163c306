/* what this tests: every send and receive flavour to/from MPI_PROC_NULL completes at once;
 *   Probe/Iprobe on PROC_NULL; blocking calls give source PROC_NULL, tag ANY_TAG, count 0
 *   (nonblocking receives: only count 0 is checked, MPICH 4.0 fills source/tag differently)
 * np: 1
 */
#include <mpi.h>
#include <stdio.h>

static void show(const char *what, MPI_Status *st)
{
    int count = -1;
    MPI_Get_count(st, MPI_INT, &count);
    printf("%-10s source is PROC_NULL=%d tag is ANY_TAG=%d count=%d\n", what,
           st->MPI_SOURCE == MPI_PROC_NULL, st->MPI_TAG == MPI_ANY_TAG, count);
}

int main(int argc, char **argv)
{
    int buf[4] = {1, 2, 3, 4}, flag = 0, count;
    MPI_Request req, reqs[4];
    MPI_Status st, sts[4];

    MPI_Init(&argc, &argv);

    MPI_Send(buf, 4, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
    MPI_Ssend(buf, 4, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
    MPI_Rsend(buf, 4, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
    MPI_Bsend(buf, 4, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD);
    printf("blocking sends to PROC_NULL returned\n");

    MPI_Recv(buf, 4, MPI_INT, MPI_PROC_NULL, 5, MPI_COMM_WORLD, &st);
    show("Recv", &st);
    printf("buffer untouched: %d %d %d %d\n", buf[0], buf[1], buf[2], buf[3]);

    MPI_Irecv(buf, 4, MPI_INT, MPI_PROC_NULL, 5, MPI_COMM_WORLD, &req);
    MPI_Test(&req, &flag, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    printf("Irecv test flag=%d request null=%d count=%d\n", flag, req == MPI_REQUEST_NULL, count);

    MPI_Isend(buf, 4, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &reqs[0]);
    MPI_Issend(buf, 4, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &reqs[1]);
    MPI_Irsend(buf, 4, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &reqs[2]);
    MPI_Ibsend(buf, 4, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &reqs[3]);
    MPI_Testall(4, reqs, &flag, sts);
    printf("nonblocking sends testall flag=%d\n", flag);

    MPI_Probe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st);
    show("Probe", &st);
    flag = 0;
    MPI_Iprobe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &flag, &st);
    printf("Iprobe flag=%d\n", flag);
    show("Iprobe", &st);

    MPI_Sendrecv(buf, 4, MPI_INT, MPI_PROC_NULL, 0, buf, 4, MPI_INT, MPI_PROC_NULL, 0,
                 MPI_COMM_WORLD, &st);
    show("Sendrecv", &st);

    /* persistent requests on PROC_NULL */
    MPI_Recv_init(buf, 4, MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &req);
    MPI_Start(&req);
    MPI_Wait(&req, &st);
    MPI_Get_count(&st, MPI_INT, &count);
    printf("Recv_init wait count=%d request kept=%d\n", count, req != MPI_REQUEST_NULL);
    MPI_Request_free(&req);

    MPI_Finalize();
    return 0;
}
