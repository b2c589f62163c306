/* The action layer (see action.h): each action executes through p2p, coll
 * or the kernel, and, when recording, is written to the rank's trace in
 * SimGrid's time-independent format, with simpi's extensions (trailing
 * KEY=VALUE tokens and lines of its own, listed in README.md) unless
 * tracing/ti-compat:yes. Replays call the same MPI functions, hence the same
 * actions. Point-to-point peers are written as world ranks. */
#include "action.h"
#include "trace.h"
#include "check.h"
#include "../coll/coll.h"
#include "../kernel/kernel.h"
#include "../runtime/runtime.h"
#include "../core/topo.h"
#include "../core/op.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define TRACE(...)                                                                                                     \
  do {                                                                                                                 \
    if (trace_on && rt_self)                                                                                           \
      trace_line(rt_self->id, __VA_ARGS__);                                                                            \
  } while (0)

static int world_of(const rt_comm_t *c) { return comm_size(c) == rt_nranks && !comm_is_inter(c) && c->core->side[0].l2w == NULL; }

/* "kind peer tag count type" for a send or receive; peers are world ranks.
 * Extensions (not under ti-compat): a message on a communicator other than
 * the world gets " comm=ID", and synchronous and buffered sends are written
 * ssend, issend, bsend, ibsend (SMPI's format has only send and isend). */
static void trace_p2p(const char *kind, const p2p_req_t *r, int peer_world, int tag)
{
  if (!trace_on || !rt_self)
    return;
  long v[4] = {peer_world, tag, 0, 0};
  v[3] = trace_type(r->dt, r->count, &v[2]);
  char suffix[24] = "", word[16];
  const char *mode = "";
  if (!rt_opts.trace_compat) {
    rt_comm_t *c = r->comm != MPI_COMM_NULL ? comm_get(r->comm) : NULL;
    if (c && !world_of(c) && c->trace_id != 0)
      snprintf(suffix, sizeof suffix, " comm=%d", c->trace_id);
    if (r->kind == P2P_SEND)
      mode = r->mode == P2P_SYNC ? "s" : r->mode == P2P_BUFFERED ? "b" : "";
  }
  if (*mode) /* ssend, issend, bsend, ibsend */
    snprintf(word, sizeof word, "%s%s%s", r->nonblocking ? "i" : "", mode, r->nonblocking ? kind + 1 : kind);
  trace_ints(rt_self->id, *mode ? word : kind, 4, v, suffix);
}

static int trace_coll(const char *pre, enum coll_id id, rt_comm_t *c, const coll_args_t *a);

/* A persistent collective is written once, when initialised, as "coll_init P"
 * followed by its I-form line (extension: ranks may start persistent
 * collectives in different orders, their order of initialisation is the
 * one they share), then each start as "coll_start P", completed as an
 * I-form is ("wait 0 0 -K"). */
static void persist_traced(p2p_req_t *r, enum coll_id id, rt_comm_t *c, const coll_args_t *a)
{
  if (!trace_on || !rt_self || rt_opts.trace_compat)
    return;
  char pre[48];
  snprintf(pre, sizeof pre, "coll_init %ld i", rt_self->trace_pcolls + 1);
  if (trace_coll(pre, id, c, a))
    r->trace_pcoll = ++rt_self->trace_pcolls;
}

void act_start(p2p_req_t *r)
{
  r->trace_done = 0;
  if (r->kind == P2P_COLL) { /* a persistent collective */
    if (r->trace_pcoll) {
      TRACE("coll_start %ld", r->trace_pcoll);
      r->trace_nbc = ++rt_self->trace_nbcs;
    } else if (trace_on && rt_opts.trace_compat) { /* SimGrid's subset: each start as its I-form */
      enum coll_id id;
      rt_comm_t *c;
      coll_args_t a;
      if (coll_persist_recipe(r, &id, &c, &a) && trace_coll("i", id, c, &a))
        r->trace_nbc = ++rt_self->trace_nbcs;
    }
    coll_persist_start(r);
    return;
  }
  if (trace_on && r->peer != MPI_PROC_NULL) {
    if (r->kind == P2P_SEND)
      trace_p2p(r->nonblocking ? "isend" : "send", r, r->peer_world, r->tag);
    else if (r->nonblocking) {
      /* a wildcard receive's line is held until it completes, then gets
       * its match appended (extension), or under ti-compat written with
       * its match instead of the wildcards (smpirun cannot replay those);
       * a replay posts it for that match, and says so, to record it back */
      int any = (r->peer == MPI_ANY_SOURCE) | (r->tag == MPI_ANY_TAG) << 1;
      if (rt_self) {
        any |= rt_self->trace_wild;
        rt_self->trace_wild = 0;
      }
      r->trace_any = (unsigned char)any;
      trace_p2p("irecv", r, any & 1 ? TI_ANY_SOURCE : r->peer_world, any & 2 ? TI_ANY_TAG : r->tag);
      long long mark = any && rt_self ? trace_hold_last(rt_self->id) : -1;
      r->trace_mark = mark > 0 ? mark : 0;
    }
  }
  p2p_start(r);
}

/* A receive of a message taken by a matched probe: written with its source. */
void act_start_matched(p2p_req_t *r, p2p_msg_t *m)
{
  r->trace_done = 0;
  if (trace_on && r->nonblocking)
    trace_p2p("irecv", r, m->owner, m->tag);
  r->peer_world = m->owner;
  p2p_start_matched(r, m);
}

/* After r completed: a blocking receive is written now, with its actual
 * source and tag, so that a replay of wildcard receives is deterministic; a
 * nonblocking one is written as a wait (SMPI's "wait SRC DST TAG", with
 * the wildcards its irecv line had, then simpi's " src=S tag=T" when they
 * were wildcards: the same text is appended to the irecv line; under
 * ti-compat both lines name the match instead of the wildcards); a
 * nonblocking collective as "wait 0 0 -K", K numbering this rank's
 * nonblocking collective lines from 1 (where SMPI writes an internal tag). */
static void traced_done(p2p_req_t *r)
{
  if (!trace_on || !rt_self || r->trace_done)
    return;
  r->trace_done = 1;
  if (r->kind == P2P_COLL) {
    if (r->trace_nbc)
      TRACE("wait 0 0 -%ld", r->trace_nbc);
    r->trace_nbc = 0;
    return;
  }
  if (r->kind == P2P_FLUSH) { /* Buffer_iflush: where its wait ended, a replay waits the same way */
    if (!rt_opts.trace_compat)
      TRACE("buffer_detach");
    return;
  }
  char ext[48] = "";
  if (r->kind == P2P_RECV && !r->cancelled && !rt_opts.trace_compat) {
    int n = 0;
    if (r->trace_any & 1)
      n = snprintf(ext, sizeof ext, " src=%d", r->flow_src);
    if (r->trace_any & 2)
      snprintf(ext + n, sizeof ext - (size_t)n, " tag=%d", r->st.MPI_TAG);
  }
  int compat_match = rt_opts.trace_compat && r->trace_mark && !r->cancelled;
  if (r->trace_mark && compat_match) {
    long n;
    int id = trace_type(r->dt, r->count, &n);
    char line[96];
    snprintf(line, sizeof line, "irecv %d %d %ld %d", r->flow_src, r->st.MPI_TAG, n, id);
    trace_patch(rt_self->id, r->trace_mark, line, 1);
  } else if (r->trace_mark)
    trace_patch(rt_self->id, r->trace_mark, r->cancelled ? NULL : ext, 0);
  r->trace_mark = 0;
  if (r->peer == MPI_PROC_NULL || r->cancelled || r->kind == P2P_RMA)
    return;
  int me = r->owner;
  if (r->nonblocking) {
    long v[3] = {me, r->peer_world, r->tag}; /* a send's */
    if (r->kind == P2P_RECV && compat_match)
      v[0] = r->flow_src, v[1] = me, v[2] = r->st.MPI_TAG;
    else if (r->kind == P2P_RECV)
      v[0] = r->trace_any & 1 ? TI_ANY_SOURCE : r->peer_world, v[1] = me, v[2] = r->trace_any & 2 ? TI_ANY_TAG : r->tag;
    trace_ints(rt_self->id, "wait", 3, v, ext);
  } else if (r->kind == P2P_RECV)
    trace_p2p("recv", r, r->peer_world >= 0 ? r->peer_world : r->flow_src,
              r->tag == MPI_ANY_TAG ? r->st.MPI_TAG : r->tag);
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
/* A receive cancelled before it matched: "cancel SRC DST TAG" (extension,
 * naming the request as a wait line would) lets a replay cancel it too. */
int act_cancel(p2p_req_t *r)
{
  int done = p2p_cancel(r);
  if (done && trace_on && rt_self && !rt_opts.trace_compat && r->nonblocking && r->kind == P2P_RECV) {
    TRACE("cancel %d %d %d", r->trace_any & 1 ? TI_ANY_SOURCE : r->peer_world, r->owner,
          r->trace_any & 2 ? TI_ANY_TAG : r->tag);
    r->trace_done = 1; /* nothing more to write when it completes */
    if (r->trace_mark) {
      trace_patch(rt_self->id, r->trace_mark, NULL, 0);
      r->trace_mark = 0;
    }
  }
  return done;
}

/* Buffer_detach waits for the buffered sends: "buffer_detach" (extension). */
void act_bsend_flush(int detach)
{
  if (detach && trace_on && rt_self && !rt_opts.trace_compat)
    TRACE("buffer_detach");
  p2p_bsend_flush();
}

/* Time a call spends polling (a failed Test or Iprobe): SMPI's "sleep SECONDS". */
void act_sleep(double seconds)
{
  TRACE("sleep %.9g", seconds);
  kern_sleep(seconds);
}

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
 * alltoallv also gives each side's total first. pre is "" or "i". */
static void trace_vcoll(const char *pre, enum coll_id id, rt_comm_t *c, const coll_args_t *a, int sid, long sn,
                        int rid, long rn, const char *suffix)
{
  int n = comm_size(c), root = comm_rank(c) == a->root;
  char *line = NULL, *counts = NULL;
  size_t len, clen;
  FILE *out = open_memstream(&line, &len), *cs = open_memstream(&counts, &clen);
  switch (id) {
  case COLL_GATHERV:
    put_counts(cs, root ? a->rcounts : NULL, n, a->rt);
    fclose(cs);
    fprintf(out, "%sgatherv %ld%s %d %d %d", pre, sn, counts, a->root, sid, rid);
    break;
  case COLL_SCATTERV:
    put_counts(cs, root ? a->scounts : NULL, n, a->st);
    fclose(cs);
    fprintf(out, "%sscatterv%s %ld %d %d %d", pre, counts, rn, a->root, sid, rid);
    break;
  case COLL_ALLGATHERV:
    put_counts(cs, a->rcounts, n, a->rt);
    fclose(cs);
    fprintf(out, "%sallgatherv %ld%s %d %d", pre, sn, counts, sid, rid);
    break;
  case COLL_ALLTOALLV:
  case COLL_ALLTOALLW: {
    /* alltoallw (extension): bytes to and from each rank, no types; under
     * ti-compat, SMPI's alltoallv of as many bytes */
    int w = id == COLL_ALLTOALLW;
    long ssum = 0, rsum = 0, k;
    char *rcounts = NULL;
    size_t rlen;
    FILE *rs = open_memstream(&rcounts, &rlen);
    for (int i = 0; i < n; i++) {
      if (w) {
        fprintf(cs, " %ld", k = (long)a->scounts[i] * (long)a->sts[i]->size);
        ssum += k;
        fprintf(rs, " %ld", k = (long)a->rcounts[i] * (long)a->rts[i]->size);
        rsum += k;
      }
    }
    if (!w) {
      ssum = put_counts(cs, a->scounts, n, a->st);
      rsum = put_counts(rs, a->rcounts, n, a->rt);
    }
    fclose(cs);
    fclose(rs);
    if (!w)
      fprintf(out, "%salltoallv %ld%s %ld%s %d %d", pre, ssum, counts, rsum, rcounts, sid, rid);
    else if (rt_opts.trace_compat) {
      int byte = trace_type(dt_get(MPI_BYTE), 0, &k);
      fprintf(out, "%salltoallv %ld%s %ld%s %d %d", pre, ssum, counts, rsum, rcounts, byte, byte);
    }
    else
      fprintf(out, "%salltoallw %ld%s %ld%s", pre, ssum, counts, rsum, rcounts);
    free(rcounts);
    break;
  }
  case COLL_REDUCE_SCATTER_BLOCK: /* under ti-compat: SMPI's reducescatter with n equal counts */
    for (int i = 0; i < n; i++)
      fprintf(cs, " %ld", rn);
    fclose(cs);
    fprintf(out, "%sreducescatter%s 0 %d", pre, counts, rid);
    break;
  default: /* reduce_scatter */
    put_counts(cs, a->rcounts, n, a->rt);
    fclose(cs);
    fprintf(out, "%sreducescatter%s 0 %d", pre, counts, rid);
    break;
  }
  fclose(out);
  TRACE("%s%s", line, suffix);
  free(line);
  free(counts);
}

/* The arguments of an equivalent call without MPI_IN_PLACE, and with the
 * arguments that only the root uses mirrored from the other side at the
 * other ranks: a replay has no data to keep in place, and must move the
 * same bytes at every rank. */
static void plain_args(enum coll_id id, rt_comm_t *c, coll_args_t *b)
{
  int me = comm_rank(c), root = comm_is_inter(c) ? b->root == MPI_ROOT : me == b->root;
  int sin = b->sbuf == MPI_IN_PLACE, rin = b->rbuf == MPI_IN_PLACE;
  if (comm_is_inter(c) && root && (id == COLL_GATHER || id == COLL_SCATTER)) {
    /* an intercommunicator's root only receives (gather) or only sends (scatter) */
    if (id == COLL_GATHER) {
      b->scount = 0;
      b->st = b->rt;
    } else {
      b->rcount = 0;
      b->rt = b->st;
    }
    return;
  }
  switch (id) {
  case COLL_GATHER:
  case COLL_GATHERV:
    if (!root) {
      b->rcount = b->scount;
      b->rt = b->st;
    } else if (sin) {
      b->scount = id == COLL_GATHER ? b->rcount : b->rcounts[me];
      b->st = b->rt;
    }
    break;
  case COLL_SCATTER:
  case COLL_SCATTERV:
    if (!root) {
      b->scount = b->rcount;
      b->st = b->rt;
    } else if (rin) {
      b->rcount = id == COLL_SCATTER ? b->scount : b->scounts[me];
      b->rt = b->st;
    }
    break;
  case COLL_ALLGATHER:
  case COLL_ALLTOALL:
  case COLL_ALLGATHERV:
  case COLL_ALLTOALLV:
  case COLL_ALLTOALLW:
    if (sin) {
      b->scount = id == COLL_ALLGATHERV ? b->rcounts[me] : b->rcount;
      b->scounts = b->rcounts;
      b->st = b->rt;
      b->sts = b->rts;
    }
    break;
  default: break;
  }
}

/* A collective as a trace line, SMPI's when it has one (blocking, or with
 * pre "i" for the nonblocking form, which SMPI writes as the blocking line
 * with an i in front). SimGrid's format has no communicators, so one other
 * than the world gets a trailing " comm=ID" (the ID of a comm_split line),
 * a call with MPI_IN_PLACE " inplace=1" and a reduction by a user
 * operation " userop=C" (C: 1 if commutative), as algorithms depend on both,
 * unless tracing/ti-compat:yes asks for SimGrid's subset only. Extensions:
 * "reducescatterblock COUNT 0 TYPE" and "alltoallw" (see trace_vcoll).
 * Returns 1 if a line was written. */
static int trace_coll(const char *pre, enum coll_id id, rt_comm_t *c, const coll_args_t *args)
{
  if (!trace_on || !rt_self || c->trace_id < 0 || (rt_opts.trace_compat && !world_of(c)))
    return 0;
  coll_args_t plain = *args, *a = &plain;
  plain_args(id, c, a);
  long sn = 0, rn = 0;
  int sid = a->st ? trace_type(a->st, a->scount, &sn) : 0, rid = a->rt ? trace_type(a->rt, a->rcount, &rn) : 0;
  char suffix[40] = ""; /* extensions: the communicator, when it is not the world; MPI_IN_PLACE */
  int n = 0;
  if (!world_of(c))
    n = snprintf(suffix, sizeof suffix, " comm=%d", c->trace_id);
  if ((args->sbuf == MPI_IN_PLACE || args->rbuf == MPI_IN_PLACE) && !rt_opts.trace_compat)
    n += snprintf(suffix + n, sizeof suffix - (size_t)n, " inplace=1");
  int reduction = id == COLL_REDUCE || id == COLL_ALLREDUCE || id == COLL_SCAN || id == COLL_EXSCAN ||
                  id == COLL_REDUCE_SCATTER || id == COLL_REDUCE_SCATTER_BLOCK;
  if (reduction && !op_predefined(args->op) && !rt_opts.trace_compat)
    snprintf(suffix + n, sizeof suffix - (size_t)n, " userop=%d", op_commutative(args->op));
  switch (id) {
  case COLL_BARRIER: TRACE("%sbarrier%s", pre, suffix); break;
  case COLL_BCAST: TRACE("%sbcast %ld %d %d%s", pre, rn, a->root, rid, suffix); break;
  case COLL_REDUCE: TRACE("%sreduce %ld 0 %d %d%s", pre, rn, a->root, rid, suffix); break;
  case COLL_ALLREDUCE: TRACE("%sallreduce %ld 0 %d%s", pre, rn, rid, suffix); break;
  case COLL_SCAN: TRACE("%sscan %ld 0 %d%s", pre, rn, rid, suffix); break;
  case COLL_EXSCAN: TRACE("%sexscan %ld 0 %d%s", pre, rn, rid, suffix); break;
  case COLL_GATHER: TRACE("%sgather %ld %ld %d %d %d%s", pre, sn, rn, a->root, sid, rid, suffix); break;
  case COLL_SCATTER: TRACE("%sscatter %ld %ld %d %d %d%s", pre, sn, rn, a->root, sid, rid, suffix); break;
  case COLL_ALLGATHER: TRACE("%sallgather %ld %ld %d %d%s", pre, sn, rn, sid, rid, suffix); break;
  case COLL_ALLTOALL: TRACE("%salltoall %ld %ld %d %d%s", pre, sn, rn, sid, rid, suffix); break;
  case COLL_REDUCE_SCATTER_BLOCK:
    if (!rt_opts.trace_compat) {
      TRACE("%sreducescatterblock %ld 0 %d%s", pre, rn, rid, suffix);
      break;
    }
    /* fall through */
  case COLL_GATHERV:
  case COLL_SCATTERV:
  case COLL_ALLGATHERV:
  case COLL_ALLTOALLV:
  case COLL_ALLTOALLW:
  case COLL_REDUCE_SCATTER: trace_vcoll(pre, id, c, a, sid, sn, rid, rn, suffix); break;
  default: return 0;
  }
  return 1;
}

/* Each collective once: FN(name, id, parameters, argument initialisers)
 * defines act_name (blocking), act_iname (nonblocking) and act_persist_name. */
#define COLL(name, id, params, ...)                                                                                    \
  int act_##name params                                                                                                \
  {                                                                                                                    \
    coll_args_t a = {__VA_ARGS__};                                                                                     \
    trace_coll("", id, c, &a);                                                                                         \
    check_coll(id, c, &a);                                                                                             \
    return coll_run(id, c, &a);                                                                                        \
  }                                                                                                                    \
  p2p_req_t *act_i##name params                                                                                        \
  {                                                                                                                    \
    coll_args_t a = {__VA_ARGS__};                                                                                     \
    int traced = trace_coll("i", id, c, &a);                                                                           \
    check_coll(id, c, &a);                                                                                             \
    p2p_req_t *r = coll_start(id, c, &a);                                                                              \
    if (traced)                                                                                                        \
      r->trace_nbc = ++rt_self->trace_nbcs;                                                                            \
    return r;                                                                                                          \
  }                                                                                                                    \
  p2p_req_t *act_persist_##name params                                                                                 \
  {                                                                                                                    \
    coll_args_t a = {__VA_ARGS__};                                                                                     \
    check_coll(id, c, &a);                                                                                             \
    p2p_req_t *r = coll_persist_init(id, c, &a);                                                                       \
    persist_traced(r, id, c, &a);                                                                                      \
    return r;                                                                                                          \
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

p2p_req_t *act_persist_noop(enum coll_id id, rt_comm_t *c)
{
  p2p_req_t *r = coll_persist_noop(c);
  const dt_t *byte = dt_get(MPI_BYTE);
  coll_args_t a = {.st = byte, .rt = byte, .root = MPI_PROC_NULL}; /* written as act_coll_procnull does */
  persist_traced(r, id, c, &a);
  return r;
}
void act_persist_free(p2p_req_t *r) { coll_persist_free(r); }

void act_reduce_local(const void *in, void *inout, int count, const dt_t *t, MPI_Op op)
{
  coll_reduce_local(in, inout, count, t, op);
}

void act_init(void) { TRACE("init"); }
void act_finalize(void) { TRACE("finalize"); }
void act_compute_traced(int rank, double flops)
{
  if (flops < 9e18) {
    long v = (long)nearbyint(flops); /* as %.0f rounds */
    trace_ints(rank, "compute", 1, &v, NULL);
  } else
    trace_line(rank, "compute %.0f", flops);
}
/* " c1 .. cn" for the blocks (each as trace_type writes it: bytes for
 * derived types and in the w-form), or " c" for the first block only. */
static void put_blocks(FILE *out, const coll_nbr_t *b, int n, int each, int bytes)
{
  long k = 0;
  for (int i = 0; i < (each ? n : 1); i++) {
    if (i < n) {
      if (bytes)
        k = (long)b[i].count * (long)b[i].type->size;
      else
        trace_type(b[i].type, b[i].count, &k);
    }
    fprintf(out, " %ld", k);
  }
}

/* Neighbourhood collectives (extension, not under ti-compat), always with
 * comm=ID (the communicator carries the topology, see act_comm_topo):
 *   neighbor_allgather SC RC ST RT        neighbor_allgatherv SC RC1..RCin ST RT
 *   neighbor_alltoall SC RC ST RT         neighbor_alltoallv SC1..SCout RC1..RCin ST RT
 *   neighbor_alltoallw SB1..SBout RB1..RBin     (bytes)
 * in the topology's neighbour order, counts as for messages. */
static void trace_neighbor(enum act_nbr form, const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout,
                           rt_comm_t *c)
{
  if (!trace_on || !rt_self || rt_opts.trace_compat || comm_is_inter(c) || c->trace_id < 0)
    return;
  static const char *const names[] = {"allgather", "allgatherv", "alltoall", "alltoallv", "alltoallw"};
  int w = form == ACT_NBR_ALLTOALLW, vout = form == ACT_NBR_ALLTOALLV || w, vin = vout || form == ACT_NBR_ALLGATHERV;
  char *line = NULL;
  size_t len;
  FILE *f = open_memstream(&line, &len);
  fprintf(f, "neighbor_%s", names[form]);
  put_blocks(f, out, nout, vout, w);
  put_blocks(f, in, nin, vin, w);
  if (!w) {
    long k;
    fprintf(f, " %d %d", nout ? trace_type(out[0].type, 0, &k) : trace_type(dt_get(MPI_BYTE), 0, &k),
            nin ? trace_type(in[0].type, 0, &k) : trace_type(dt_get(MPI_BYTE), 0, &k));
  }
  fclose(f);
  TRACE("%s comm=%d", line, c->trace_id);
  free(line);
}

void act_neighbor(enum act_nbr form, const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout, rt_comm_t *c)
{
  trace_neighbor(form, in, nin, out, nout, c);
  coll_neighbor(in, nin, out, nout, c);
}

/* Dist_graph_create agrees on everyone's edges before it makes the
 * communicator, so it is written as the call (extension):
 * "comm_dist_graph PARENT ID N S1 D1 T.. S2 D2 T.." (this rank's N sources,
 * each with its degree and destinations, as ranks of the parent). */
void act_comm_dist_graph(rt_comm_t *parent, int n, const int *sources, const int *degrees, const int *dests,
                         MPI_Comm made)
{
  if (!trace_on || rt_opts.trace_compat || !rt_self || made == MPI_COMM_NULL || parent->trace_id < 0)
    return;
  char *line = NULL;
  size_t len;
  FILE *f = open_memstream(&line, &len);
  fprintf(f, "comm_dist_graph %d %d %d", parent->trace_id, comm_get(made)->trace_id, n);
  for (int i = 0, k = 0; i < n; i++) {
    fprintf(f, " %d %d", sources[i], degrees[i]);
    for (int j = 0; j < degrees[i]; j++)
      fprintf(f, " %d", dests[k++]);
  }
  fclose(f);
  TRACE("%s", line);
  free(line);
}

/* Extension lines after the comm_split of a topology communicator:
 * "comm_cart ID NDIMS D1..Dn P1..Pn" for a Cartesian grid, else
 * "comm_adjacent ID NIN R1..Rin NOUT R1..Rout" (this rank's neighbours,
 * in order: graphs are replayed as distributed graphs, which give the same
 * neighbourhood collectives). */
void act_comm_topo(MPI_Comm made)
{
  if (!trace_on || rt_opts.trace_compat || !rt_self || rt_self->trace_quiet || made == MPI_COMM_NULL)
    return;
  rt_comm_t *m = comm_get(made);
  const topo_t *t = m->core->topo;
  if (m->trace_id < 0 || !t)
    return;
  char *line = NULL;
  size_t len;
  FILE *f = open_memstream(&line, &len);
  if (t->kind == MPI_CART) {
    fprintf(f, "comm_cart %d %d", m->trace_id, t->ndims);
    for (int i = 0; i < t->ndims; i++)
      fprintf(f, " %d", t->dims[i]);
    for (int i = 0; i < t->ndims; i++)
      fprintf(f, " %d", t->periods[i]);
  } else {
    int nin, nout, *in, *out, *intag, *outtag;
    topo_neighbors(m, &nin, &in, &intag, &nout, &out, &outtag);
    fprintf(f, "comm_adjacent %d %d", m->trace_id, nin);
    for (int i = 0; i < nin; i++)
      fprintf(f, " %d", in[i]);
    fprintf(f, " %d", nout);
    for (int i = 0; i < nout; i++)
      fprintf(f, " %d", out[i]);
    free(in);
    free(out);
    free(intag);
    free(outtag);
  }
  fclose(f);
  TRACE("%s", line);
  free(line);
}

void act_comm_agree(rt_comm_t *c, const int *mine, int n, int *all)
{
  const dt_t *ints = dt_get(MPI_INT);
  int one = 1, max;
  coll_args_t a = {.sbuf = n ? (const void *)mine : &one, .scount = n ? n : 1, .st = ints, .rbuf = n ? (void *)all : &max,
                   .rcount = n ? n : 1, .rt = ints, .op = MPI_MAX};
  rt_self->keep_data++; /* the members read what they agree on, in replays too */
  coll_run(n ? COLL_ALLGATHER : COLL_ALLREDUCE, c, &a);
  rt_self->keep_data--;
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
  rt_self->keep_data++;
  coll_run(COLL_BCAST, c, &a);
  rt_self->keep_data--;
}

void act_comm_made(rt_comm_t *parent, MPI_Comm made)
{
  if (!trace_on || rt_opts.trace_compat || !rt_self || rt_self->trace_quiet || comm_is_inter(parent) || parent->trace_id < 0)
    return;
  rt_comm_t *m = made == MPI_COMM_NULL ? NULL : comm_get(made);
  /* any such communicator is a split of its parent: one color per new
   * communicator (its context), the new rank as the key */
  if (m)
    TRACE("comm_split %d %d %d %d", parent->trace_id, comm_ctx(m), comm_rank(m), m->trace_id);
  else
    TRACE("comm_split %d -1 0 -1", parent->trace_id);
}

/* Comm_idup costs no communication here (split would): "comm_idup PARENT ID" (extension). */
void act_comm_idup_made(rt_comm_t *parent, MPI_Comm made)
{
  if (!trace_on || rt_opts.trace_compat || !rt_self || rt_self->trace_quiet || parent->trace_id < 0)
    return;
  TRACE("comm_idup %d %d", parent->trace_id, comm_get(made)->trace_id);
}

/* Comm_create_group is collective over the group only, so it cannot be a
 * split of its parent: "comm_create_group PARENT ID TAG N R1..RN"
 * (extension; R: ranks in the parent, in the group's order). */
void act_comm_made_group(rt_comm_t *parent, const int *w, int n, int tag, MPI_Comm made)
{
  if (!trace_on || rt_opts.trace_compat || !rt_self || comm_is_inter(parent) || parent->trace_id < 0 ||
      made == MPI_COMM_NULL)
    return;
  char *line = NULL;
  size_t len;
  FILE *f = open_memstream(&line, &len);
  fprintf(f, "comm_create_group %d %d %d %d", parent->trace_id, comm_get(made)->trace_id, tag, n);
  int size = comm_size(parent);
  for (int i = 0; i < n; i++) {
    int r = 0;
    while (r < size && comm_world(parent, r) != w[i])
      r++;
    fprintf(f, " %d", r);
  }
  fclose(f);
  TRACE("%s", line);
  free(line);
}

void act_comm_freed(rt_comm_t *c)
{
  if (trace_on && !rt_opts.trace_compat)
    TRACE("comm_free %d", c->trace_id);
}

/* Intercommunicators (extensions): "intercomm_create LOCAL LEADER PEER
 * RLEADER TAG ID" (PEER is -1 but at the local leader, the one rank that
 * uses it) and "intercomm_merge INTER HIGH ID". Their collectives are written
 * with their roots as given: MPI_ROOT (-3), MPI_PROC_NULL (-1) or a rank of
 * the remote group; peers of point-to-point lines are world ranks as always. */
void act_intercomm_made(rt_comm_t *local, int leader, rt_comm_t *peer, int rleader, int tag, MPI_Comm made)
{
  if (!trace_on || rt_opts.trace_compat || !rt_self || local->trace_id < 0)
    return;
  TRACE("intercomm_create %d %d %d %d %d %d", local->trace_id, leader, peer ? peer->trace_id : -1, rleader, tag,
        comm_get(made)->trace_id);
}

void act_intercomm_merged(rt_comm_t *inter, int high, MPI_Comm made)
{
  if (!trace_on || rt_opts.trace_compat || !rt_self || inter->trace_id < 0)
    return;
  TRACE("intercomm_merge %d %d %d", inter->trace_id, !!high, comm_get(made)->trace_id);
}

/* In a rooted collective on an intercommunicator, the root's group but the
 * root (root MPI_PROC_NULL) does nothing, yet the call counts: it is written
 * (blocking, as it ends at once) so that a replay counts it too. */
void act_coll_procnull(enum coll_id id, rt_comm_t *c)
{
  const dt_t *byte = dt_get(MPI_BYTE);
  coll_args_t a = {.st = byte, .rt = byte, .root = MPI_PROC_NULL};
  trace_coll("", id, c, &a);
}
