/* Loop sampling (SMPI_SAMPLE_LOCAL/GLOBAL) and skipped blocks
 * (SMPI_SAMPLE_DELAY/FLOPS). A sampling site is a loop in the source; its
 * statistics are kept per site (GLOBAL) or per site and rank (LOCAL). Each
 * iteration either runs and is timed (its time is a sample, and reaches the
 * simulation as ordinary computation) or is skipped; the skipped ones cost
 * the mean of the samples, injected once when the loop ends. */
#include "compute.h"
#include "../kernel/kernel.h"
#include "../runtime/runtime.h"
#include <math.h>
#include <smpi/smpi.h>
#include <stdlib.h>
#include <uthash.h>

typedef struct stats {
  long n;
  double sum, sumsq;
  int done;
} stats_t;

typedef struct rank_state {
  int active;    /* inside this loop */
  int running;   /* the current iteration runs its body */
  double start;  /* computation clock when the body started */
  double cpu;    /* thread CPU clock then */
  long calls;    /* the rank's MPI calls then */
  long skipped;  /* iterations skipped in this loop instance */
  stats_t local;
} rank_state_t;

typedef struct site {
  const char *key;
  stats_t global;
  rank_state_t *ranks; /* one per rank */
  UT_hash_handle hh;
} site_t;

static site_t *sites;

static site_t *site_of(const char *key)
{
  site_t *s;
  HASH_FIND_PTR(sites, &key, s);
  if (!s) {
    s = calloc(1, sizeof *s);
    s->key = key;
    s->ranks = calloc((size_t)rt_nranks, sizeof *s->ranks);
    HASH_ADD_PTR(sites, key, s);
  }
  return s;
}

static rt_rank_t *rank(const char *call)
{
  if (!rt_self)
    rt_fatal(1, "%s used outside a simulated rank", call);
  return rt_self;
}

static void add_sample(stats_t *st, double t)
{
  st->n++;
  st->sum += t;
  st->sumsq += t * t;
}

static void update_done(stats_t *st, int iters, double threshold)
{
  if (st->n >= iters && st->n >= 2)
    st->done = 1;
  else if (threshold >= 0 && st->n >= 2) {
    double mean = st->sum / (double)st->n;
    double var = st->sumsq / (double)st->n - mean * mean;
    double sd = var > 0 ? sqrt(var) : 0;
    if (mean > 0 && sd / mean < threshold)
      st->done = 1;
  }
}

/* Ends the timing of the body that just ran, if one did. */
static void close_sample(site_t *s, rank_state_t *rs, rt_rank_t *r, int global)
{
  if (!rs->running)
    return;
  rs->running = 0;
  /* A body without MPI calls is timed by the CPU clock, which the machine's
   * other processes cannot inflate; one with MPI calls by the rank's own
   * computation clock (the CPU clock would also count the other ranks). */
  double t = r->mpi_calls == rs->calls ? cmp_cpu_clock() - rs->cpu : cmp_computed(r) - rs->start;
  add_sample(global ? &s->global : &rs->local, t);
  cmp_stats.samples++;
}

int simpi_sample_more(const char *key, int global, int iters, double threshold)
{
  rt_rank_t *r = rank("SMPI_SAMPLE");
  site_t *s = site_of(key);
  rank_state_t *rs = &s->ranks[r->id];
  stats_t *st = global ? &s->global : &rs->local;
  if (!rs->active) {
    rs->active = 1;
    rs->skipped = 0;
  }
  close_sample(s, rs, r, global);
  update_done(st, iters < 2 ? 2 : iters, threshold);
  if (st->done)
    rs->skipped++;
  else {
    rs->running = 1;
    rs->start = cmp_computed(r);
    rs->calls = r->mpi_calls;
    rs->cpu = cmp_cpu_clock();
  }
  return 1;
}

int simpi_sample_run(const char *key, int global)
{
  (void)global;
  site_t *s = site_of(key);
  return s->ranks[rank("SMPI_SAMPLE")->id].running;
}

int simpi_sample_end(const char *key, int global)
{
  rt_rank_t *r = rank("SMPI_SAMPLE");
  site_t *s = site_of(key);
  rank_state_t *rs = &s->ranks[r->id];
  close_sample(s, rs, r, global);
  stats_t *st = global ? &s->global : &rs->local;
  if (rs->skipped > 0 && st->n > 0) {
    double mean = st->sum / (double)st->n;
    cmp_inject(mean * (double)rs->skipped * rt_opts.host_speed);
    cmp_stats.skipped += rs->skipped;
  }
  rs->active = 0;
  rs->skipped = 0;
  return 0;
}

int simpi_sample_delay(double seconds)
{
  rank("SMPI_SAMPLE_DELAY");
  cmp_inject(seconds * rt_opts.host_speed);
  return 0;
}

int simpi_sample_flops(double flops)
{
  rank("SMPI_SAMPLE_FLOPS");
  cmp_inject(flops);
  return 0;
}
