/* what this tests: MPI_*_c2f and MPI_*_f2c return the handle they were given
 * (every handle kind, predefined and user-made), and MPI_Status_c2f/f2c keep
 * source, tag, error and the element count, with the public fields at
 * MPI_F_SOURCE, MPI_F_TAG and MPI_F_ERROR
 * np: 2
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

int main(int argc, char **argv)
{
  int rank, ok = 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);

  MPI_Comm dup;
  MPI_Comm_dup(MPI_COMM_WORLD, &dup);
  ok &= MPI_Comm_f2c(MPI_Comm_c2f(dup)) == dup && MPI_Comm_f2c(MPI_Comm_c2f(MPI_COMM_NULL)) == MPI_COMM_NULL;
  MPI_Datatype vec;
  MPI_Type_vector(2, 1, 3, MPI_INT, &vec);
  ok &= MPI_Type_f2c(MPI_Type_c2f(vec)) == vec && MPI_Type_f2c(MPI_Type_c2f(MPI_DOUBLE)) == MPI_DOUBLE;
  MPI_Group g;
  MPI_Comm_group(dup, &g);
  ok &= MPI_Group_f2c(MPI_Group_c2f(g)) == g;
  MPI_Op op = MPI_SUM;
  ok &= MPI_Op_f2c(MPI_Op_c2f(op)) == op;
  MPI_Info info;
  MPI_Info_create(&info);
  ok &= MPI_Info_f2c(MPI_Info_c2f(info)) == info && MPI_Info_f2c(MPI_Info_c2f(MPI_INFO_NULL)) == MPI_INFO_NULL;
  ok &= MPI_Errhandler_f2c(MPI_Errhandler_c2f(MPI_ERRORS_RETURN)) == MPI_ERRORS_RETURN;
  int buf[4] = {0};
  MPI_Win win;
  MPI_Win_create(buf, sizeof buf, sizeof(int), MPI_INFO_NULL, dup, &win);
  ok &= MPI_Win_f2c(MPI_Win_c2f(win)) == win;
  ok &= MPI_Message_f2c(MPI_Message_c2f(MPI_MESSAGE_NULL)) == MPI_MESSAGE_NULL;
  MPI_Request req;
  MPI_Irecv(buf, 3, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, dup, &req);
  ok &= MPI_Request_f2c(MPI_Request_c2f(req)) == req;
  printf("rank %d: handles round trip: %s\n", rank, ok ? "ok" : "FAIL");

  int peer = 1 - rank, val[3] = {rank, rank, rank};
  MPI_Send(val, 3, MPI_INT, peer, 40 + rank, dup);
  MPI_Status st, back;
  MPI_Wait(&req, &st);
  MPI_Fint f[MPI_F_STATUS_SIZE];
  MPI_Status_c2f(&st, f);
  MPI_Status_f2c(f, &back);
  int n;
  MPI_Get_count(&back, MPI_INT, &n);
  printf("rank %d: Fortran status source %d tag %d; back in C: source %d tag %d count %d\n", rank,
         (int)f[MPI_F_SOURCE], (int)f[MPI_F_TAG], back.MPI_SOURCE, back.MPI_TAG, n);

  MPI_Win_free(&win);
  MPI_Info_free(&info);
  MPI_Group_free(&g);
  MPI_Type_free(&vec);
  MPI_Comm_free(&dup);
  MPI_Finalize();
  return 0;
}
