/* Reduce_scatter_block: the reduce_scatter algorithms with n equal counts. */
#include "coll.h"
#include <stdlib.h>

void coll_redscat_run(coll_t *k, const coll_args_t *a, coll_fn fn)
{
  MPI_Count *counts = malloc(sizeof *counts * (size_t)k->n);
  for (int i = 0; i < k->n; i++)
    counts[i] = a->rcount;
  coll_args_t b = *a;
  b.rcounts = counts;
  fn(k, &b);
  free(counts);
}

#define WRAP(i)                                                                                                        \
  static void w##i(coll_t *k, const coll_args_t *a) { coll_redscat_run(k, a, coll_reduce_scatter_algos[i].fn); }
WRAP(0)
WRAP(1)
WRAP(2)
WRAP(3)
WRAP(4)
WRAP(5)
#undef WRAP

/* The same names, needs and fallbacks as reduce_scatter's table (checked at start-up). */
const coll_algo_t coll_reduce_scatter_block_algos[] = {
    {"recursive_halving", w0, NEED_COMMUTE, "noncomm", "as reduce_scatter's"},
    {"pair", w1, NEED_COMMUTE, "noncomm", "as reduce_scatter's"},
    {"noncomm", w2, NEED_POW2 | NEED_REGULAR, "nonoverlapping", "as reduce_scatter's"},
    {"ring", w3, NEED_COMMUTE, "noncomm", "as reduce_scatter's"},
    {"nonoverlapping", w4, 0, NULL, "as reduce_scatter's"},
    {"nonoverlapping_linear", w5, 0, NULL, "as reduce_scatter's"},
    {NULL, NULL, 0, NULL, NULL}};
