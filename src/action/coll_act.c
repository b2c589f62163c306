/* The collective actions: each runs through src/coll (blocking, started,
 * or made persistent) and, when recording, is written first as its trace
 * line (SMPI's when it has one), with the neighbourhood collectives and
 * the lines of persistent collectives as extensions. */
#include "record.h"
#include "check.h"
#include "../core/op.h"
#include <stdio.h>
#include <stdlib.h>

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
  if (act_trace_coll(pre, id, c, a))
    r->trace_pcoll = ++rt_self->trace_pcolls;
}

/* " c0 c1 ..." for n counts of type t appended to out (zeros without counts); returns their sum. */
static long put_counts(FILE *out, const MPI_Count *counts, int n, const dt_t *t)
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
  /* per-rank arrays cover the remote group of an intercommunicator, but reduce_scatter's the local group */
  int inter = comm_is_inter(c), root = inter ? a->root == MPI_ROOT : comm_rank(c) == a->root;
  int n = inter && id != COLL_REDUCE_SCATTER && id != COLL_REDUCE_SCATTER_BLOCK ? comm_peer_size(c) : comm_size(c);
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
int act_trace_coll(const char *pre, enum coll_id id, rt_comm_t *c, const coll_args_t *args)
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
    act_trace_coll("", id, c, &a);                                                                                     \
    check_coll(id, c, &a);                                                                                             \
    return coll_run(id, c, &a);                                                                                        \
  }                                                                                                                    \
  p2p_req_t *act_i##name params                                                                                        \
  {                                                                                                                    \
    coll_args_t a = {__VA_ARGS__};                                                                                     \
    int traced = act_trace_coll("i", id, c, &a);                                                                       \
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
COLL(bcast, COLL_BCAST, (void *buf, MPI_Count count, const dt_t *t, int root, rt_comm_t *c), .rbuf = buf,
     .rcount = count, .rt = t, .st = t, .root = root)
COLL(gather, COLL_GATHER,
     (const void *sbuf, MPI_Count scount, const dt_t *st, void *rbuf, MPI_Count rcount, const dt_t *rt, int root,
      rt_comm_t *c),
     .sbuf = sbuf, .scount = scount, .st = st, .rbuf = rbuf, .rcount = rcount, .rt = rt, .root = root)
COLL(gatherv, COLL_GATHERV,
     (const void *sbuf, MPI_Count scount, const dt_t *st, void *rbuf, const MPI_Count *rcounts, const MPI_Aint *displs,
      const dt_t *rt, int root, rt_comm_t *c),
     .sbuf = sbuf, .scount = scount, .st = st, .rbuf = rbuf, .rcounts = rcounts, .rdispls = displs, .rt = rt,
     .root = root)
COLL(scatter, COLL_SCATTER,
     (const void *sbuf, MPI_Count scount, const dt_t *st, void *rbuf, MPI_Count rcount, const dt_t *rt, int root,
      rt_comm_t *c),
     .sbuf = sbuf, .scount = scount, .st = st, .rbuf = rbuf, .rcount = rcount, .rt = rt, .root = root)
COLL(scatterv, COLL_SCATTERV,
     (const void *sbuf, const MPI_Count *scounts, const MPI_Aint *displs, const dt_t *st, void *rbuf, MPI_Count rcount,
      const dt_t *rt, int root, rt_comm_t *c),
     .sbuf = sbuf, .scounts = scounts, .sdispls = displs, .st = st, .rbuf = rbuf, .rcount = rcount, .rt = rt,
     .root = root)
COLL(allgather, COLL_ALLGATHER,
     (const void *sbuf, MPI_Count scount, const dt_t *st, void *rbuf, MPI_Count rcount, const dt_t *rt, rt_comm_t *c),
     .sbuf = sbuf, .scount = scount, .st = st, .rbuf = rbuf, .rcount = rcount, .rt = rt)
COLL(allgatherv, COLL_ALLGATHERV,
     (const void *sbuf, MPI_Count scount, const dt_t *st, void *rbuf, const MPI_Count *rcounts, const MPI_Aint *displs,
      const dt_t *rt, rt_comm_t *c),
     .sbuf = sbuf, .scount = scount, .st = st, .rbuf = rbuf, .rcounts = rcounts, .rdispls = displs, .rt = rt)
COLL(alltoall, COLL_ALLTOALL,
     (const void *sbuf, MPI_Count scount, const dt_t *st, void *rbuf, MPI_Count rcount, const dt_t *rt, rt_comm_t *c),
     .sbuf = sbuf, .scount = scount, .st = st, .rbuf = rbuf, .rcount = rcount, .rt = rt)
COLL(alltoallv, COLL_ALLTOALLV,
     (const void *sbuf, const MPI_Count *scounts, const MPI_Aint *sdispls, const dt_t *st, void *rbuf,
      const MPI_Count *rcounts, const MPI_Aint *rdispls, const dt_t *rt, rt_comm_t *c),
     .sbuf = sbuf, .scounts = scounts, .sdispls = sdispls, .st = st, .rbuf = rbuf, .rcounts = rcounts,
     .rdispls = rdispls, .rt = rt)
COLL(alltoallw, COLL_ALLTOALLW,
     (const void *sbuf, const MPI_Count *scounts, const MPI_Aint *sdispls, void *rbuf, const MPI_Count *rcounts,
      const MPI_Aint *rdispls, const dt_t **types, rt_comm_t *c),
     .sbuf = sbuf, .scounts = scounts, .sdispls = sdispls, .sts = types, .rbuf = rbuf, .rcounts = rcounts,
     .rdispls = rdispls, .rts = types + comm_peer_size(c), .owned = (void *)types)
COLL(reduce, COLL_REDUCE,
     (const void *sbuf, void *rbuf, MPI_Count count, const dt_t *t, MPI_Op op, int root, rt_comm_t *c), .sbuf = sbuf,
     .rbuf = rbuf, .rcount = count, .scount = count, .rt = t, .st = t, .op = op, .root = root)
COLL(allreduce, COLL_ALLREDUCE, (const void *sbuf, void *rbuf, MPI_Count count, const dt_t *t, MPI_Op op, rt_comm_t *c),
     .sbuf = sbuf, .rbuf = rbuf, .rcount = count, .scount = count, .rt = t, .st = t, .op = op)
COLL(reduce_scatter, COLL_REDUCE_SCATTER,
     (const void *sbuf, void *rbuf, const MPI_Count *rcounts, const dt_t *t, MPI_Op op, rt_comm_t *c), .sbuf = sbuf,
     .rbuf = rbuf, .rcounts = rcounts, .rt = t, .st = t, .op = op)
COLL(reduce_scatter_block, COLL_REDUCE_SCATTER_BLOCK,
     (const void *sbuf, void *rbuf, MPI_Count rcount, const dt_t *t, MPI_Op op, rt_comm_t *c), .sbuf = sbuf,
     .rbuf = rbuf, .rcount = rcount, .rt = t, .st = t, .op = op)
COLL(scan, COLL_SCAN, (const void *sbuf, void *rbuf, MPI_Count count, const dt_t *t, MPI_Op op, rt_comm_t *c),
     .sbuf = sbuf, .rbuf = rbuf, .rcount = count, .scount = count, .rt = t, .st = t, .op = op)
COLL(exscan, COLL_EXSCAN, (const void *sbuf, void *rbuf, MPI_Count count, const dt_t *t, MPI_Op op, rt_comm_t *c),
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

void act_reduce_local(const void *in, void *inout, MPI_Count count, const dt_t *t, MPI_Op op)
{
  coll_reduce_local(in, inout, count, t, op);
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

/* Neighbourhood collectives (extension, not under ti-compat; nonblocking
 * ones with an "i" in front, persistent ones after "coll_init P"), always with
 * comm=ID (the communicator carries the topology, see act_comm_topo):
 *   neighbor_allgather SC RC ST RT        neighbor_allgatherv SC RC1..RCin ST RT
 *   neighbor_alltoall SC RC ST RT         neighbor_alltoallv SC1..SCout RC1..RCin ST RT
 *   neighbor_alltoallw SB1..SBout RB1..RBin     (bytes)
 * in the topology's neighbour order, counts as for messages. */
static int trace_neighbor(const char *pre, enum act_nbr form, const coll_nbr_t *in, int nin, const coll_nbr_t *out,
                          int nout, rt_comm_t *c)
{
  if (!trace_on || !rt_self || rt_opts.trace_compat || comm_is_inter(c) || c->trace_id < 0)
    return 0;
  static const char *const names[] = {"allgather", "allgatherv", "alltoall", "alltoallv", "alltoallw"};
  int w = form == ACT_NBR_ALLTOALLW, vout = form == ACT_NBR_ALLTOALLV || w, vin = vout || form == ACT_NBR_ALLGATHERV;
  char *line = NULL;
  size_t len;
  FILE *f = open_memstream(&line, &len);
  fprintf(f, "%sneighbor_%s", pre, names[form]);
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
  return 1;
}

void act_neighbor(enum act_nbr form, const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout, rt_comm_t *c)
{
  trace_neighbor("", form, in, nin, out, nout, c);
  coll_neighbor(in, nin, out, nout, c);
}

/* "ineighbor_..." lines, completed by "wait 0 0 -K" as the other nonblocking collectives. */
p2p_req_t *act_ineighbor(enum act_nbr form, const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout,
                         rt_comm_t *c)
{
  int traced = trace_neighbor("i", form, in, nin, out, nout, c);
  p2p_req_t *r = coll_neighbor_start(in, nin, out, nout, c);
  if (traced)
    r->trace_nbc = ++rt_self->trace_nbcs;
  return r;
}

/* "coll_init P ineighbor_..." then "coll_start P" at each start, as the other persistent collectives. */
p2p_req_t *act_persist_neighbor(enum act_nbr form, const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout,
                                rt_comm_t *c)
{
  p2p_req_t *r = coll_neighbor_persist_init(in, nin, out, nout, c);
  char pre[48];
  snprintf(pre, sizeof pre, "coll_init %ld i", rt_self ? rt_self->trace_pcolls + 1 : 0);
  if (trace_neighbor(pre, form, in, nin, out, nout, c))
    r->trace_pcoll = ++rt_self->trace_pcolls;
  return r;
}

/* In a rooted collective on an intercommunicator, the root's group but the
 * root (root MPI_PROC_NULL) does nothing, yet the call counts: it is written
 * (blocking, as it ends at once) so that a replay counts it too. */
void act_coll_procnull(enum coll_id id, rt_comm_t *c)
{
  const dt_t *byte = dt_get(MPI_BYTE);
  coll_args_t a = {.st = byte, .rt = byte, .root = MPI_PROC_NULL};
  act_trace_coll("", id, c, &a);
}
