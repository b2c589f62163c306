/* Recordings of one size given together (simrun --trace-ti run two or three
 * times at each size). Measured bursts only ever get slower under load, and
 * a busy machine slows a whole run, or one rank through a whole run, in a
 * way no single trace shows: one slowed size bends the laws fitted across
 * sizes. Each rank's events must be the same in every recording of its size
 * (loop counts too); their values and bursts are folded into the first
 * recording's, so that a burst's typical value (bursts.c: a low quantile)
 * is taken over all of them, as if the quietest recording had been the only
 * one, while their variability is kept for the draws. */
#include "extrap.h"
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
  dst->recordings++;
}

int inputs_merge(input_t *ins, int k)
{
  int out = 0;
  for (int i = 0; i < k; i++) {
    if (!ins[i].recordings)
      ins[i].recordings = 1;
    if (out && ins[out - 1].n == ins[i].n)
      merge(&ins[out - 1], &ins[i]);
    else
      ins[out++] = ins[i];
  }
  return out;
}
