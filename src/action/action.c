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

/* Each collective once: FN(name, id, parameters, argument initialisers)
 * defines act_name (blocking) and act_iname (nonblocking). */
#define COLL(name, id, params, ...)                                                                                    \
  int act_##name params                                                                                                \
  {                                                                                                                    \
    coll_args_t a = {__VA_ARGS__};                                                                                     \
    return coll_run(id, c, &a);                                                                                        \
  }                                                                                                                    \
  p2p_req_t *act_i##name params                                                                                        \
  {                                                                                                                    \
    coll_args_t a = {__VA_ARGS__};                                                                                     \
    return coll_start(id, c, &a);                                                                                      \
  }

COLL(barrier, COLL_BARRIER, (rt_comm_t * c), .root = 0)
COLL(bcast, COLL_BCAST, (void *buf, int count, const dt_t *t, int root, rt_comm_t *c), .rbuf = buf, .rcount = count,
     .rt = t, .st = t, .root = root)
COLL(gather, COLL_GATHER,
     (const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt, int root, rt_comm_t *c),
     .sbuf = sbuf, .scount = scount, .st = st, .rbuf = rbuf, .rcount = rcount, .rt = rt, .root = root)
COLL(gatherv, COLL_GATHERV,
     (const void *sbuf, int scount, const dt_t *st, void *rbuf, const int *rcounts, const int *displs,
      const dt_t *rt, int root, rt_comm_t *c),
     .sbuf = sbuf, .scount = scount, .st = st, .rbuf = rbuf, .rcounts = rcounts, .rdispls = displs, .rt = rt,
     .root = root)
COLL(scatter, COLL_SCATTER,
     (const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt, int root, rt_comm_t *c),
     .sbuf = sbuf, .scount = scount, .st = st, .rbuf = rbuf, .rcount = rcount, .rt = rt, .root = root)
COLL(scatterv, COLL_SCATTERV,
     (const void *sbuf, const int *scounts, const int *displs, const dt_t *st, void *rbuf, int rcount,
      const dt_t *rt, int root, rt_comm_t *c),
     .sbuf = sbuf, .scounts = scounts, .sdispls = displs, .st = st, .rbuf = rbuf, .rcount = rcount, .rt = rt,
     .root = root)
COLL(allgather, COLL_ALLGATHER,
     (const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt, rt_comm_t *c),
     .sbuf = sbuf, .scount = scount, .st = st, .rbuf = rbuf, .rcount = rcount, .rt = rt)
COLL(allgatherv, COLL_ALLGATHERV,
     (const void *sbuf, int scount, const dt_t *st, void *rbuf, const int *rcounts, const int *displs,
      const dt_t *rt, rt_comm_t *c),
     .sbuf = sbuf, .scount = scount, .st = st, .rbuf = rbuf, .rcounts = rcounts, .rdispls = displs, .rt = rt)
COLL(alltoall, COLL_ALLTOALL,
     (const void *sbuf, int scount, const dt_t *st, void *rbuf, int rcount, const dt_t *rt, rt_comm_t *c),
     .sbuf = sbuf, .scount = scount, .st = st, .rbuf = rbuf, .rcount = rcount, .rt = rt)
COLL(alltoallv, COLL_ALLTOALLV,
     (const void *sbuf, const int *scounts, const int *sdispls, const dt_t *st, void *rbuf, const int *rcounts,
      const int *rdispls, const dt_t *rt, rt_comm_t *c),
     .sbuf = sbuf, .scounts = scounts, .sdispls = sdispls, .st = st, .rbuf = rbuf, .rcounts = rcounts,
     .rdispls = rdispls, .rt = rt)
COLL(alltoallw, COLL_ALLTOALLW,
     (const void *sbuf, const int *scounts, const int *sdispls, void *rbuf, const int *rcounts, const int *rdispls,
      const dt_t **types, rt_comm_t *c),
     .sbuf = sbuf, .scounts = scounts, .sdispls = sdispls, .sts = types, .rbuf = rbuf, .rcounts = rcounts,
     .rdispls = rdispls, .rts = types + comm_size(c), .owned = (void *)types)
COLL(reduce, COLL_REDUCE,
     (const void *sbuf, void *rbuf, int count, const dt_t *t, MPI_Op op, int root, rt_comm_t *c), .sbuf = sbuf,
     .rbuf = rbuf, .rcount = count, .scount = count, .rt = t, .st = t, .op = op, .root = root)
COLL(allreduce, COLL_ALLREDUCE, (const void *sbuf, void *rbuf, int count, const dt_t *t, MPI_Op op, rt_comm_t *c),
     .sbuf = sbuf, .rbuf = rbuf, .rcount = count, .scount = count, .rt = t, .st = t, .op = op)
COLL(reduce_scatter, COLL_REDUCE_SCATTER,
     (const void *sbuf, void *rbuf, const int *rcounts, const dt_t *t, MPI_Op op, rt_comm_t *c), .sbuf = sbuf,
     .rbuf = rbuf, .rcounts = rcounts, .rt = t, .st = t, .op = op)
COLL(reduce_scatter_block, COLL_REDUCE_SCATTER_BLOCK,
     (const void *sbuf, void *rbuf, int rcount, const dt_t *t, MPI_Op op, rt_comm_t *c), .sbuf = sbuf, .rbuf = rbuf,
     .rcount = rcount, .rt = t, .st = t, .op = op)
COLL(scan, COLL_SCAN, (const void *sbuf, void *rbuf, int count, const dt_t *t, MPI_Op op, rt_comm_t *c),
     .sbuf = sbuf, .rbuf = rbuf, .rcount = count, .scount = count, .rt = t, .st = t, .op = op)
COLL(exscan, COLL_EXSCAN, (const void *sbuf, void *rbuf, int count, const dt_t *t, MPI_Op op, rt_comm_t *c),
     .sbuf = sbuf, .rbuf = rbuf, .rcount = count, .scount = count, .rt = t, .st = t, .op = op)
#undef COLL

void act_reduce_local(const void *in, void *inout, int count, const dt_t *t, MPI_Op op)
{
  coll_reduce_local(in, inout, count, t, op);
}
