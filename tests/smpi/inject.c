/* Known costs and simulated clocks: prints the simulated time each one took;
 * the dates (gettimeofday, time) are the run's start plus the simulated time. */
#include <mpi.h>
#include <smpi/smpi.h>
#include <stdio.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  double t[10];
  int skipped = 0;
  struct timeval tv;
  gettimeofday(&tv, NULL);
  double g0 = (double)tv.tv_sec + 1e-6 * (double)tv.tv_usec;
  t[0] = MPI_Wtime();
  SMPI_SAMPLE_DELAY(0.5) { skipped = 1; }
  t[1] = MPI_Wtime();
  SMPI_SAMPLE_FLOPS(2e9) { skipped = 1; }
  t[2] = MPI_Wtime();
  smpi_execute(0.25);
  t[3] = MPI_Wtime();
  smpi_execute_flops(5e8);
  t[4] = MPI_Wtime();
  smpi_bench_end();
  smpi_execute_benched(0.125);
  smpi_bench_begin();
  t[5] = MPI_Wtime();
  gettimeofday(&tv, NULL);
  double g = (double)tv.tv_sec + 1e-6 * (double)tv.tv_usec - g0;
  sleep(2);
  t[6] = MPI_Wtime();
  usleep(250000);
  t[7] = MPI_Wtime();
  struct timespec ts = {1, 500000000};
  nanosleep(&ts, NULL);
  t[8] = MPI_Wtime();
  sleep(2);
  long now = (long)time(NULL);
  gettimeofday(&tv, NULL);
  struct tm *date = localtime(&tv.tv_sec);
  printf("delay %.6f flops %.6f execute %.6f execute_flops %.6f benched %.6f gettimeofday %.6f sleep %.6f usleep %.6f "
         "nanosleep %.6f time %s date %s%s\n",
         t[1] - t[0], t[2] - t[1], t[3] - t[2], t[4] - t[3], t[5] - t[4], g, t[6] - t[5], t[7] - t[6], t[8] - t[7],
         now == (long)tv.tv_sec ? "=gettimeofday" : "differs", date->tm_year + 1900 >= 2024 ? "real" : "1970",
         skipped ? " BODY RAN" : "");
  MPI_Finalize();
  return 0;
}
