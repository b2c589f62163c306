/* Start-up scale as a first real program does it: MPI_Init, the rank's
 * host name, a line printed by the first five ranks, one barrier,
 * MPI_Finalize (bench/hello_scale.sh; hello_barrier.c is the lower bound
 * that does nothing between Init and the barrier). */
#include <mpi.h>
#include <stdio.h>
int main(int argc, char **argv)
{
  int rank, size, len;
  char name[MPI_MAX_PROCESSOR_NAME];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Get_processor_name(name, &len);
  if (rank < 5)
    printf("rank %d of %d on %s\n", rank, size, name);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
