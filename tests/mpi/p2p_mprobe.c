/* what this tests: matched probes (Mprobe, Improbe) and receives (Mrecv,
 *   Imrecv) sized from the probe's count, MPI_PROC_NULL probes, the status
 *   setters, MPI_Alloc_mem/Free_mem
 * np: 3
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank > 0) {
    int data[5] = {rank, rank * 10, rank * 100, rank * 1000, rank * 10000};
    MPI_Send(data, rank + 2, MPI_INT, 0, 10 + rank, MPI_COMM_WORLD);
    MPI_Send(data, 1, MPI_INT, 0, 20 + rank, MPI_COMM_WORLD);
  } else {
    int sum = 0;
    for (int k = 0; k < 2; k++) {
      MPI_Message msg;
      MPI_Status st;
      MPI_Mprobe(MPI_ANY_SOURCE, 11 + k, MPI_COMM_WORLD, &msg, &st);
      int n;
      MPI_Get_count(&st, MPI_INT, &n);
      int *buf;
      MPI_Alloc_mem((MPI_Aint)(n * sizeof(int)), MPI_INFO_NULL, &buf);
      MPI_Mrecv(buf, n, MPI_INT, &msg, &st);
      printf("mprobe: %d ints from rank %d tag %d, last %d, message null %d\n", n, st.MPI_SOURCE, st.MPI_TAG,
             buf[n - 1], msg == MPI_MESSAGE_NULL);
      MPI_Free_mem(buf);
    }
    for (int k = 0; k < 2; k++) {
      MPI_Message msg;
      MPI_Status st;
      int flag = 0;
      while (!flag)
        MPI_Improbe(MPI_ANY_SOURCE, 21 + k, MPI_COMM_WORLD, &flag, &msg, &st);
      int v = 0;
      MPI_Request r;
      MPI_Imrecv(&v, 1, MPI_INT, &msg, &r);
      MPI_Wait(&r, &st);
      sum += v;
      printf("improbe: %d from rank %d\n", v, st.MPI_SOURCE);
    }
    MPI_Message none;
    MPI_Status st;
    MPI_Mprobe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &none, &st);
    int z = 5;
    MPI_Mrecv(&z, 1, MPI_INT, &none, &st);
    int c;
    MPI_Get_count(&st, MPI_INT, &c);
    printf("proc null: source is PROC_NULL %d, count %d, buffer untouched %d\n", st.MPI_SOURCE == MPI_PROC_NULL, c,
           z == 5);
    MPI_Status_set_elements(&st, MPI_DOUBLE, 3);
    MPI_Status_set_cancelled(&st, 1);
    int cancelled, bytes;
    MPI_Test_cancelled(&st, &cancelled);
    MPI_Get_count(&st, MPI_BYTE, &bytes);
    printf("status setters: %d bytes, cancelled %d, sum %d\n", bytes, cancelled, sum);
  }
  MPI_Finalize();
  return 0;
}
