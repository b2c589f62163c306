/* How steady this machine's CPU time is: CHUNKS chunks of the same work
 * (WORK dependent multiply-adds over a 32 KiB array, so no new memory is
 * touched), each timed by the thread's CPU clock as simpi times a burst.
 * Prints the least chunk, how many took over 2x and over 10x it, the
 * longest, and the CPU time all chunks spent above 3x the least: what a
 * run of simpi measuring the same work in as many bursts would count as
 * computation that the work did not do. Not MPI, not part of simpi: it
 * tells whether a spread of on-line simulated times (bench/RESULTS.md,
 * issue 30) comes from the machine. Usage: cpu_stalls CHUNKS WORK */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double cpu_now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
  if (argc < 3) {
    fprintf(stderr, "usage: cpu_stalls CHUNKS WORK\n");
    return 1;
  }
  long n = atol(argv[1]), work = atol(argv[2]);
  double *a = calloc(4096, sizeof *a), *t = malloc(sizeof *t * (size_t)n);
  if (n < 1 || work < 1 || !a || !t)
    return 1;
  volatile double sink = 0;
  for (long i = 0; i < n; i++) {
    double t0 = cpu_now(), s = sink;
    for (long k = 0; k < work; k++)
      a[k & 4095] = s = s * 0.9999999 + a[k & 4095];
    sink = s;
    t[i] = cpu_now() - t0;
  }
  double least = t[0], most = t[0], excess = 0, all = 0;
  for (long i = 0; i < n; i++)
    least = t[i] < least ? t[i] : least, most = t[i] > most ? t[i] : most;
  long over2 = 0, over10 = 0;
  for (long i = 0; i < n; i++) {
    over2 += t[i] > 2 * least;
    over10 += t[i] > 10 * least;
    excess += t[i] > 3 * least ? t[i] - 3 * least : 0;
    all += t[i];
  }
  printf("%ld chunks of %.1f us at least: %ld over 2x, %ld over 10x, the longest %.1f us; "
         "%.2f ms above 3x in all (%.2f%% of %.3f s)\n",
         n, 1e6 * least, over2, over10, 1e6 * most, 1e3 * excess, 100 * excess / all, all);
  free(a);
  free(t);
  return 0;
}
