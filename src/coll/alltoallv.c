/* Alltoallv: basic linear, pairwise exchange, ring and linear_nb (see alltoall.c). */
#include "coll.h"

static void block(const coll_args_t *a, int send, int i, char **p, MPI_Count *count, const dt_t **t)
{
  if (send) {
    *p = coll_at(a->sbuf, a->sdispls[i], a->st);
    *count = a->scounts[i];
    *t = a->st;
  } else {
    *p = coll_at(a->rbuf, a->rdispls[i], a->rt);
    *count = a->rcounts[i];
    *t = a->rt;
  }
}

static void basic_linear(coll_t *k, const coll_args_t *a) { coll_a2a_linear(k, a, block); }
static void linear_nb(coll_t *k, const coll_args_t *a) { coll_a2a_linear_nb(k, a, block); }
static void pair(coll_t *k, const coll_args_t *a) { coll_a2a_pair(k, a, block); }
static void ring(coll_t *k, const coll_args_t *a) { coll_a2a_ring(k, a, block); }

const coll_algo_t coll_alltoallv_algos[] = {
    {"basic_linear", basic_linear, 0, NULL, "all receives and sends posted, 32 partners at a time (MPICH, Open MPI)"},
    {"pair", pair, 0, NULL, "n-1 exchanges with rank^i (powers of two), else rank+i/rank-i"},
    {"ring", ring, 0, NULL, "n-1 steps: send to rank+i, receive from rank-i"},
    {"linear_nb", linear_nb, 0, NULL,
     "all receives and sends posted at once, every partner (SMPI's ompi_basic_linear, smpirun's default)"},
    {NULL, NULL, 0, NULL, NULL}};
