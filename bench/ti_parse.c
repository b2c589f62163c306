/* Trace parsing alone: reads time-independent trace files with simpi-replay's
 * reader (src/action/ti_reader.c, compiled in), splits each line, looks its
 * action up and parses every numeric field, as a replay does before it calls
 * MPI. Prints lines, seconds and lines per second (best of REPEATS passes).
 * With --naive, the same work done the way simpi-replay did it before
 * ti_reader.c (gzgets, strtok, a strcmp per known action until one
 * matches, strtol), for comparison.
 * Build: cc -O2 -Isrc/action bench/ti_parse.c src/action/ti_reader.c -lz
 * Usage: ti_parse [--naive] REPEATS FILE... */
#include "ti_reader.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

/* The former way: one line at a time, strtok, and the action found by
 * comparing its name with each known one in turn. */
static long naive_file(const char *path, long *bad, long *sum)
{
  gzFile f = gzopen(path, "r");
  if (!f) {
    perror(path);
    exit(1);
  }
  char line[8192];
  long lines = 0;
  while (gzgets(f, line, sizeof line)) {
    char *tok[64];
    int n = 0;
    for (char *t = strtok(line, " \t\r\n"); t && n < 64; t = strtok(NULL, " \t\r\n"))
      tok[n++] = t;
    if (n < 2)
      continue;
    lines++;
    int a = 0;
    while (a < TI_NACTIONS && strcmp(tok[1], ti_action_name(a)))
      a++;
    *sum += a;
    for (int i = 0; i < n; i++) {
      if (i == 1)
        continue;
      char *end;
      long v = strtol(tok[i], &end, 10);
      if (*end) {
        double d = strtod(tok[i], &end);
        v = (long)d;
        if (*end)
          (*bad)++;
      }
      *sum += v;
    }
  }
  gzclose(f);
  return lines;
}

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int main(int argc, char **argv)
{
  if (argc < 3) {
    fprintf(stderr, "usage: %s REPEATS FILE...\n", argv[0]);
    return 2;
  }
  int naive = !strcmp(argv[1], "--naive");
  argv += naive;
  argc -= naive;
  int reps = atoi(argv[1]);
  double best = 0;
  long lines = 0, bad = 0, sum = 0;
  for (int rep = 0; rep < reps; rep++) {
    double t0 = now();
    lines = bad = sum = 0;
    for (int f = 2; f < argc && naive; f++)
      lines += naive_file(argv[f], &bad, &sum);
    for (int f = 2; f < argc && !naive; f++) {
      ti_reader_t r;
      if (ti_open(&r, argv[f])) {
        perror(argv[f]);
        return 1;
      }
      while (ti_next(&r)) {
        lines++;
        int a = ti_action(r.tok[1], strlen(r.tok[1]));
        if (a < 0)
          bad++;
        sum += a;
        for (int i = 0; i < r.ntok; i++) {
          if (i == 1)
            continue;
          long v;
          double d;
          if (!ti_long(r.tok[i], &v))
            sum += v;
          else if (!ti_real(r.tok[i], &d))
            sum += (long)d;
          else if (!strchr(r.tok[i], '=')) /* key=value extensions are checked by the replayer */
            bad++;
        }
      }
      ti_close(&r);
    }
    double t = now() - t0;
    if (rep == 0 || t < best)
      best = t;
  }
  printf("%ld lines in %.3f s: %.2f million lines/s (%ld unparsable, checksum %ld)\n", lines, best,
         (double)lines / best / 1e6, bad, sum);
  return bad != 0;
}
