/* Collectives on intercommunicators (MPI 4.0 section 6.2.2): every one
 * but the scans. Data crosses between the groups' first ranks, or directly
 * between each rank and the remote ranks it exchanges blocks with; each
 * group works within itself through its own intracommunicator (the core's
 * local side), with the ordinary algorithms. */
#include "coll.h"
#include <stdlib.h>

/* The caller's group as an intracommunicator; local collectives inside one
 * intercommunicator call get sequence numbers of their own. */
static rt_comm_t local_of(const coll_t *k)
{
  rt_comm_t l = *k->c;
  l.core = k->c->core->local[k->c->side];
  l.side = 0;
  l.coll_seq = (k->tag & 0xfffffff) * 4;
  return l;
}

rt_comm_t coll_inter_local(rt_comm_t *c)
{
  coll_t k = coll_begin(c);
  return local_of(&k);
}

/* Block i of a call's send (send = 1) or receive buffer: what goes to or
 * comes from remote rank i. */
static void block(enum coll_id id, const coll_args_t *a, int send, int i, char **p, MPI_Count *count, const dt_t **t)
{
  const void *buf = send ? a->sbuf : a->rbuf;
  const MPI_Count *counts = send ? a->scounts : a->rcounts;
  const MPI_Aint *displs = send ? a->sdispls : a->rdispls;
  *t = send ? a->st : a->rt;
  if (send && id == COLL_ALLGATHERV) { /* the same block to everyone */
    *p = (char *)buf;
    *count = a->scount;
  } else if (id == COLL_ALLTOALLW) {
    *t = send ? a->sts[i] : a->rts[i];
    *p = (char *)buf + displs[i];
    *count = counts[i];
  } else if (counts) {
    *p = coll_at(buf, displs[i], *t);
    *count = counts[i];
  } else {
    *count = send ? a->scount : a->rcount;
    *p = coll_at(buf, (long)i * *count, *t);
  }
}

/* Receives block i from and/or sends block i to each remote rank i, all at once. */
static void pairs(enum coll_id id, coll_t *k, const coll_args_t *a, int send, int recv)
{
  int remote = comm_peer_size(k->c), nr = 0;
  p2p_req_t **rs = malloc(sizeof *rs * 2 * (size_t)(remote + 1));
  for (int i = 0; i < remote; i++) {
    char *p;
    MPI_Count count;
    const dt_t *t;
    if (recv) {
      block(id, a, 0, i, &p, &count, &t);
      rs[nr++] = coll_irecv(k, p, count, t, i);
    }
    if (send) {
      block(id, a, 1, i, &p, &count, &t);
      rs[nr++] = coll_isend(k, p, count, t, i);
    }
  }
  coll_waitall(k, rs, nr);
  free(rs);
}

/* Reduce_scatter(_block): each group reduces its vectors on its first
 * rank, the first ranks swap the results, and each scatters the other
 * group's result within its group (both groups give vectors of the same
 * length, MPI 4.0 section 6.10). */
static void reduce_scatter(enum coll_id id, coll_t *k, rt_comm_t *l, const coll_args_t *a)
{
  int n = k->n, block_form = id == COLL_REDUCE_SCATTER_BLOCK;
  MPI_Count *counts = malloc(sizeof *counts * (size_t)n), total = 0;
  MPI_Aint *displs = malloc(sizeof *displs * (size_t)n);
  for (int i = 0; i < n; i++) {
    counts[i] = block_form ? a->rcount : a->rcounts[i];
    displs[i] = total;
    total += counts[i];
  }
  int lead = k->me == 0;
  void *mine = lead ? coll_tmp(total, a->rt) : NULL, *theirs = lead ? coll_tmp(total, a->rt) : NULL;
  coll_args_t r = {.sbuf = a->sbuf, .scount = total, .st = a->rt, .rbuf = mine, .rcount = total,
                   .rt = a->rt, .op = a->op, .root = 0};
  coll_run(COLL_REDUCE, l, &r);
  if (lead)
    coll_sendrecv(k, mine, total, a->rt, 0, theirs, total, a->rt, 0);
  coll_args_t s = {.sbuf = theirs, .scounts = counts, .sdispls = displs, .st = a->rt, .rbuf = a->rbuf,
                   .rcount = counts[k->me], .rt = a->rt, .root = 0};
  coll_run(COLL_SCATTERV, l, &s);
  if (lead) {
    coll_tmp_free(mine, a->rt);
    coll_tmp_free(theirs, a->rt);
  }
  free(counts);
  free(displs);
}

int coll_inter_exec(enum coll_id id, coll_t *k, coll_args_t *a)
{
  rt_comm_t l = local_of(k);
  int me = k->me, remote = comm_peer_size(k->c), n = k->n;
  const dt_t *byte = coll_byte();
  void *tmp;
  switch (id) {
  case COLL_BARRIER: {
    coll_args_t none = {0};
    coll_run(COLL_BARRIER, &l, &none);
    if (me == 0)
      coll_sendrecv(k, NULL, 0, byte, 0, NULL, 0, byte, 0);
    coll_run(COLL_BARRIER, &l, &none);
    break;
  }
  case COLL_BCAST:
    if (a->root == MPI_ROOT)
      coll_send(k, a->rbuf, a->rcount, a->rt, 0);
    else if (a->root != MPI_PROC_NULL) {
      if (me == 0)
        coll_recv(k, a->rbuf, a->rcount, a->rt, a->root);
      coll_args_t b = {.rbuf = a->rbuf, .rcount = a->rcount, .rt = a->rt, .st = a->rt, .root = 0};
      coll_run(COLL_BCAST, &l, &b);
    }
    break;
  case COLL_GATHER:
  case COLL_GATHERV:
    if (a->root == MPI_ROOT)
      pairs(id, k, a, 0, 1);
    else if (a->root != MPI_PROC_NULL)
      coll_send(k, a->sbuf, a->scount, a->st, a->root);
    break;
  case COLL_SCATTER:
  case COLL_SCATTERV:
    if (a->root == MPI_ROOT)
      pairs(id, k, a, 1, 0);
    else if (a->root != MPI_PROC_NULL)
      coll_recv(k, a->rbuf, a->rcount, a->rt, a->root);
    break;
  case COLL_ALLTOALL:
  case COLL_ALLTOALLV:
  case COLL_ALLTOALLW:
  case COLL_ALLGATHERV:
    pairs(id, k, a, 1, 1);
    break;
  case COLL_REDUCE_SCATTER:
  case COLL_REDUCE_SCATTER_BLOCK:
    reduce_scatter(id, k, &l, a);
    break;
  case COLL_ALLGATHER: {
    /* gather the group's blocks on its first rank, swap with the other group's, spread */
    tmp = coll_tmp(n * a->scount, a->st);
    coll_args_t g = {.sbuf = a->sbuf, .scount = a->scount, .st = a->st, .rbuf = tmp, .rcount = a->scount,
                     .rt = a->st, .root = 0};
    coll_run(COLL_GATHER, &l, &g);
    if (me == 0)
      coll_sendrecv(k, tmp, n * a->scount, a->st, 0, a->rbuf, remote * a->rcount, a->rt, 0);
    coll_args_t b = {.rbuf = a->rbuf, .rcount = remote * a->rcount, .rt = a->rt, .st = a->rt, .root = 0};
    coll_run(COLL_BCAST, &l, &b);
    coll_tmp_free(tmp, a->st);
    break;
  }
  case COLL_REDUCE:
  case COLL_ALLREDUCE:
    if (id == COLL_REDUCE && a->root == MPI_ROOT) {
      coll_recv(k, a->rbuf, a->rcount, a->rt, 0);
      break;
    }
    if (id == COLL_REDUCE && a->root == MPI_PROC_NULL)
      break;
    /* reduce within the group, first ranks swap (allreduce) or send to the root */
    tmp = coll_tmp(a->rcount, a->rt);
    coll_args_t r = {.sbuf = a->sbuf, .scount = a->rcount, .st = a->rt, .rbuf = tmp, .rcount = a->rcount,
                     .rt = a->rt, .op = a->op, .root = 0};
    coll_run(COLL_REDUCE, &l, &r);
    if (me == 0) {
      if (id == COLL_REDUCE)
        coll_send(k, tmp, a->rcount, a->rt, a->root);
      else
        coll_sendrecv(k, tmp, a->rcount, a->rt, 0, a->rbuf, a->rcount, a->rt, 0);
    }
    if (id == COLL_ALLREDUCE) {
      coll_args_t b = {.rbuf = a->rbuf, .rcount = a->rcount, .rt = a->rt, .st = a->rt, .root = 0};
      coll_run(COLL_BCAST, &l, &b);
    }
    coll_tmp_free(tmp, a->rt);
    break;
  default:
    return MPI_ERR_COMM; /* the MPI layer refuses the scans on intercommunicators */
  }
  return k->err;
}
