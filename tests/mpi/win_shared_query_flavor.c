/* what this tests: MPI_Win_shared_query on windows of each flavour. MPI 4.0 allows the query
 * on MPI_Win_create and MPI_Win_allocate windows too, but MPICH 4.0.2 refuses it there with
 * MPI_ERR_RMA_FLAVOR (also with the alloc_shm info key), and simpi answers as MPICH does;
 * a shared window (of MPI_COMM_SELF: simulated ranks are on hosts of their own) answers with
 * the segment
 * np: 3
 * sort: yes
 */
#include <mpi.h>
#include <stdio.h>

static int buf[4];

static void query(MPI_Win w, const char *flavour, int rank, int n, void *mine)
{
  MPI_Win_set_errhandler(w, MPI_ERRORS_RETURN);
  for (int r = -1; r < n; r++) {
    MPI_Aint size = -5;
    int unit = -5, cls = MPI_SUCCESS;
    void *base = NULL;
    int rc = MPI_Win_shared_query(w, r < 0 ? MPI_PROC_NULL : r, &size, &unit, &base);
    if (rc != MPI_SUCCESS) {
      MPI_Error_class(rc, &cls);
      printf("rank %d: %s query of %d: %s\n", rank, flavour, r,
             cls == MPI_ERR_RMA_FLAVOR ? "MPI_ERR_RMA_FLAVOR" : "other error");
    } else
      printf("rank %d: %s query of %d: size %ld unit %d %s\n", rank, flavour, r, (long)size, unit,
             base == mine ? "own base" : "other base");
  }
}

int main(int argc, char **argv)
{
  int rank, n, *mem;
  MPI_Win w;
  MPI_Info info;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  MPI_Info_create(&info);
  MPI_Info_set(info, "alloc_shm", "true");
  MPI_Win_create(buf, sizeof buf, 4, MPI_INFO_NULL, MPI_COMM_WORLD, &w);
  query(w, "create", rank, n, buf);
  MPI_Win_free(&w);
  MPI_Win_allocate(8 * (rank + 1), 4, info, MPI_COMM_WORLD, &mem, &w);
  query(w, "allocate", rank, n, mem);
  MPI_Win_free(&w);
  MPI_Win_allocate_shared(8 * (rank + 1), 2 * (rank + 1), MPI_INFO_NULL, MPI_COMM_SELF, &mem, &w);
  query(w, "shared", rank, 1, mem);
  MPI_Win_free(&w);
  MPI_Info_free(&info);
  MPI_Finalize();
  return 0;
}
