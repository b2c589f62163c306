/* Collectives on intercommunicators (MPI 3.1 section 5.2.2): Barrier,
 * Bcast, Gather, Scatter, Allgather, Alltoall, Reduce and Allreduce. Data
 * crosses between the groups' first ranks, or directly between root and
 * remote ranks; each group works within itself through its own
 * intracommunicator (the core's local side), with the ordinary algorithms. */
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

int coll_inter_exec(enum coll_id id, coll_t *k, coll_args_t *a)
{
  rt_comm_t l = local_of(k);
  int me = k->me, remote = comm_peer_size(k->c), n = k->n;
  const dt_t *byte = coll_byte();
  p2p_req_t **rs = NULL;
  void *tmp = NULL;
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
  case COLL_SCATTER:
    if (a->root == MPI_ROOT) {
      rs = malloc(sizeof *rs * (size_t)(remote + 1));
      for (int i = 0; i < remote; i++)
        rs[i] = id == COLL_GATHER ? coll_irecv(k, coll_at(a->rbuf, (long)i * a->rcount, a->rt), a->rcount, a->rt, i)
                                  : coll_isend(k, coll_at(a->sbuf, (long)i * a->scount, a->st), a->scount, a->st, i);
      coll_waitall(k, rs, remote);
    } else if (a->root != MPI_PROC_NULL) {
      if (id == COLL_GATHER)
        coll_send(k, a->sbuf, a->scount, a->st, a->root);
      else
        coll_recv(k, a->rbuf, a->rcount, a->rt, a->root);
    }
    break;
  case COLL_ALLTOALL:
    rs = malloc(sizeof *rs * 2 * (size_t)(remote + 1));
    for (int i = 0; i < remote; i++) {
      rs[2 * i] = coll_irecv(k, coll_at(a->rbuf, (long)i * a->rcount, a->rt), a->rcount, a->rt, i);
      rs[2 * i + 1] = coll_isend(k, coll_at(a->sbuf, (long)i * a->scount, a->st), a->scount, a->st, i);
    }
    coll_waitall(k, rs, 2 * remote);
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
    tmp = NULL;
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
    tmp = NULL;
    break;
  default:
    return MPI_ERR_COMM; /* the MPI layer refuses the others on intercommunicators */
  }
  free(rs);
  return k->err;
}
