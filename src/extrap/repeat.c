/* Recordings of one size given together (simrun --trace-ti run two or three
 * times at each size). Measured bursts only ever get slower under load, and
 * a busy machine slows a whole run, or one rank through a whole run, in a
 * way no single trace shows: one slowed size bends the laws fitted across
 * sizes. Each rank's events must be the same in every recording of its size
 * (loop counts too); their values and bursts are folded into the first
 * recording's, so that a burst's typical value (bursts.c: a low quantile)
 * is taken over all of them, as if the quietest recording had been the only
 * one; what slowed one rank through a whole recording is taken apart first
 * (normalize, below), and the bursts' variation within a run kept for the
 * draws. */
#include "extrap.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void merge(input_t *dst, input_t *src)
{
  const grid_t *a = &dst->g, *b = &src->g;
  if (a->nd != b->nd || memcmp(a->dims, b->dims, sizeof a->dims) || memcmp(a->periods, b->periods, sizeof a->periods))
    ex_fail("%s and %s both have %ld ranks but different grids (%s and %s): recordings of one size must come "
            "from the same run of the same program",
            dst->path, src->path, dst->n, grid_text(a), grid_text(b));
  for (long r = 0; r < dst->n; r++) {
    seq_t *x = &dst->seqs[r], *y = &src->seqs[r];
    node_t *da, *db;
    if (seq_diff(x->v, x->n, y->v, y->n, 1, &da, &db)) {
      char wa[9000], wb[9000];
      ex_fail("%s and %s both have %ld ranks, and are taken as recordings of one size, but rank %ld does not do the "
              "same in both:\n  %s\n  %s",
              dst->path, src->path, dst->n, r, node_what(dst, r, da, wa, sizeof wa), node_what(src, r, db, wb, sizeof wb));
    }
    for (int i = 0; i < x->n; i++)
      node_fold(x->v[i], y->v[i]);
    free(y->v);
    memset(y, 0, sizeof *y);
  }
}

/* A rank's level in one recording: the sum of its least later burst of each
 * kind that repeats (three later bursts or more: a loop's; one-off ones, such
 * as the set-up's first touch of memory, vary from run to run on their own). */
static double level(node_t *const *v, int n)
{
  double sum = 0;
  for (int i = 0; i < n; i++)
    if (v[i]->sym < 0)
      sum += level(v[i]->body, v[i]->n);
    else
      for (const bursts_t *b = v[i]->bursts; b; b = b->next)
        sum += b->n >= 3 ? b->s[0] : 0; /* settled: sorted */
  return sum;
}

static void scale(node_t *const *v, int n, double f)
{
  for (int i = 0; i < n; i++)
    if (v[i]->sym < 0)
      scale(v[i]->body, v[i]->n, f);
    else
      for (bursts_t *b = v[i]->bursts; b; b = b->next) {
        for (long j = 0; j < b->n; j++)
          b->s[j] *= f;
        for (long j = 0; j < b->nwarm; j++)
          b->warm[j] *= f;
      }
}

/* A rank slowed through a whole recording (every burst of it, by up to 2.5x
 * on a loaded machine, a different rank each run) shows as its level over
 * its least level among the recordings of its size. Each recording's
 * bursts are divided by that factor before they are folded, so that what
 * remains is the bursts' variation within a run, and the factors make a
 * distribution of their own, from which each rank at the target draws one
 * for all its bursts: a bulk-synchronous run waits for its slowed ranks. */
static double *factors;
static long nfactors, capfactors;
variab_t rank_slowdown; /* no quantiles: 1 */

static void normalize(input_t *ins, int k)
{
  double *l = ex_alloc(sizeof *l * (size_t)k); /* each recording's level of the rank */
  for (long r = 0; r < ins[0].n; r++) {
    double least = INFINITY;
    for (int j = 0; j < k; j++)
      least = fmin(least, l[j] = level(ins[j].seqs[r].v, ins[j].seqs[r].n));
    for (int j = 0; j < k && least > 0; j++) {
      if (nfactors == capfactors) {
        capfactors = 2 * capfactors + 256;
        factors = ex_grow(factors, sizeof *factors * (size_t)capfactors);
      }
      factors[nfactors++] = l[j] / least;
      scale(ins[j].seqs[r].v, ins[j].seqs[r].n, least / l[j]);
    }
  }
  free(l);
}

int inputs_merge(input_t *ins, int k)
{
  int out = 0;
  for (int i = 0, j; i < k; i = j) {
    for (j = i + 1; j < k && ins[j].n == ins[i].n; j++)
      ;
    if (j - i > 1)
      normalize(ins + i, j - i);
    ins[i].recordings = j - i;
    for (int e = i + 1; e < j; e++)
      merge(&ins[i], &ins[e]);
    ins[out++] = ins[i];
  }
  if (nfactors) {
    variab_quantiles(&rank_slowdown, factors, nfactors);
    for (int i = 0; i < B_WARM; i++)
      rank_slowdown.warm[i] = 1;
  }
  return out;
}
