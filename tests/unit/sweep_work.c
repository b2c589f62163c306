/* sweep_work: the program of simsweep's tests. WORK seconds of injected computation shared
 * by the ranks, then an Allreduce of 1000 doubles: under --cfg=smpi/simulate-computation:no its
 * simulated time depends only on the rank count, the platform and the configuration.
 * Usage: sweep_work WORK [deadlock=N] [hang=N] [hold=N]
 *   deadlock=N  at N ranks, rank 0 first waits for a message nobody sends
 *   hang=N      at N ranks, the ranks never leave a loop (for --timeout)
 *   hold=N      at N ranks, the ranks loop until a file named "release" exists here (a point
 *               still running when the test interrupts the sweep) */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  int rank, size, deadlock = 0, hang = 0, hold = 0;
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
    else if (!strncmp(argv[i], "hold=", 5))
      hold = atoi(argv[i] + 5);
  }
  if (size == deadlock && rank == 0)
    MPI_Recv(in, 1, MPI_DOUBLE, size - 1, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  if (size == hold && rank == 0) {
    printf("holding until ./release exists\n");
    fflush(stdout);
  }
  while (size == hold && access("release", F_OK) != 0)
    poll(NULL, 0, 10); /* a wall-time wait: usleep would be a simulated one */
  for (volatile int forever = size == hang; forever;)
    ;
  smpi_execute(work / size);
  MPI_Allreduce(in, out, 1000, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
