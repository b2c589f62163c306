/* what this tests: cancelling sends that no receive matched yet (eager, rendezvous of 1 MB,
 *   synchronous, buffered): Test_cancelled is true, the receiver never sees them (Iprobe finds
 *   nothing) and later messages on the same tags arrive instead. MPICH 4.0.2 cancels no send
 *   (its own pt2pt/scancel is marked as failing), so the cancelling cases are built only with
 *   -DWITH_MPICH_BROKEN (unit/mpich_broken.sh); the reference run checks the later messages alone.
 * np: 2
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define BIG (1 << 20)

static void say(const char *what, int ok) { printf("%s: %s\n", what, ok ? "ok" : "FAIL"); }

int main(int argc, char **argv)
{
    int rank, v = 5;
    char *bsbuf = malloc(1000 + MPI_BSEND_OVERHEAD);
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Buffer_attach(bsbuf, 1000 + MPI_BSEND_OVERHEAD);
#ifdef WITH_MPICH_BROKEN
    char *big = calloc(BIG, 1);
    if (rank == 0) {
        static const char *what[] = {"eager Isend cancelled", "1 MB Isend cancelled", "Issend cancelled",
                                     "Ibsend cancelled"};
        for (int k = 0; k < 4; k++) {
            MPI_Request r;
            MPI_Status st;
            int c;
            if (k == 0)
                MPI_Isend(&v, 1, MPI_INT, 1, 10 + k, MPI_COMM_WORLD, &r);
            else if (k == 1)
                MPI_Isend(big, BIG, MPI_CHAR, 1, 10 + k, MPI_COMM_WORLD, &r);
            else if (k == 2)
                MPI_Issend(&v, 1, MPI_INT, 1, 10 + k, MPI_COMM_WORLD, &r);
            else
                MPI_Ibsend(&v, 1, MPI_INT, 1, 10 + k, MPI_COMM_WORLD, &r);
            MPI_Cancel(&r);
            MPI_Wait(&r, &st);
            MPI_Test_cancelled(&st, &c);
            say(what[k], c);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (rank == 1) {
        int found = 0, flag;
        for (int k = 0; k < 4; k++) {
            MPI_Iprobe(0, 10 + k, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE);
            found += flag;
        }
        say("the receiver can probe none of them", found == 0);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    free(big);
#endif
    if (rank == 0)
        for (int k = 0; k < 4; k++) {
            v = 100 + k;
            MPI_Send(&v, 1, MPI_INT, 1, 10 + k, MPI_COMM_WORLD);
        }
    else {
        int got[4];
        for (int k = 0; k < 4; k++)
            MPI_Recv(&got[k], 1, MPI_INT, 0, 10 + k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        say("the later messages on the same tags arrive", got[0] == 100 && got[1] == 101 && got[2] == 102 &&
                                                           got[3] == 103);
    }
    int sz;
    MPI_Buffer_detach(&bsbuf, &sz);
    free(bsbuf);
    MPI_Finalize();
    return 0;
}
