/* Start-up scale: MPI_Init, one barrier, MPI_Finalize; nothing computed between them
 * (bench/hello_scale.sh, bench/hello_instructions.sh, tests/unit/stack_faults.sh). */
#include <mpi.h>
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
