/* simpi-trace: converts traces. A plain program (no simulation), built next to simrun:
 *   simpi-trace otf2-to-ti [--otf2-speed=RATIO] [--host-speed=SPEED] IN.otf2 OUT
 *       writes the time-independent form of an OTF2 trace (OUT, the index, and one file per
 *       rank in OUT_files/, as simrun --trace-ti writes them), which simextrap and SimGrid's
 *       replayer read: the lines simrun --replay=IN.otf2 performs
 *   simpi-trace otf2-ranks IN.otf2
 *       prints the number of MPI ranks of the trace (simrun asks it before a replay)
 * Errors are one line and a non-zero status. */
#include "../action/otf2_in.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static void usage(FILE *f)
{
  fprintf(f, "usage: simpi-trace otf2-to-ti [--otf2-speed=RATIO] [--host-speed=SPEED] IN.otf2 OUT\n"
             "       simpi-trace otf2-ranks IN.otf2\n"
             "otf2-to-ti writes the time-independent trace (OUT, and OUT_files/ with a file per rank) that\n"
             "simrun --replay=IN.otf2 performs: computation between MPI calls becomes compute lines of\n"
             "SPEED flop/s (default 1Gf, simrun's smpi/host-speed) divided by RATIO (default 1: the target\n"
             "host as fast as the traced one), or the flops of the trace's counter when it has one.\n");
}

static int fail(const char *fmt, const char *a, const char *b)
{
  fprintf(stderr, "simpi-trace: ");
  fprintf(stderr, fmt, a, b);
  fputc('\n', stderr);
  return 1;
}

/* A speed "2.5e9", "1Gf", "500Mf" (flop/s), or a ratio; -1 if it is none. */
static double number(const char *s)
{
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (end == s || errno || !(v > 0) || v > 1e300)
    return -1;
  static const char units[] = "kMGTPE";
  const char *u = *end ? strchr(units, *end) : NULL;
  if (u && *end) {
    for (const char *k = units; k <= u; k++)
      v *= 1e3;
    end++;
  }
  if (*end == 'f')
    end++;
  return *end ? -1 : v;
}

static long skipped[64];
static const char *kinds[64];
static void count(const char *kind, long n, void *arg)
{
  (void)arg;
  int i = 0;
  while (i < 63 && kinds[i] && strcmp(kinds[i], kind))
    i++;
  kinds[i] = kind;
  skipped[i] += n;
}

static int to_ti(const char *in, const char *out, double speed)
{
  char err[800];
  int n = otr_ranks(in, err, sizeof err);
  if (n < 0)
    return fail("%s%s", err, "");
  size_t dl = strlen(out) + 8;
  char *dir = malloc(dl);
  snprintf(dir, dl, "%s_files", out);
  if (mkdir(dir, 0755) && errno != EEXIST)
    return fail("cannot create '%s': %s", dir, strerror(errno));
  FILE *idx = fopen(out, "w");
  if (!idx)
    return fail("cannot write '%s': %s", out, strerror(errno));
  long locs = 0, events = 0;
  for (int rank = 0; rank < n; rank++) {
    otr_t *r = otr_open(in, rank, speed, err, sizeof err);
    if (!r)
      return fail("%s%s", err, "");
    char path[8400];
    snprintf(path, sizeof path, "%s/simpi_rank-%d.txt", dir, rank + 1);
    FILE *f = fopen(path, "w");
    if (!f)
      return fail("cannot write '%s': %s", path, strerror(errno));
    for (char *line; (line = otr_next(r));)
      fprintf(f, "%s\n", line);
    if (otr_error(r)[0])
      return fail("%s: %s", in, otr_error(r));
    if (fclose(f))
      return fail("cannot write '%s': %s", path, strerror(errno));
    fprintf(idx, "%s\n", path);
    otr_skipped(r, count, NULL);
    if (rank == 0)
      otr_other_locations(r, &locs, &events);
    otr_close(r);
  }
  if (fclose(idx))
    return fail("cannot write '%s': %s", out, strerror(errno));
  for (int i = 0; i < 64 && kinds[i]; i++)
    fprintf(stderr, "simpi-trace: skipped %ld %s\n", skipped[i], kinds[i]);
  if (locs)
    fprintf(stderr, "simpi-trace: skipped %ld events of %ld location%s that are no MPI rank (threads, devices)\n",
            events, locs, locs == 1 ? "" : "s");
  return 0;
}

int main(int argc, char **argv)
{
  if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
    usage(argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  if (!strcmp(argv[1], "otf2-ranks") && argc == 3) {
    char err[800];
    int n = otr_ranks(argv[2], err, sizeof err);
    if (n < 0)
      return fail("%s%s", err, "");
    printf("%d\n", n);
    return 0;
  }
  if (!strcmp(argv[1], "otf2-to-ti")) {
    double host = 1e9, ratio = 1;
    int i = 2;
    for (; i < argc && !strncmp(argv[i], "--", 2); i++) {
      if (!strncmp(argv[i], "--otf2-speed=", 13) && (ratio = number(argv[i] + 13)) > 0)
        continue;
      if (!strncmp(argv[i], "--host-speed=", 13) && (host = number(argv[i] + 13)) > 0)
        continue;
      return fail("bad option '%s' (RATIO and SPEED are numbers above 0)%s", argv[i], "");
    }
    if (argc - i == 2)
      return to_ti(argv[i], argv[i + 1], host / ratio);
  }
  usage(stderr);
  return 2;
}
