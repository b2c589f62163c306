/* Simulated times of partitioned communication (for unit/part_timing.sh): rank 0 marks partition i
 * of a partitioned send ready at i+1 delays of D seconds, rank 1 polls MPI_Parrived; each partition
 * must arrive one message time T after it was marked, T being the time of an MPI_Isend of the same
 * size between the same ranks, measured first. Then the receive cuts the buffer in 2 partitions
 * for the send's 4: its partition j must arrive T after the send's partition 2j + 1 was marked. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>

#define P 4
#define S (256 * 1024)
#define D 0.01

static int rank;

/* one round: rank 0 marks its P partitions D apart (ready[]), rank 1 notes when each of its rp
 * partitions arrived (arrived[]) */
static void round_of(char *buf, int rp, double *ready, double *arrived)
{
    MPI_Request r;
    if (rank == 0)
        MPI_Psend_init(buf, P, S, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
    else
        MPI_Precv_init(buf, rp, (MPI_Count)S * P / rp, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r);
    MPI_Start(&r);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0)
        for (int i = 0; i < P; i++) {
            smpi_execute(D);
            ready[i] = MPI_Wtime();
            MPI_Pready(i, r);
        }
    else
        for (int j = 0; j < rp; j++) {
            int flag = 0;
            while (!flag)
                MPI_Parrived(r, j, &flag);
            arrived[j] = MPI_Wtime();
        }
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MPI_Request_free(&r);
    MPI_Bcast(ready, P, MPI_DOUBLE, 0, MPI_COMM_WORLD);
}

/* polled every microsecond (smpi/test:1e-6): seen at most 2 us late */
static int near(double got, double want) { return got >= want - 1e-9 && got <= want + 2e-6; }

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char *buf = calloc(P, S);
    /* T: one message of S bytes, sent nonblocking as a partition is */
    double t[2];
    MPI_Request r;
    if (rank == 1)
        MPI_Irecv(buf, S, MPI_BYTE, 0, 9, MPI_COMM_WORLD, &r);
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 0) {
        smpi_execute(D);
        t[0] = MPI_Wtime();
        MPI_Isend(buf, S, MPI_BYTE, 1, 9, MPI_COMM_WORLD, &r);
    }
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    t[1] = MPI_Wtime();
    MPI_Bcast(&t[0], 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    double T = t[1] - t[0];
    double ready[P], arrived[P];
    round_of(buf, P, ready, arrived);
    if (rank == 1) {
        printf("T = %.9f s for %d bytes\n", T, S);
        int ok = T > 0 && T < D / 2;
        for (int i = 0; i < P; i++) {
            printf("partition %d of %d: marked %.9f, arrived %.9f, marked + T %.9f\n", i, P, ready[i], arrived[i],
                   ready[i] + T);
            ok &= near(arrived[i], ready[i] + T) && (i == 0 || (ready[i] - ready[i - 1] > D - 1e-7 && ready[i] - ready[i - 1] < D + 1e-7));
        }
        printf("each partition arrives T after it was marked: %s\n", ok ? "ok" : "FAIL");
    }
    round_of(buf, 2, ready, arrived);
    if (rank == 1) {
        int ok = 1;
        for (int j = 0; j < 2; j++) {
            printf("receive partition %d of 2: arrived %.9f, send partition %d marked + T %.9f\n", j, arrived[j],
                   2 * j + 1, ready[2 * j + 1] + T);
            ok &= near(arrived[j], ready[2 * j + 1] + T);
        }
        printf("a receive partition arrives T after the last send partition it covers: %s\n", ok ? "ok" : "FAIL");
    }
    free(buf);
    MPI_Finalize();
    return 0;
}
