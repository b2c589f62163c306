/* The action layer (see action.h): each action executes through p2p, coll
 * or the kernel, and, when recording, is written to the rank's trace in
 * SimGrid's time-independent format. Replays call the same MPI functions,
 * hence the same actions. Point-to-point peers are written as world ranks;
 * collectives only on MPI_COMM_WORLD (the format has no communicators). */
#include "action.h"
#include "trace.h"
#include "check.h"
#include "../coll/coll.h"
#include "../kernel/kernel.h"
#include "../runtime/runtime.h"
#include <stdio.h>
#include <stdlib.h>

#define TRACE(...)                                                                                                     \
  do {                                                                                                                 \
    if (trace_on && rt_self)                                                                                           \
      trace_line(rt_self->id, __VA_ARGS__);                                                                            \
  } while (0)

static int world_of(const rt_comm_t *c) { return comm_size(c) == rt_nranks && !comm_is_inter(c) && c->core->side[0].l2w == NULL; }

/* "kind peer tag count type" for a send or receive. */
static void trace_p2p(const char *kind, const p2p_req_t *r, int peer_world)
{
  long n;
  int id = trace_type(r->dt, r->count, &n);
  TRACE("%s %d %d %ld %d", kind, peer_world, r->tag, n, id);
}

static void trace_wait(const p2p_req_t *r)
{
  int me = r->owner;
  if (r->kind == P2P_SEND)
    TRACE("wait %d %d %d", me, r->peer_world, r->tag);
  else
    TRACE("wait %d %d %d", r->peer_world >= 0 ? r->peer_world : -333, me, r->tag);
}

void act_start(p2p_req_t *r)
{
  if (r->kind == P2P_COLL) { /* a persistent collective: not traced, as the I-forms are not */
    coll_persist_start(r);
    return;
  }
  if (trace_on && r->peer != MPI_PROC_NULL) {
    if (r->kind == P2P_SEND)
      trace_p2p(r->nonblocking ? "isend" : "send", r, r->peer_world);
    else if (r->nonblocking)
      trace_p2p("irecv", r, r->peer_world >= 0 ? r->peer_world : -333);
  }
  p2p_start(r);
}

/* A receive of a message taken by a matched probe: written with its source. */
void act_start_matched(p2p_req_t *r, p2p_msg_t *m)
{
  if (trace_on && r->nonblocking)
    trace_p2p("irecv", r, m->owner);
  r->peer_world = m->owner;
  p2p_start_matched(r, m);
}

/* After r completed: a blocking receive is written now, with its actual
 * source, so that a replay of MPI_ANY_SOURCE receives is deterministic. */
static void traced_done(p2p_req_t *r)
{
  if (!trace_on || r->peer == MPI_PROC_NULL || r->cancelled || r->kind == P2P_COLL || r->kind == P2P_RMA)
    return;
  if (r->nonblocking)
    trace_wait(r);
  else if (r->kind == P2P_RECV)
    trace_p2p("recv", r, r->st.MPI_SOURCE >= 0 ? r->peer_world >= 0 ? r->peer_world : r->st.MPI_SOURCE : -333);
}

/* An Isendrecv is its receive with the send half in r->also: it completes
 * once both did. The send half, once complete, is marked inactive (its
 * wait line written), so that it is waited for only once. */
static int half_pending(const p2p_req_t *r) { return r && r->also && r->also->active; }
static void half_done(p2p_req_t *s)
{
  traced_done(s);
  s->active = 0;
}

void act_wait(p2p_req_t *r)
{
  if (half_pending(r)) {
    p2p_wait(r->also);
    half_done(r->also);
  }
  p2p_wait(r);
  traced_done(r);
}

int act_test(p2p_req_t *r)
{
  if (half_pending(r)) {
    if (!p2p_test(r->also))
      return 0;
    half_done(r->also);
  }
  int done = p2p_test(r);
  if (done)
    traced_done(r);
  return done;
}

int act_wait_any(p2p_req_t **rs, int n)
{
  p2p_req_t **parts = NULL; /* what to wait for: the send half of an Isendrecv first */
  for (;;) {
    int halves = 0;
    for (int i = 0; i < n && !halves; i++)
      halves = half_pending(rs[i]);
    p2p_req_t **w = rs;
    if (halves) {
      if (!parts)
        parts = malloc(sizeof *parts * (size_t)n);
      for (int i = 0; i < n; i++)
        parts[i] = half_pending(rs[i]) ? rs[i]->also : rs[i];
      w = parts;
    }
    int i = p2p_wait_any(w, n);
    if (i >= 0 && w[i] != rs[i]) { /* a send half: its receive may still be pending */
      half_done(w[i]);
      continue;
    }
    free(parts);
    if (i >= 0)
      traced_done(rs[i]);
    return i;
  }
}
int act_probe(int src, int tag, int ctx, int block, MPI_Status *st) { return p2p_probe(src, tag, ctx, block, st); }
void act_sleep(double seconds) { kern_sleep(seconds); }

/* " c0 c1 ..." for n counts of type t appended to out (zeros without counts); returns their sum. */
static long put_counts(FILE *out, const int *counts, int n, const dt_t *t)
{
  long sum = 0, k = 0;
  for (int i = 0; i < n; i++) {
    if (counts)
      trace_type(t, counts[i], &k);
    fprintf(out, " %ld", k);
    sum += k;
  }
  return sum;
}

/* The v-forms, as SMPI writes them: the counts of the side that has them (the
 * root's array only at the root, zeros elsewhere), then the root and types;
 * alltoallv also gives each side's total first. */
static void trace_vcoll(enum coll_id id, rt_comm_t *c, const coll_args_t *a, int sid, long sn, int rid, long rn,
                        const char *suffix)
{
  int n = comm_size(c), root = comm_rank(c) == a->root;
  char *line = NULL, *counts = NULL;
  size_t len, clen;
  FILE *out = open_memstream(&line, &len), *cs = open_memstream(&counts, &clen);
  switch (id) {
  case COLL_GATHERV:
    put_counts(cs, root ? a->rcounts : NULL, n, a->rt);
    fclose(cs);
    fprintf(out, "gatherv %ld%s %d %d %d", sn, counts, a->root, sid, rid);
    break;
  case COLL_SCATTERV:
    put_counts(cs, root ? a->scounts : NULL, n, a->st);
    fclose(cs);
    fprintf(out, "scatterv%s %ld %d %d %d", counts, rn, a->root, sid, rid);
    break;
  case COLL_ALLGATHERV:
    put_counts(cs, a->rcounts, n, a->rt);
    fclose(cs);
    fprintf(out, "allgatherv %ld%s %d %d", sn, counts, sid, rid);
    break;
  case COLL_ALLTOALLV: {
    long ssum = put_counts(cs, a->scounts, n, a->st);
    fclose(cs);
    char *rcounts = NULL;
    size_t rlen;
    FILE *rs = open_memstream(&rcounts, &rlen);
    long rsum = put_counts(rs, a->rcounts, n, a->rt);
    fclose(rs);
    fprintf(out, "alltoallv %ld%s %ld%s %d %d", ssum, counts, rsum, rcounts, sid, rid);
    free(rcounts);
    break;
  }
  default: /* reduce_scatter */
    put_counts(cs, a->rcounts, n, a->rt);
    fclose(cs);
    fprintf(out, "reducescatter%s 0 %d", counts, rid);
    break;
  }
  fclose(out);
  TRACE("%s%s", line, suffix);
  free(line);
  free(counts);
}

/* A blocking collective as a trace line: SimGrid's format has no
 * communicators, so one other than the world gets a trailing " comm=ID"
 * (the ID of a comm_split line), unless tracing/ti-compat:yes asks for
 * SimGrid's subset only. No line yet for the w-forms. */
static void trace_coll(enum coll_id id, rt_comm_t *c, const coll_args_t *a)
{
  if (!trace_on || !rt_self || comm_is_inter(c) || c->trace_id < 0 || (rt_opts.trace_compat && !world_of(c)))
    return;
  long sn = 0, rn = 0;
  int sid = a->st ? trace_type(a->st, a->scount, &sn) : 0, rid = a->rt ? trace_type(a->rt, a->rcount, &rn) : 0;
  char suffix[24] = ""; /* extension: the communicator, when it is not the world */
  if (!world_of(c))
    snprintf(suffix, sizeof suffix, " comm=%d", c->trace_id);
  switch (id) {
  case COLL_BARRIER: TRACE("barrier%s", suffix); break;
  case COLL_BCAST: TRACE("bcast %ld %d %d%s", rn, a->root, rid, suffix); break;
  case COLL_REDUCE: TRACE("reduce %ld 0 %d %d%s", rn, a->root, rid, suffix); break;
  case COLL_ALLREDUCE: TRACE("allreduce %ld 0 %d%s", rn, rid, suffix); break;
  case COLL_SCAN: TRACE("scan %ld 0 %d%s", rn, rid, suffix); break;
  case COLL_EXSCAN: TRACE("exscan %ld 0 %d%s", rn, rid, suffix); break;
  case COLL_GATHER: TRACE("gather %ld %ld %d %d %d%s", sn, rn, a->root, sid, rid, suffix); break;
  case COLL_SCATTER: TRACE("scatter %ld %ld %d %d %d%s", sn, rn, a->root, sid, rid, suffix); break;
  case COLL_ALLGATHER: TRACE("allgather %ld %ld %d %d%s", sn, rn, sid, rid, suffix); break;
  case COLL_ALLTOALL: TRACE("alltoall %ld %ld %d %d%s", sn, rn, sid, rid, suffix); break;
  case COLL_GATHERV:
  case COLL_SCATTERV:
  case COLL_ALLGATHERV:
  case COLL_ALLTOALLV:
  case COLL_REDUCE_SCATTER: trace_vcoll(id, c, a, sid, sn, rid, rn, suffix); break;
  default: break;
  }
}

/* Each collective once: FN(name, id, parameters, argument initialisers)
 * defines act_name (blocking), act_iname (nonblocking) and act_persist_name. */
#define COLL(name, id, params, ...)                                                                                    \
  int act_##name params                                                                                                \
  {                                                                                                                    \
    coll_args_t a = {__VA_ARGS__};                                                                                     \
    trace_coll(id, c, &a);                                                                                             \
    check_coll(id, c, &a);                                                                                             \
    return coll_run(id, c, &a);                                                                                        \
  }                                                                                                                    \
  p2p_req_t *act_i##name params                                                                                        \
  {                                                                                                                    \
    coll_args_t a = {__VA_ARGS__};                                                                                     \
    check_coll(id, c, &a);                                                                                             \
    return coll_start(id, c, &a);                                                                                      \
  }                                                                                                                    \
  p2p_req_t *act_persist_##name params                                                                                 \
  {                                                                                                                    \
    coll_args_t a = {__VA_ARGS__};                                                                                     \
    check_coll(id, c, &a);                                                                                             \
    return coll_persist_init(id, c, &a);                                                                               \
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

p2p_req_t *act_persist_noop(rt_comm_t *c) { return coll_persist_noop(c); }
void act_persist_free(p2p_req_t *r) { coll_persist_free(r); }

void act_reduce_local(const void *in, void *inout, int count, const dt_t *t, MPI_Op op)
{
  coll_reduce_local(in, inout, count, t, op);
}

void act_init(void) { TRACE("init"); }
void act_finalize(void) { TRACE("finalize"); }
void act_compute_traced(int rank, double flops) { trace_line(rank, "compute %.0f", flops); }
void act_neighbor(const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout, rt_comm_t *c)
{
  coll_neighbor(in, nin, out, nout, c);
}

void act_comm_agree(rt_comm_t *c, const int *mine, int n, int *all)
{
  const dt_t *ints = dt_get(MPI_INT);
  int one = 1, max;
  coll_args_t a = {.sbuf = n ? (const void *)mine : &one, .scount = n ? n : 1, .st = ints, .rbuf = n ? (void *)all : &max,
                   .rcount = n ? n : 1, .rt = ints, .op = MPI_MAX};
  coll_run(n ? COLL_ALLGATHER : COLL_ALLREDUCE, c, &a);
}

/* A swap between two members only: its tag is outside the sequence numbers
 * of the communicator's collectives, which every member must share. */
void act_comm_exchange(rt_comm_t *c, int peer, int tag, const int *sbuf, int sn, int *rbuf, int rn)
{
  const dt_t *ints = dt_get(MPI_INT);
  char what[176];
  snprintf(what, sizeof what, "a communicator constructor on %s", comm_name(c));
  coll_t k = {.c = c, .n = comm_size(c), .me = comm_rank(c), .tag = 0x40000000 | (tag & 0x3fffffff),
              .what = coll_intern(what)};
  p2p_req_t *rs[2];
  rs[0] = coll_irecv(&k, rbuf, rn, ints, peer);
  rs[1] = coll_isend(&k, sbuf, sn, ints, peer);
  coll_waitall(&k, rs, 2);
}

void act_comm_bcast(rt_comm_t *c, int *buf, int n, int root)
{
  const dt_t *ints = dt_get(MPI_INT);
  coll_args_t a = {.rbuf = buf, .rcount = n, .rt = ints, .st = ints, .root = root};
  coll_run(COLL_BCAST, c, &a);
}

void act_comm_made(rt_comm_t *parent, MPI_Comm made)
{
  if (!trace_on || rt_opts.trace_compat || !rt_self || comm_is_inter(parent) || parent->trace_id < 0)
    return;
  rt_comm_t *m = made == MPI_COMM_NULL ? NULL : comm_get(made);
  /* any such communicator is a split of its parent: one color per new
   * communicator (its context), the new rank as the key */
  if (m)
    TRACE("comm_split %d %d %d %d", parent->trace_id, comm_ctx(m), comm_rank(m), m->trace_id);
  else
    TRACE("comm_split %d -1 0 -1", parent->trace_id);
}

void act_comm_freed(rt_comm_t *c)
{
  if (trace_on && !rt_opts.trace_compat && !comm_is_inter(c))
    TRACE("comm_free %d", c->trace_id);
}
