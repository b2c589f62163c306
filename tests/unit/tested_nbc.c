/* Nonblocking collectives completed by MPI_Test alone (tests/unit/tested_nbc.sh):
 * N Iallreduce calls, WINDOW of them in flight, each polled by MPI_Test until
 * done, with a short measured computation after each test that found it not
 * done (as a code overlapping its collectives does); the calling rank never
 * waits. Rank 0 prints how many results were
 * wrong and the process's peak resident memory in KiB. Usage: tested_nbc N */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#define WINDOW 8

static volatile double sink;

/* about 2 us of dependent arithmetic, above smpi/cpu-threshold */
static void work(void)
{
  double x = sink;
  for (int i = 0; i < 2000; i++)
    x = x * 0.999999 + 1e-9;
  sink = x;
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int me, size, n = atoi(argv[1]), wrong = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  MPI_Request rq[WINDOW];
  int in[WINDOW], out[WINDOW], which[WINDOW];
  for (int s = 0; s < WINDOW; s++)
    rq[s] = MPI_REQUEST_NULL;
  for (int posted = 0, done = 0; done < n;)
    for (int s = 0; s < WINDOW; s++) {
      if (rq[s] == MPI_REQUEST_NULL) {
        if (posted == n)
          continue;
        which[s] = posted++;
        in[s] = me + which[s];
        MPI_Iallreduce(in + s, out + s, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, rq + s);
      }
      int flag;
      MPI_Test(rq + s, &flag, MPI_STATUS_IGNORE);
      if (flag) {
        done++;
        wrong += out[s] != size * (size - 1) / 2 + size * which[s];
      } else
        work();
    }
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  if (me == 0)
    printf("%d %ld\n", wrong, u.ru_maxrss);
  MPI_Finalize();
  return 0;
}
