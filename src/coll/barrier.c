/* Barrier: dissemination (MPICH; Open MPI's "bruck"), recursive doubling
 * (Open MPI: the ranks above the largest power of two pair with the low
 * ones first and last), binomial tree (fan-in to rank 0, fan-out back),
 * linear (everyone reports to rank 0, which releases everyone: Open MPI's
 * basic linear). All messages are empty. */
#include "coll.h"
#include <stdlib.h>

#define SR(k, to, from) coll_sendrecv(k, NULL, 0, coll_byte(), to, NULL, 0, coll_byte(), from)

static void dissemination(coll_t *k, const coll_args_t *a)
{
  (void)a;
  int n = k->n, me = k->me;
  for (int d = 1; d < n; d <<= 1)
    SR(k, (me + d) % n, (me - d + n) % n);
}

static void recursive_doubling(coll_t *k, const coll_args_t *a)
{
  (void)a;
  int n = k->n, me = k->me, p = coll_pof2_floor(n);
  const dt_t *b = coll_byte();
  if (me >= p) { /* an extra rank: its partner stands for it */
    coll_send(k, NULL, 0, b, me - p);
    coll_recv(k, NULL, 0, b, me - p);
    return;
  }
  if (me + p < n)
    coll_recv(k, NULL, 0, b, me + p);
  for (int m = 1; m < p; m <<= 1)
    SR(k, me ^ m, me ^ m);
  if (me + p < n)
    coll_send(k, NULL, 0, b, me + p);
}

static void tree(coll_t *k, const coll_args_t *a)
{
  (void)a;
  int n = k->n, me = k->me, m;
  const dt_t *b = coll_byte();
  for (m = 1; m < n; m <<= 1) { /* fan-in: children first, then the parent */
    if (me & m) {
      coll_send(k, NULL, 0, b, me - m);
      coll_recv(k, NULL, 0, b, me - m);
      break;
    }
    if (me + m < n)
      coll_recv(k, NULL, 0, b, me + m);
  }
  for (m >>= 1; m > 0; m >>= 1) /* fan-out to the same children, largest first */
    if (!(me & m) && me + m < n && (me & (2 * m - 1)) == 0)
      coll_send(k, NULL, 0, b, me + m);
}

static void linear(coll_t *k, const coll_args_t *a)
{
  (void)a;
  int n = k->n, me = k->me;
  const dt_t *b = coll_byte();
  if (me) {
    coll_send(k, NULL, 0, b, 0);
    coll_recv(k, NULL, 0, b, 0);
    return;
  }
  p2p_req_t **rs = calloc((size_t)n, sizeof *rs);
  for (int i = 1; i < n; i++)
    rs[i] = coll_irecv(k, NULL, 0, b, i);
  coll_waitall(k, rs, n);
  for (int i = 1; i < n; i++)
    rs[i] = coll_isend(k, NULL, 0, b, i);
  coll_waitall(k, rs, n);
  free(rs);
}

const coll_algo_t coll_barrier_algos[] = {
    {"dissemination", dissemination, 0, NULL, "ceil(log2 n) rounds: send to rank+d, receive from rank-d (MPICH)"},
    {"recursive_doubling", recursive_doubling, 0, NULL,
     "pairwise exchanges with rank^d; ranks above the largest power of two fold in first"},
    {"tree", tree, 0, NULL, "binomial fan-in to rank 0, then fan-out"},
    {"linear", linear, 0, NULL, "rank 0 receives from everyone at once, then releases everyone (Open MPI)"},
    {NULL, NULL, 0, NULL, NULL}};
