/* Running one collective call: its sequence number on the communicator
 * (the tag of all its messages), MPI_IN_PLACE turned into ordinary buffers,
 * the algorithm chosen by select.c, and the cleanup. */
#include "coll.h"
#include "select.h"
#include "../core/op.h"
#include "../runtime/runtime.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

/* One copy of each distinct name, kept for the whole run. */
typedef struct interned {
  char *s;
  UT_hash_handle hh;
} interned_t;
static interned_t *names;

const char *coll_intern(const char *s)
{
  interned_t *e;
  HASH_FIND_STR(names, s, e);
  if (!e) {
    e = malloc(sizeof *e);
    e->s = strdup(s);
    HASH_ADD_KEYPTR(hh, names, e->s, strlen(e->s), e);
  }
  return e->s;
}

/* Appends s to buf (size bytes, holding n): the bounded copy of
 * snprintf's "%s", without its deep stack frame, which would cost each rank
 * one more page of stack at 100,000 ranks. */
static size_t append(char *buf, size_t size, size_t n, const char *s)
{
  size_t k = strnlen(s, size - 1 - n);
  memcpy(buf + n, s, k);
  buf[n + k] = 0;
  return n + k;
}

coll_t coll_begin(rt_comm_t *c)
{
  unsigned seq = (unsigned)c->coll_seq++;
  coll_t k = {.c = c, .n = comm_size(c), .me = comm_rank(c), .tag = (int)(seq & 0x3fffffff),
              .nodata = rt_self && ((rt_opts.replay && !rt_self->keep_data) || rt_self->no_data)};
  const char *call = rt_self && rt_self->call ? rt_self->call : "a collective";
  char what[176];
  append(what, sizeof what, append(what, sizeof what, append(what, sizeof what, 0, call), " on "), comm_name(c));
  k.what = coll_intern(what);
  return k;
}

/* A private copy of count elements of t at buf. */
static void *dup_typed(const void *buf, MPI_Count count, const dt_t *t)
{
  void *p = coll_tmp(count, t);
  dt_copy(buf, count, t, p, count, t);
  return p;
}

/* A private copy of the n blocks (byte offset off(i), counts[i] of type(i))
 * of buf: returns the base address to use in place of buf, *mem what to free. */
static char *dup_blocks(const void *buf, int n, const MPI_Count *counts, const MPI_Aint *displs, const dt_t *t,
                        const dt_t *const *ts, int byte_displs, void **mem)
{
  MPI_Aint lo = 0, hi = 0;
  int any = 0;
  for (int i = 0; i < n; i++) {
    const dt_t *ti = ts ? ts[i] : t;
    if (counts[i] <= 0)
      continue;
    MPI_Aint start = (byte_displs ? displs[i] : displs[i] * ti->extent) + ti->lb;
    MPI_Aint end = start + (MPI_Aint)counts[i] * ti->extent;
    if (!any || start < lo)
      lo = start;
    if (!any || end > hi)
      hi = end;
    any = 1;
  }
  char *m = malloc(any ? (size_t)(hi - lo) : 1);
  *mem = m;
  char *base = m - lo;
  for (int i = 0; i < n; i++) {
    const dt_t *ti = ts ? ts[i] : t;
    MPI_Aint off = byte_displs ? displs[i] : displs[i] * ti->extent;
    if (counts[i] > 0)
      dt_copy((const char *)buf + off, counts[i], ti, base + off, counts[i], ti);
  }
  return base;
}

int coll_exec(enum coll_id id, coll_t *k, coll_args_t *a)
{
  if (comm_is_inter(k->c)) {
    int err = coll_inter_exec(id, k, a);
    free(a->owned);
    a->owned = NULL;
    return err;
  }
  void *dup = NULL, *mem = NULL;
  int n = k->n, me = k->me;
  switch (id) { /* MPI_IN_PLACE where the standard allows it (the MPI layer checked) */
  case COLL_GATHER:
  case COLL_GATHERV:
  case COLL_REDUCE:
    k->inplace = me == a->root && a->sbuf == MPI_IN_PLACE;
    break;
  case COLL_SCATTER:
  case COLL_SCATTERV:
    k->inplace = me == a->root && a->rbuf == MPI_IN_PLACE;
    break;
  case COLL_BARRIER:
  case COLL_BCAST:
    k->inplace = 0;
    break;
  default:
    k->inplace = a->sbuf == MPI_IN_PLACE;
  }
  if (k->inplace) {
    switch (id) {
    case COLL_GATHER: /* the root's block is already in place */
    case COLL_ALLGATHER:
      a->sbuf = coll_at(a->rbuf, (long)(id == COLL_GATHER ? a->root : me) * a->rcount, a->rt);
      a->scount = a->rcount;
      a->st = a->rt;
      break;
    case COLL_GATHERV:
    case COLL_ALLGATHERV: {
      int i = id == COLL_GATHERV ? a->root : me;
      a->sbuf = coll_at(a->rbuf, a->rdispls[i], a->rt);
      a->scount = a->rcounts[i];
      a->st = a->rt;
      break;
    }
    case COLL_SCATTER:
      a->rbuf = coll_at(a->sbuf, (long)a->root * a->scount, a->st);
      a->rcount = a->scount;
      a->rt = a->st;
      break;
    case COLL_SCATTERV:
      a->rbuf = coll_at(a->sbuf, a->sdispls[a->root], a->st);
      a->rcount = a->scounts[a->root];
      a->rt = a->st;
      break;
    case COLL_ALLTOALL:
      a->sbuf = dup = dup_typed(a->rbuf, n * a->rcount, a->rt);
      a->scount = a->rcount;
      a->st = a->rt;
      break;
    case COLL_ALLTOALLV:
      a->sbuf = dup_blocks(a->rbuf, n, a->rcounts, a->rdispls, a->rt, NULL, 0, &mem);
      a->scounts = a->rcounts;
      a->sdispls = a->rdispls;
      a->st = a->rt;
      break;
    case COLL_ALLTOALLW:
      a->sbuf = dup_blocks(a->rbuf, n, a->rcounts, a->rdispls, NULL, a->rts, 1, &mem);
      a->scounts = a->rcounts;
      a->sdispls = a->rdispls;
      a->sts = a->rts;
      break;
    case COLL_REDUCE:
    case COLL_ALLREDUCE:
    case COLL_SCAN:
    case COLL_EXSCAN:
      /* no copy (a large vector's would double the memory): the algorithms read the send buffer
       * before they write the receive buffer, or copy it first when sbuf == rbuf (coll_own_input) */
      a->sbuf = a->rbuf;
      break;
    case COLL_REDUCE_SCATTER: {
      MPI_Count total = 0;
      for (int i = 0; i < n; i++)
        total += a->rcounts[i];
      a->sbuf = dup = dup_typed(a->rbuf, total, a->rt);
      break;
    }
    case COLL_REDUCE_SCATTER_BLOCK:
      a->sbuf = dup = dup_typed(a->rbuf, n * a->rcount, a->rt);
      break;
    default:
      break;
    }
  }
  const coll_algo_t *al = coll_select(id, k, a);
  al->fn(k, a);
  if (dup)
    coll_tmp_free(dup, a->rt);
  free(mem);
  free(a->owned);
  a->owned = NULL;
  return k->err;
}

int coll_run(enum coll_id id, rt_comm_t *c, const coll_args_t *a)
{
  coll_t k = coll_begin(c);
  coll_args_t copy = *a;
  return coll_exec(id, &k, &copy);
}
