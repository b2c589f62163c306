/* sweep_work: the program of simsweep's tests. WORK seconds of injected computation shared
 * by the ranks, then an Allreduce of 1000 doubles: under --cfg=smpi/simulate-computation:no its
 * simulated time depends only on the rank count, the platform and the configuration.
 * Usage: sweep_work WORK [deadlock=N] [hang=N] [spin=K]
 *   deadlock=N  at N ranks, rank 0 first waits for a message nobody sends
 *   hang=N      at N ranks, the ranks never leave a loop (for --timeout)
 *   spin=K      each rank also runs K x 10^7 loop iterations (wall time, and measured computation
 *               unless computation is not simulated) */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
  int rank, size, deadlock = 0, hang = 0;
  long spin = 0;
  static double in[1000], out[1000];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  double work = argc > 1 ? atof(argv[1]) : 0.008;
  for (int i = 2; i < argc; i++) {
    if (!strncmp(argv[i], "deadlock=", 9))
      deadlock = atoi(argv[i] + 9);
    else if (!strncmp(argv[i], "hang=", 5))
      hang = atoi(argv[i] + 5);
    else if (!strncmp(argv[i], "spin=", 5))
      spin = atol(argv[i] + 5) * 10000000L;
  }
  if (size == deadlock && rank == 0)
    MPI_Recv(in, 1, MPI_DOUBLE, size - 1, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  for (volatile long i = 0; size == hang || i < spin; i++)
    ;
  smpi_execute(work / size);
  MPI_Allreduce(in, out, 1000, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
