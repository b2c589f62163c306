/* what this tests: point-to-point calls with count 0 accept MPI_DATATYPE_NULL, as MPICH does
 * (a public suite receives nothing of MPI_DATATYPE_NULL from MPI_PROC_NULL): blocking,
 * nonblocking and Sendrecv, from MPI_PROC_NULL and between two ranks; with count 1 the null
 * type is still refused (MPI_ERR_TYPE)
 * np: 2
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

static void report(int rank, const char *what, int rc)
{
  int cls = MPI_SUCCESS;
  if (rc != MPI_SUCCESS)
    MPI_Error_class(rc, &cls);
  printf("rank %d: %-22s %s\n", rank, what,
         cls == MPI_SUCCESS ? "success" : cls == MPI_ERR_TYPE ? "MPI_ERR_TYPE" : "other error");
}

int main(int argc, char **argv)
{
  int rank, peer, rc;
  MPI_Status st;
  MPI_Request rq[2];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  peer = 1 - rank;
  report(rank, "Recv from PROC_NULL", MPI_Recv(NULL, 0, MPI_DATATYPE_NULL, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st));
  printf("rank %d: status source PROC_NULL %d, tag ANY_TAG %d\n", rank, st.MPI_SOURCE == MPI_PROC_NULL,
         st.MPI_TAG == MPI_ANY_TAG);
  report(rank, "Send to PROC_NULL", MPI_Send(NULL, 0, MPI_DATATYPE_NULL, MPI_PROC_NULL, 0, MPI_COMM_WORLD));
  rc = MPI_Irecv(NULL, 0, MPI_DATATYPE_NULL, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &rq[0]);
  report(rank, "Irecv from PROC_NULL", rc);
  if (rc == MPI_SUCCESS)
    MPI_Wait(&rq[0], &st);
  report(rank, "Sendrecv PROC_NULL",
         MPI_Sendrecv(NULL, 0, MPI_DATATYPE_NULL, MPI_PROC_NULL, 1, NULL, 0, MPI_DATATYPE_NULL, MPI_PROC_NULL, 1,
                      MPI_COMM_WORLD, &st));
  report(rank, "Recv 1 from PROC_NULL", MPI_Recv(NULL, 1, MPI_DATATYPE_NULL, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st));
  MPI_Irecv(NULL, 0, MPI_DATATYPE_NULL, peer, 2, MPI_COMM_WORLD, &rq[0]);
  MPI_Isend(NULL, 0, MPI_DATATYPE_NULL, peer, 2, MPI_COMM_WORLD, &rq[1]);
  MPI_Wait(&rq[1], MPI_STATUS_IGNORE);
  report(rank, "exchange with peer", MPI_Wait(&rq[0], &st));
  int n = -1;
  MPI_Get_count(&st, MPI_INT, &n);
  printf("rank %d: from %d, tag %d, %d ints\n", rank, st.MPI_SOURCE, st.MPI_TAG, n);
  MPI_Finalize();
  return 0;
}
