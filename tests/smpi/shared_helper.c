/* Send and receive buffers from one helper, so from one SMPI_SHARED_MALLOC
 * line: a collective between them is legal (their contents mean nothing);
 * the same pointer from plain malloc is still refused. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>

static double *buffer(size_t n) { return SMPI_SHARED_MALLOC(n * sizeof(double)); }

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  double *a = buffer(1024), *b = buffer(1024);
  MPI_Allreduce(a, b, 1024, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("allreduce between shared buffers: done\n");
  SMPI_SHARED_FREE(a);
  SMPI_SHARED_FREE(b);
  double *c = malloc(8 * sizeof *c);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int rc = MPI_Allreduce(c, c, 8, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD), cls;
  MPI_Error_class(rc, &cls);
  if (rank == 0)
    printf("same private buffer: %s\n", cls == MPI_ERR_BUFFER ? "MPI_ERR_BUFFER" : "accepted");
  free(c);
  MPI_Finalize();
  return 0;
}
