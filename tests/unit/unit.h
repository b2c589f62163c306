/* A minimal harness for unit tests that run inside the simulation kernel:
 * EXPECT records failures, unit_platform() loads a small cluster, and
 * unit_end() prints the verdict and exits. */
#ifndef SIMPI_UNIT_H
#define SIMPI_UNIT_H
#include "../../src/kernel/kernel.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static int unit_failures, unit_checks;
#define EXPECT(cond)                                                                                                   \
  do {                                                                                                                 \
    unit_checks++;                                                                                                     \
    if (!(cond)) {                                                                                                     \
      unit_failures++;                                                                                                 \
      fprintf(stderr, "%s:%d: expected %s\n", __FILE__, __LINE__, #cond);                                            \
    }                                                                                                                  \
  } while (0)
#define EXPECT_NEAR(a, b) EXPECT(fabs((a) - (b)) <= 1e-9 * (1 + fabs(b)))

/* n hosts "h0".."h(n-1)" at 1 Gflop/s behind one 1 GB/s, 1 us link each. */
static void unit_platform(int argc, char **argv, int n)
{
  char path[] = "/tmp/simpi-unit-XXXXXX.xml";
  int fd = mkstemps(path, 4);
  FILE *f = fdopen(fd, "w");
  fprintf(f, "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"
             "<platform version=\"4.1\"><cluster id=\"c\" prefix=\"h\" suffix=\"\" radical=\"0-%d\" speed=\"1Gf\" "
             "bw=\"1GBps\" lat=\"1us\" loopback_bw=\"10GBps\" loopback_lat=\"0\"/></platform>\n", n - 1);
  fclose(f);
  char *sgv[] = {argv[0], "--log=root.thres:critical", "--cfg=network/model:CM02", NULL};
  int sgc = 3;
  (void)argc;
  kern_init(&sgc, sgv);
  kern_load_platform(path, NULL, 0);
  unlink(path);
}

static int unit_end(const char *name)
{
  printf("%s: %d checks, %d failed\n", name, unit_checks, unit_failures);
  return unit_failures ? 1 : 0;
}
#endif
