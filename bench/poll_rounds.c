/* Polling at scale of requests (bench/poll_rounds.sh): ROUNDS rounds of K
 * receives on rank 0 and K sends on rank 1, completed by MPI_Test (mode t)
 * or MPI_Wait (mode w), a short computation after each completion and a
 * barrier after each round. Rank 0 prints the sum of what it received and
 * the process's peak resident memory in KiB (tests/unit/tested_requests.sh).
 * Usage: poll_rounds K ROUNDS t|w */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int me, k = atoi(argv[1]), rounds = atoi(argv[2]), wait = argv[3][0] == 'w';
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Request *rq = malloc(sizeof *rq * (size_t)k);
  int *buf = calloc((size_t)k, sizeof *buf);
  long sum = 0;
  volatile double x = 1;
  for (int r = 0; r < rounds; r++) {
    for (int i = 0; i < k; i++) {
      buf[i] = r + i;
      if (me == 0)
        MPI_Irecv(buf + i, 1, MPI_INT, 1, i, MPI_COMM_WORLD, rq + i);
      else
        MPI_Isend(buf + i, 1, MPI_INT, 0, i, MPI_COMM_WORLD, rq + i);
    }
    for (int left = k; left;)
      for (int i = 0; i < k; i++)
        if (rq[i] != MPI_REQUEST_NULL) {
          int done = 1;
          if (wait)
            MPI_Wait(rq + i, MPI_STATUS_IGNORE);
          else
            MPI_Test(rq + i, &done, MPI_STATUS_IGNORE);
          if (done) {
            left--;
            sum += me == 0 ? buf[i] : 0;
            for (int j = 0; j < 200; j++)
              x = x * 1.0000001;
          }
        }
    MPI_Barrier(MPI_COMM_WORLD);
  }
  struct rusage u;
  getrusage(RUSAGE_SELF, &u);
  if (me == 0)
    printf("%ld %ld\n", sum, u.ru_maxrss);
  free(rq);
  free(buf);
  MPI_Finalize();
  return 0;
}
