/* simextrap: writes the time-independent trace of an SPMD stencil or mesh
 * code at N ranks from its traces at a few smaller sizes (see README.md,
 * "Extrapolating traces"), or compares two traces (--check). The steps:
 * scan.c finds each input's grid and communicator slices, parse.c reads
 * events, model.c fits their laws by class of ranks, write.c writes. */
#include "extrap.h"
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void write_trace(const char *path, const grid_t *g, int gzip, int smooth);
void explain(const input_t *ins, int k, const grid_t *target, const char *rule, const int reach[EX_MAXD], double max_spread);
int check_traces(const char *a, const char *b, double tolerance);

void ex_fail(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  fputs("simextrap: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(1);
}

void *ex_alloc(size_t n)
{
  void *p = calloc(1, n ? n : 1);
  if (!p)
    ex_fail("out of memory");
  return p;
}

void *ex_grow(void *p, size_t n)
{
  p = realloc(p, n ? n : 1);
  if (!p)
    ex_fail("out of memory");
  return p;
}

char *ex_strdup(const char *s)
{
  char *d = ex_alloc(strlen(s) + 1);
  return strcpy(d, s);
}

static void usage(FILE *f)
{
  fputs("Usage: simextrap -np N -o OUT.ti [--dims=AxBxC] [--gzip] [--explain] [--smooth] [--max-spread=PCT]\n"
        "                 [--strict] IN1.ti IN2.ti IN3.ti ...\n"
        "       simextrap --check REFERENCE.ti OTHER.ti [--tolerance=PCT]\n"
        "\n"
        "Writes the time-independent trace of an SPMD program at N ranks from its traces\n"
        "(simrun --trace-ti) at three or more smaller sizes, for simrun --replay=OUT.ti.\n"
        "Ranks are placed on the program's 1D, 2D or 3D Cartesian grid (its comm_cart lines,\n"
        "else the grid on which every peer is a near neighbour); peers become grid offsets,\n"
        "communicators rows, columns or planes of it; ranks are classed by their place on\n"
        "the grid (edges, interior); each loop count and each count, flops or sleep of\n"
        "each event of each class gets a law of N or of the grid's dimensions (constant,\n"
        "N^-1, N^-1/2, linear, ...), the one that best predicts each input from the others;\n"
        "computation, measured, a law of the typical burst (the lower 5% quantile of a\n"
        "class's), first those of the rank's data volume, never 0 or negative, and the\n"
        "variability of the bursts kept. Measured traces: give two or three recordings of\n"
        "each size (the same events, run at different moments); a burst's typical value is\n"
        "then taken over all of them, so that a run the machine's load slowed bends no law.\n"
        "\n"
        "  -np N           ranks of the trace to write (also --np=N)\n"
        "  -o OUT.ti       its index; the rank files go to OUT.ti_files/\n"
        "  --dims=AxBxC    the target's grid, when the inputs' grids follow no rule simextrap\n"
        "                  knows (MPI_Dims_create's, some dimensions possibly fixed)\n"
        "  --gzip          compress the rank files (simrun --replay reads them as they are)\n"
        "  --explain       print the grids, the classes of ranks, each event's laws with their\n"
        "                  errors on the inputs, and for computation the runner-up law, the\n"
        "                  spread at the target, the variability of the bursts, each one's share;\n"
        "                  the run's computation with its spread, and what each input size added\n"
        "  --smooth        every burst of computation its typical value (as on a quiet machine),\n"
        "                  not drawn from the variability the inputs showed\n"
        "  --max-spread=PCT  warn, naming the event and rank, when a computation holding 5% or\n"
        "                  more of its class's has fits that leave one input out more than PCT\n"
        "                  percent away at the target (default 20)\n"
        "  --strict        refuse to write the trace after such a warning\n"
        "  --check REF OTHER  compare two traces of the same size: the same events on every rank\n"
        "                  (communicator colors up to renaming), and the difference in each\n"
        "                  rank's computation; exit status 1 if events differ, or if the\n"
        "                  computation differs by more than --tolerance=PCT percent\n"
        "  --help, --version\n"
        "\n"
        "It refuses, naming the rank and line, traces whose events do not line up across\n"
        "sizes or across ranks at the same place on the grid, peers that are not near\n"
        "neighbours, communicators that are not slices of the grid, and one-sided lines.\n",
        f);
}

/* The target's grid: --dims, else the rule the inputs' grids follow. */
static void target_grid(const input_t *ins, int k, long n, const char *dims_opt, grid_t *t, const char **rule)
{
  const grid_t *g0 = &ins[0].g;
  *t = (grid_t){.nd = g0->nd, .how = "target"};
  memcpy(t->periods, g0->periods, sizeof t->periods);
  if (dims_opt) {
    long prod = 1;
    int nd = 0;
    for (const char *p = dims_opt; *p; p++) {
      if (nd == EX_MAXD)
        ex_fail("--dims: at most %d dimensions", EX_MAXD);
      char *end;
      long d = strtol(p, &end, 10);
      if (end == p || d < 1 || (*end && *end != 'x'))
        ex_fail("--dims=%s: expected dimensions such as 16x8", dims_opt);
      t->dims[nd++] = (int)d;
      prod *= d;
      p = *end ? end : end - 1;
    }
    if (nd != g0->nd || prod != n)
      ex_fail("--dims=%s: the inputs' grids have %d dimensions, and the target %ld ranks", dims_opt, g0->nd, n);
    *rule = "given by --dims";
    return;
  }
  /* MPI_Dims_create's dimensions, some possibly the same at every size */
  int fixed = 0;
  long fprod = 1;
  for (int d = 0; d < g0->nd && k > 1; d++) {
    int same = 1;
    for (int i = 1; i < k; i++)
      same &= ins[i].g.dims[d] == g0->dims[d];
    if (same && g0->nd > 1) {
      fixed |= 1 << d;
      fprod *= g0->dims[d];
    }
  }
  static const char *const rules[4] = {
      "MPI_Dims_create's", "MPI_Dims_create's over the dimensions that change, the others kept",
      "MPI_Dims_create's, reversed", "MPI_Dims_create's, reversed, over the dimensions that change, the others kept"};
  *rule = NULL;
  int warned[EX_MAXD] = {0};
  /* with dimensions kept or not; reversed only if no rule in order fits (square grids fit both) */
  for (int attempt = 0; attempt < 4 && !(attempt == 2 && *rule); attempt++) {
    int mask = attempt & 1 ? fixed : 0, rev = attempt >> 1, nfree = 0, follows = 1;
    long p = attempt & 1 ? fprod : 1;
    for (int d = 0; d < g0->nd; d++)
      nfree += !(mask >> d & 1);
    if ((attempt & 1) && (!fixed || !nfree))
      continue;
    int want[EX_MAXD], dims[EX_MAXD];
    for (int i = 0; i <= k && follows; i++) { /* the inputs, then the target */
      long m = i < k ? ins[i].n : n;
      if (m % p) {
        follows = 0;
        break;
      }
      dims_create(m / p, nfree, want);
      for (int d = 0, j = 0; d < g0->nd; d++) {
        int w = mask >> d & 1 ? g0->dims[d] : want[rev ? nfree - 1 - j++ : j++];
        if (i < k)
          follows &= ins[i].g.dims[d] == w;
        else
          dims[d] = w;
      }
    }
    if (!follows)
      continue;
    if (!*rule) {
      memcpy(t->dims, dims, sizeof dims);
      *rule = rules[attempt];
    } else if (memcmp(t->dims, dims, sizeof(int) * (size_t)g0->nd) &&
               memcmp(warned, dims, sizeof(int) * (size_t)g0->nd)) {
      memcpy(warned, dims, sizeof warned);
      grid_t other = *t;
      memcpy(other.dims, dims, sizeof dims);
      fprintf(stderr, "simextrap: warning: the inputs' grids follow %s (%s at the target)", *rule, grid_text(t));
      fprintf(stderr, " and %s too (%s): the first is used, --dims chooses\n", rules[attempt], grid_text(&other));
    }
  }
  if (*rule)
    return;
  char all[2048];
  int len = 0;
  for (int i = 0; i < k; i++)
    len += snprintf(all + len, sizeof all - (size_t)len, "%s%s", i ? ", " : "", grid_text(&ins[i].g));
  ex_fail("the inputs' grids (%s) follow no rule simextrap knows (MPI_Dims_create's balanced dimensions, some of "
          "them possibly fixed): give the target's with --dims=AxB",
          all);
}

static int by_size(const void *a, const void *b)
{
  long x = ((const input_t *)a)->n, y = ((const input_t *)b)->n;
  return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
  long np = 0;
  const char *out = NULL, *dims = NULL, *check[2] = {NULL, NULL};
  double tolerance = -1;
  int show = 0, gzip = 0, smooth = 0, strict = 0, k = 0;
  double max_spread = 0.2;
  input_t *ins = ex_alloc(sizeof *ins * (size_t)argc);
  const char **paths = ex_alloc(sizeof *paths * (size_t)argc);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      return 0;
    } else if (!strcmp(a, "--version")) {
      printf("simextrap (simpi) %s\n", PACKAGE_VERSION);
      return 0;
    } else if ((!strcmp(a, "-np") || !strcmp(a, "--np")) && i + 1 < argc)
      np = atol(argv[++i]);
    else if (!strncmp(a, "--np=", 5))
      np = atol(a + 5);
    else if (!strcmp(a, "-o") && i + 1 < argc)
      out = argv[++i];
    else if (!strncmp(a, "--dims=", 7))
      dims = a + 7;
    else if (!strcmp(a, "--dims") && i + 1 < argc)
      dims = argv[++i];
    else if (!strcmp(a, "--explain"))
      show = 1;
    else if (!strcmp(a, "--gzip"))
      gzip = 1;
    else if (!strcmp(a, "--smooth"))
      smooth = 1;
    else if (!strcmp(a, "--strict"))
      strict = 1;
    else if (!strncmp(a, "--max-spread=", 13)) {
      char *end;
      max_spread = strtod(a + 13, &end) / 100;
      if (end == a + 13 || *end || !(max_spread > 0))
        ex_fail("--max-spread=%s: expected a percentage above 0", a + 13);
    }
    else if (!strcmp(a, "--check") && i + 2 < argc) {
      check[0] = argv[++i];
      check[1] = argv[++i];
    } else if (!strncmp(a, "--tolerance=", 12))
      tolerance = atof(a + 12);
    else if (a[0] == '-') {
      fprintf(stderr, "simextrap: unknown option %s (--help lists them)\n", a);
      return 2;
    } else
      paths[k++] = a;
  }
  if (check[0])
    return check_traces(check[0], check[1], tolerance);
  if (np < 1 || !out || !k) {
    usage(stderr);
    return 2;
  }
  if (k < 2)
    ex_fail("give the program's traces at two sizes at least (three or more to choose among laws with a constant)");
  clock_t t0 = clock();
  for (int i = 0; i < k; i++)
    input_open(&ins[i], paths[i]);
  qsort(ins, (size_t)k, sizeof *ins, by_size);
  for (int i = 0; i < k; i++)
    input_scan(&ins[i]);
  inputs_grid(ins, k);
  for (int i = 0; i < k; i++)
    input_slices(&ins[i]);
  int reach[EX_MAXD];
  inputs_reach(ins, k, reach);
  for (int i = 0; i < k; i++)
    for (int d = 0; d < ins[i].g.nd; d++)
      if (ins[i].g.periods[d] && ins[i].g.dims[d] < 2 * reach[d] + 1)
        ex_fail("%s: its grid %s has %d ranks along periodic dimension %d, where neighbours %d apart on either "
                "side are the same ranks: use inputs with at least %d ranks along it",
                ins[i].path, grid_text(&ins[i].g), ins[i].g.dims[d], d, reach[d], 2 * reach[d] + 1);
  for (int i = 0; i < k; i++)
    input_parse(&ins[i]);
  int nrec = k;
  k = inputs_merge(ins, k);
  if (k < 2)
    ex_fail("give the program's traces at two sizes at least (three or more to choose among laws with a constant)");
  grid_t target;
  const char *rule;
  target_grid(ins, k, np, dims, &target, &rule);
  model_build(ins, k, &target, reach);
  int all, poor = model_poor(0.2, &all);
  if (poor)
    fprintf(stderr, "simextrap: warning: %d of the %d values fit no law that predicts each input within 20%% from the "
            "others (noisy measured computation?): --explain shows which\n", poor, all);
  int unsure = spread_check(ins, max_spread), gc = -1;
  double gap = model_volume_gap(&gc);
  if (gap >= 16) {
    const mclass_t *g = &classes[gc];
    fprintf(stderr, "simextrap: warning: a rank of class %d has a data volume V of %.4g at the target, %.0fx %s "
            "than at the nearest input size (%.4g): its measured computation follows the inputs' law, which cannot "
            "see a change of cache regime between so different working sets; inputs closer in size would\n",
            gc, g->v, gap, g->v < g->vlo ? "smaller" : "larger", g->v < g->vlo ? g->vlo : g->vhi);
  }
  if (run_comp.tot > 0 && fmax(run_comp.hi - run_comp.tot, run_comp.tot - run_comp.lo) > max_spread * run_comp.tot) {
    unsure++;
    fprintf(stderr, "simextrap: warning: the run's computation at the target, %.3g flops, is %.3g to %.3g as one input "
            "or another is left out (above the %g%% limit)\n", run_comp.tot, run_comp.lo, run_comp.hi, 100 * max_spread);
  }
  if (show)
    explain(ins, k, &target, rule, reach, max_spread);
  if (strict && unsure)
    ex_fail("--strict: the inputs cannot support %d of the predictions at %ld ranks (the lines above): no trace "
            "written; more input sizes, closer to the target, or quieter measurements narrow the spread",
            unsure, np);
  write_trace(out, &target, gzip, smooth);
  fprintf(stderr, "simextrap: %s: %ld ranks on a %s grid, from %d traces (%ld", out, np, grid_text(&target), nrec,
          ins[0].n);
  for (int i = 1; i < k; i++)
    fprintf(stderr, ", %ld", ins[i].n);
  fprintf(stderr, " ranks), %d classes of ranks, %.2f s\n", nclasses, (double)(clock() - t0) / CLOCKS_PER_SEC);
  return 0;
}
