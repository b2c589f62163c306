/* Alltoallw: basic linear, pairwise exchange, ring and linear_nb (see alltoall.c);
 * displacements are in bytes, each block has its own type. */
#include "coll.h"

static void block(const coll_args_t *a, int send, int i, char **p, MPI_Count *count, const dt_t **t)
{
  if (send) {
    *p = (char *)a->sbuf + a->sdispls[i];
    *count = a->scounts[i];
    *t = a->sts[i];
  } else {
    *p = (char *)a->rbuf + a->rdispls[i];
    *count = a->rcounts[i];
    *t = a->rts[i];
  }
}

static void basic_linear(coll_t *k, const coll_args_t *a) { coll_a2a_linear(k, a, block); }
static void linear_nb(coll_t *k, const coll_args_t *a) { coll_a2a_linear_nb(k, a, block); }
static void pair(coll_t *k, const coll_args_t *a) { coll_a2a_pair(k, a, block); }
static void ring(coll_t *k, const coll_args_t *a) { coll_a2a_ring(k, a, block); }

const coll_algo_t coll_alltoallw_algos[] = {
    {"basic_linear", basic_linear, 0, NULL, "all receives and sends posted, 32 partners at a time (MPICH, Open MPI)"},
    {"pair", pair, 0, NULL, "n-1 exchanges with rank^i (powers of two), else rank+i/rank-i"},
    {"ring", ring, 0, NULL, "n-1 steps: send to rank+i, receive from rank-i"},
    {"linear_nb", linear_nb, 0, NULL,
     "all receives and sends posted at once, every partner (smpirun's default)"},
    {NULL, NULL, 0, NULL, NULL}};
