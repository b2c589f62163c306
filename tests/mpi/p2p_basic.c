/* what this tests: blocking Send/Recv of int, double and char arrays, status fields,
 *   Get_count (exact, shorter than buffer, MPI_UNDEFINED), MPI_STATUS_IGNORE, ping-pong
 * np: 2
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

/* a line is written with one fputs (one write under an unbuffered stdout) so that lines of
   different ranks never mix */
static char line[4096];
static int len;
#define ADD(...) (len += snprintf(line + len, sizeof line - (size_t)len, __VA_ARGS__))
#define FLUSH_LINE() (ADD("\n"), fputs(line, stdout), len = 0)

int main(int argc, char **argv)
{
    int rank, i, count;
    MPI_Status st;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    if (rank == 0) {
        int ia[10];
        double da[5] = {1.5, -2.25, 3.0e10, 0.0, 1.0 / 3.0};
        char msg[] = "hello, rank 1";
        int three[3] = {7, 8, 9};
        int back[4] = {0, 0, 0, 0};
        for (i = 0; i < 10; i++)
            ia[i] = i * i - 5;
        MPI_Send(ia, 10, MPI_INT, 1, 7, MPI_COMM_WORLD);
        MPI_Send(da, 5, MPI_DOUBLE, 1, 8, MPI_COMM_WORLD);
        MPI_Send(msg, (int)strlen(msg) + 1, MPI_CHAR, 1, 9, MPI_COMM_WORLD);
        MPI_Send(three, 3, MPI_INT, 1, 32767, MPI_COMM_WORLD);
        /* ping-pong: the reply is the sum and the maximum of what was sent */
        MPI_Recv(back, 4, MPI_INT, 1, 0, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        printf("rank 0: reply source=%d tag=%d count=%d values=%d %d\n", st.MPI_SOURCE, st.MPI_TAG,
               count, back[0], back[1]);
    } else if (rank == 1) {
        int ia[10], big[100], reply[2];
        double da[5];
        char msg[64];
        memset(msg, 0, sizeof msg);

        MPI_Recv(ia, 10, MPI_INT, 0, 7, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        ADD("rank 1: ints source=%d tag=%d count=%d values=", st.MPI_SOURCE, st.MPI_TAG, count);
        for (i = 0; i < 10; i++)
            ADD(" %d", ia[i]);
        FLUSH_LINE();

        MPI_Recv(da, 5, MPI_DOUBLE, 0, 8, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_DOUBLE, &count);
        ADD("rank 1: doubles source=%d tag=%d count=%d values=", st.MPI_SOURCE, st.MPI_TAG, count);
        for (i = 0; i < 5; i++)
            ADD(" %.17g", da[i]);
        FLUSH_LINE();

        /* buffer larger than the message */
        MPI_Recv(msg, 64, MPI_CHAR, 0, 9, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_CHAR, &count);
        printf("rank 1: chars source=%d tag=%d count=%d text=\"%s\"\n", st.MPI_SOURCE, st.MPI_TAG,
               count, msg);

        /* 12 bytes: 3 ints, 12 bytes, not a whole number of doubles */
        for (i = 0; i < 100; i++)
            big[i] = -1;
        MPI_Recv(big, 100, MPI_INT, 0, 32767, MPI_COMM_WORLD, &st);
        MPI_Get_count(&st, MPI_INT, &count);
        printf("rank 1: three ints tag=%d count=%d values=%d %d %d untouched=%d\n", st.MPI_TAG, count,
               big[0], big[1], big[2], big[3]);
        MPI_Get_count(&st, MPI_BYTE, &count);
        printf("rank 1: as bytes count=%d\n", count);
        MPI_Get_count(&st, MPI_DOUBLE, &count);
        printf("rank 1: as doubles count is MPI_UNDEFINED=%d\n", count == MPI_UNDEFINED);

        reply[0] = 0;
        reply[1] = ia[0];
        for (i = 0; i < 10; i++) {
            reply[0] += ia[i];
            reply[1] = ia[i] > reply[1] ? ia[i] : reply[1];
        }
        MPI_Send(reply, 2, MPI_INT, 0, 0, MPI_COMM_WORLD);
    }
    MPI_Finalize();
    return 0;
}
