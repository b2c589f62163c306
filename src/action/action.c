/* The action layer (see action.h): each action executes through p2p, coll
 * or the kernel. This is the single place where a trace writer will record
 * what ran, so on-line runs and replays share one implementation. */
#include "action.h"
#include "../coll/coll.h"
#include "../kernel/kernel.h"

void act_start(p2p_req_t *r) { p2p_start(r); }
void act_wait(p2p_req_t *r) { p2p_wait(r); }
int act_test(p2p_req_t *r) { return p2p_test(r); }
int act_wait_any(p2p_req_t **rs, int n) { return p2p_wait_any(rs, n); }
int act_probe(int src, int tag, int ctx, int block, MPI_Status *st) { return p2p_probe(src, tag, ctx, block, st); }
void act_sleep(double seconds) { kern_sleep(seconds); }

void act_barrier(rt_comm_t *c) { coll_barrier(c); }
void act_bcast(void *buf, int count, const dt_t *t, int root, rt_comm_t *c) { coll_bcast(buf, count, t, root, c); }
void act_reduce(const void *sbuf, void *rbuf, int count, const dt_t *t, MPI_Op op, int root, rt_comm_t *c)
{
  coll_reduce(sbuf, rbuf, count, t, op, root, c);
}
void act_allreduce(const void *sbuf, void *rbuf, int count, const dt_t *t, MPI_Op op, rt_comm_t *c)
{
  coll_allreduce(sbuf, rbuf, count, t, op, c);
}
void act_gather(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt, int root,
                rt_comm_t *c)
{
  coll_gather(sbuf, scount, st, rbuf, rcount, rt, root, c);
}
void act_scatter(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt, int root,
                 rt_comm_t *c)
{
  coll_scatter(sbuf, scount, st, rbuf, rcount, rt, root, c);
}
void act_allgather(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt,
                   rt_comm_t *c)
{
  coll_allgather(sbuf, scount, st, rbuf, rcount, rt, c);
}
void act_alltoall(const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt,
                  rt_comm_t *c)
{
  coll_alltoall(sbuf, scount, st, rbuf, rcount, rt, c);
}
void act_neighbor(const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout, rt_comm_t *c)
{
  coll_neighbor(in, nin, out, nout, c);
}

void act_comm_agree(rt_comm_t *c, const int *mine, int n, int *all)
{
  const dt_t *ints = dt_get(MPI_INT);
  if (n == 0) {
    int one = 1, max;
    coll_allreduce(&one, &max, 1, ints, MPI_MAX, c);
  } else
    coll_allgather(mine, n, ints, all, n, ints, c);
}

void act_comm_exchange(rt_comm_t *c, int peer, int tag, const int *sbuf, int sn, int *rbuf, int rn)
{
  const dt_t *ints = dt_get(MPI_INT);
  p2p_req_t *rs[2];
  rs[0] = coll_irecv(rbuf, rn, ints, peer, tag, c);
  rs[1] = coll_isend(sbuf, sn, ints, peer, tag, c);
  coll_waitall(rs, 2);
}

void act_comm_bcast(rt_comm_t *c, int *buf, int n, int root) { coll_bcast(buf, n, dt_get(MPI_INT), root, c); }
