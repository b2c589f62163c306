/* OTF2 records -> time-independent trace lines (see otf2_in.h), one rank at a time.
 *
 * Time: the time between two MPI calls is computation: with a flops counter (PAPI_FP_OPS,
 * PAPI_DP_OPS) its increase, else its length times the speed (flops per traced second). In
 * simpi's own archives, computation is the "computation" regions with their "flops" counter,
 * and the rest of a gap (clock reads) a sleep. An MPI call that made no record (MPI_Wtime, a
 * Test that found nothing, MPI_Comm_rank) lasts what it lasted: a sleep; a polling call
 * (Test family, Iprobe) sleeps until its first record. The time inside other calls is the
 * simulation's. Before MPI_Init nothing is simulated.
 *
 * Point-to-point records become send, isend, recv, irecv and wait lines, peers as world
 * ranks, " comm=ID" off the world. An MPI_Irecv's record says neither source nor tag: its
 * completion (MpiIrecv) is read ahead for them. An MpiSend followed by an MpiRecv in one call
 * (MPI_Sendrecv) is posted as both halves, then both waited. Collectives become their lines
 * with counts from the byte sizes Score-P 8 records (simpi's archives give the line's arguments
 * in an attribute); reductions without a datatype are replayed on doubles (ints, bytes when
 * the sizes are not multiples). Communicators are made where the trace made them
 * (CommCreate in a CREATE_HANDLE collective: a split of the parent, or a group creation when
 * the collective is on the new communicator); those without such records, at MPI_Init. */
#define OTR_INTERNAL
#include "otf2_in.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

enum { TI_DOUBLE = 0, TI_INT = 1, TI_BYTE = 6 }; /* SMPI's datatype ids */
#define LOOKAHEAD_MAX 1000000 /* records read ahead for a request's completion before giving up */

/* A pending request of the trace: how its completion is written. */
enum { Q_SEND, Q_RECV, Q_NBC, Q_GONE };
struct otr_req {
  uint64_t id;
  int kind, src, dst, tag;
  long nbc;
  UT_hash_handle hh;
};

/* Room for n more bytes of lines. */
static void room_for(otr_t *r, size_t n)
{
  if (r->outcap - r->used > n)
    return;
  r->outcap = 2 * r->outcap + n + 4096;
  r->out = realloc(r->out, r->outcap);
}

/* Appends v in decimal (a replay writes a line per record: printf's machinery was a third of
 * the translation's time). */
static void put_num(otr_t *r, unsigned long long v, int neg)
{
  char d[24];
  int n = 0;
  do
    d[n++] = (char)('0' + v % 10);
  while (v /= 10);
  room_for(r, (size_t)n + 1);
  if (neg)
    r->out[r->used++] = '-';
  while (n)
    r->out[r->used++] = d[--n];
}

/* The line "RANK fmt...": %d %u %ld %lu %lld %llu %s and %% written here, other conversions
 * by vsnprintf. */
void otr_emit(otr_t *r, const char *fmt, ...)
{
  size_t start = r->used;
  va_list ap;
  va_start(ap, fmt);
  put_num(r, (unsigned long long)r->rank, 0);
  room_for(r, 1);
  r->out[r->used++] = ' ';
  for (const char *p = fmt; *p; p++) {
    if (*p != '%' || p[1] == '%') {
      room_for(r, 1);
      r->out[r->used++] = *p;
      p += *p == '%';
      continue;
    }
    int l = 0;
    while (*++p == 'l')
      l++;
    if (*p == 'd') {
      long long v = l >= 2 ? va_arg(ap, long long) : l ? va_arg(ap, long) : va_arg(ap, int);
      put_num(r, v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v, v < 0);
    } else if (*p == 'u')
      put_num(r, l >= 2 ? va_arg(ap, unsigned long long) : l ? va_arg(ap, unsigned long) : va_arg(ap, unsigned), 0);
    else if (*p == 's' && !l) {
      const char *x = va_arg(ap, const char *);
      size_t n = strlen(x);
      room_for(r, n);
      memcpy(r->out + r->used, x, n);
      r->used += n;
    } else { /* another conversion: the whole line by vsnprintf */
      va_end(ap);
      r->used = start;
      for (;;) {
        size_t room = r->outcap - r->used;
        va_start(ap, fmt);
        int n = room ? snprintf(r->out + r->used, room, "%d ", r->rank) : -1;
        if (n >= 0 && (size_t)n < room)
          n += vsnprintf(r->out + r->used + n, room - (size_t)n, fmt, ap);
        va_end(ap);
        if (n >= 0 && (size_t)n + 1 < room) {
          r->used += (size_t)n;
          break;
        }
        room_for(r, (size_t)(n > 0 ? n : 0) + 64);
      }
      r->out[r->used++] = '\n';
      return;
    }
  }
  va_end(ap);
  room_for(r, 1);
  r->out[r->used++] = '\n';
}

void otr_fail(otr_t *r, const char *fmt, ...)
{
  if (r->err[0])
    return;
  char what[300];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  snprintf(r->err, sizeof r->err, "rank %d, record %ld: %s", r->rank, r->pos, what);
  r->eof = 1;
}

static double secs(const otr_t *r, uint64_t ticks) { return (double)ticks / (double)r->d.res; }

static void sleep_for(otr_t *r, uint64_t ticks)
{
  if (ticks > 0)
    otr_emit(r, "sleep %.9g", secs(r, ticks));
}

static void compute(otr_t *r, double flops)
{
  if (flops >= 0.5 && flops < 1e18 && flops == (double)(unsigned long long)flops)
    otr_emit(r, "compute %llu", (unsigned long long)flops);
  else if (flops >= 0.5)
    otr_emit(r, "compute %.0f", flops);
}

/* The end of the time between two calls, at t. */
static void gap_end(otr_t *r, uint64_t t)
{
  if (!r->inited || t < r->gap_start)
    return;
  if (r->d.flops_simpi) /* computation regions wrote theirs: the rest slept */
    sleep_for(r, t - r->gap_start > r->comp_time ? t - r->gap_start - r->comp_time : 0);
  else if (r->have_counter)
    compute(r, r->counter - r->counter_out);
  else
    compute(r, secs(r, t - r->gap_start) * r->speed);
}

static void gap_start(otr_t *r, uint64_t t)
{
  r->gap_start = t;
  r->comp_time = 0;
  r->counter_out = r->counter;
}

/* A record that performs something, at t: a polling call slept until then; outside any call
 * (not where Score-P writes them) it ends a gap. */
void otr_act(otr_t *r, uint64_t t)
{
  if (r->depth == 0) {
    gap_end(r, t);
    gap_start(r, t);
    return;
  }
  if (!r->polled) {
    r->polled = 1;
    sleep_for(r, t > r->call_start ? t - r->call_start : 0);
  }
  r->acted = 1;
}

static otr_comm_t *comm_of(otr_t *r, uint32_t c)
{
  otr_comm_t *m = otr_comm(r, c);
  if (!m)
    otr_fail(r, "communicator %u has no definition", c);
  else if (m->inter && r->d.attr_line == OTF2_UNDEFINED_ATTRIBUTE) { /* Score-P's say too little */
    otr_fail(r, "communicator %u is an intercommunicator: simpi replays those only from its own archives", c);
    return NULL;
  }
  return m;
}

/* The world rank of rank k of c, -1 (failed) if it has none. */
static int world(otr_t *r, otr_comm_t *c, uint32_t k)
{
  if (c->global && (int)k < r->d.nranks)
    return (int)k;
  if ((int)k < c->size)
    return c->members[k];
  otr_fail(r, "rank %u is not in its communicator (of %d ranks)", k, c->size);
  return -1;
}

/* " comm=ID" for a communicator other than the world. */
static const char *suffix(const otr_comm_t *c, char *buf, size_t len)
{
  if (c->ti == 0)
    buf[0] = 0;
  else
    snprintf(buf, len, " comm=%d", c->ti);
  return buf;
}

static otr_req_t *req_add(otr_t *r, uint64_t id, int kind, int src, int dst, int tag, long nbc)
{
  otr_req_t *q;
  HASH_FIND(hh, r->reqs, &id, sizeof id, q);
  if (!q) {
    q = malloc(sizeof *q);
    q->id = id;
    HASH_ADD(hh, r->reqs, id, sizeof q->id, q);
  }
  q->kind = kind, q->src = src, q->dst = dst, q->tag = tag, q->nbc = nbc;
  return q;
}

/* Takes the request id out of the pending ones (NULL if it is none). */
static otr_req_t *req_take(otr_t *r, uint64_t id)
{
  otr_req_t *q;
  HASH_FIND(hh, r->reqs, &id, sizeof id, q);
  if (q)
    HASH_DEL(r->reqs, q);
  return q;
}

/* The index (from the queue's head) of the next record of kind with request id req, read
 * ahead as far as needed; -1 if there is none. within_call: stop at the end of this call. */
static long ahead(otr_t *r, int kind, int kind2, uint64_t req, int within_call)
{
  for (size_t k = 0; k < LOOKAHEAD_MAX; k++) {
    if (otr_fill(r, k + 1) || r->len - r->head <= k)
      return -1;
    const otr_ev_t *e = &r->q[r->head + k];
    if ((e->kind == kind || e->kind == kind2) && e->req == req)
      return (long)k;
    if (within_call && (e->kind == E_LEAVE || e->kind == E_ENTER))
      return -1;
  }
  return -1;
}

static void p2p_line(otr_t *r, const char *what, int peer, const otr_ev_t *e, const otr_comm_t *c)
{
  char sfx[32];
  otr_emit(r, "%s %d %u %lu %d%s", what, peer, e->tag, (unsigned long)e->len, TI_BYTE, suffix(c, sfx, sizeof sfx));
}

/* A send's word: simpi's archives give a synchronous or buffered one's mode ("s", "b"). */
static const char *send_word(const otr_t *r, const otr_ev_t *e, int nb)
{
  const char *m = e->args != OTF2_UNDEFINED_STRING ? otr_str(&r->d, e->args) : "";
  if (!strcmp(m, "s"))
    return nb ? "issend" : "ssend";
  if (!strcmp(m, "b"))
    return nb ? "ibsend" : "bsend";
  return nb ? "isend" : "send";
}

static void send(otr_t *r, const otr_ev_t *e)
{
  otr_comm_t *c = comm_of(r, e->comm);
  int to = c ? world(r, c, e->a) : -1;
  if (to < 0)
    return;
  otr_act(r, e->time);
  long k = r->depth ? ahead(r, E_RECV, E_RECV, 0, 1) : -1;
  if (k < 0) {
    p2p_line(r, send_word(r, e, 0), to, e, c);
    return;
  }
  /* a Sendrecv: both halves posted, then both waited, as simpi runs it */
  otr_ev_t *rv = &r->q[r->head + (size_t)k];
  otr_comm_t *rc = comm_of(r, rv->comm);
  int from = rc ? world(r, rc, rv->a) : -1;
  if (from < 0)
    return;
  p2p_line(r, "irecv", from, rv, rc);
  p2p_line(r, send_word(r, e, 1), to, e, c);
  otr_emit(r, "wait %d %d %u", r->rank, to, e->tag);
  otr_emit(r, "wait %d %d %u", from, r->rank, rv->tag);
  rv->kind = E_DONE;
}

static void irecv_request(otr_t *r, const otr_ev_t *e)
{
  long k = ahead(r, E_IRECV, E_CANCELLED, e->req, 0);
  if (k < 0 || r->q[r->head + (size_t)k].kind == E_CANCELLED) {
    /* cancelled, or never completed: its source is unknown, it is not posted */
    if (k < 0)
      r->skipped[SK_RECV_UNKNOWN]++;
    req_add(r, e->req, Q_GONE, 0, 0, 0, 0);
    return;
  }
  otr_ev_t done = r->q[r->head + (size_t)k];
  otr_comm_t *c = comm_of(r, done.comm);
  int from = c ? world(r, c, done.a) : -1;
  if (from < 0)
    return;
  otr_act(r, e->time);
  p2p_line(r, "irecv", from, &done, c);
  req_add(r, e->req, Q_RECV, from, r->rank, (int)done.tag, 0);
}

/* A request's completion: "wait SRC DST TAG", or "wait 0 0 -K" for a nonblocking collective. */
static void completion(otr_t *r, const otr_ev_t *e)
{
  otr_req_t *q = req_take(r, e->req);
  if (!q)
    return;
  if (q->kind != Q_GONE) {
    otr_act(r, e->time);
    if (q->kind == Q_NBC)
      otr_emit(r, "wait 0 0 -%ld", q->nbc);
    else
      otr_emit(r, "wait %d %d %d", q->src, q->dst, q->tag);
  }
  free(q);
}

/* ---- collectives ---- */

static int is_reduction(uint32_t op)
{
  return op == OTF2_COLLECTIVE_OP_REDUCE || op == OTF2_COLLECTIVE_OP_ALLREDUCE || op == OTF2_COLLECTIVE_OP_SCAN ||
         op == OTF2_COLLECTIVE_OP_EXSCAN || op == OTF2_COLLECTIVE_OP_REDUCE_SCATTER ||
         op == OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK;
}

static uint64_t div_(uint64_t a, uint64_t b) { return b ? a / b : a; }
static uint64_t ceil_(uint64_t a, uint64_t b) { return b ? (a + b - 1) / b : a; }

/* n counts: own at index me, the rest spread evenly (rounded up) over the others; or the
 * counts simpi recorded (attribute). Appended to f as " c1 .. cn" in elements of size s. */
static void counts(FILE *f, int n, int me, uint64_t own, uint64_t rest, uint64_t s)
{
  for (int i = 0; i < n; i++)
    fprintf(f, " %lu", (unsigned long)div_(i == me ? own : ceil_(rest, (uint64_t)(n > 1 ? n - 1 : 1)), s));
}

/* The TI names of OTF2's collective operations, by their number. */
static const char *const coll_names[] = {
    [OTF2_COLLECTIVE_OP_BARRIER] = "barrier",        [OTF2_COLLECTIVE_OP_BCAST] = "bcast",
    [OTF2_COLLECTIVE_OP_GATHER] = "gather",          [OTF2_COLLECTIVE_OP_GATHERV] = "gatherv",
    [OTF2_COLLECTIVE_OP_SCATTER] = "scatter",        [OTF2_COLLECTIVE_OP_SCATTERV] = "scatterv",
    [OTF2_COLLECTIVE_OP_ALLGATHER] = "allgather",    [OTF2_COLLECTIVE_OP_ALLGATHERV] = "allgatherv",
    [OTF2_COLLECTIVE_OP_ALLTOALL] = "alltoall",      [OTF2_COLLECTIVE_OP_ALLTOALLV] = "alltoallv",
    [OTF2_COLLECTIVE_OP_ALLTOALLW] = "alltoallw",    [OTF2_COLLECTIVE_OP_ALLREDUCE] = "allreduce",
    [OTF2_COLLECTIVE_OP_REDUCE] = "reduce",          [OTF2_COLLECTIVE_OP_REDUCE_SCATTER] = "reducescatter",
    [OTF2_COLLECTIVE_OP_SCAN] = "scan",              [OTF2_COLLECTIVE_OP_EXSCAN] = "exscan",
    [OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK] = "reducescatterblock"};

/* The line of collective e (pre: "" or "i") on c: simpi's archives give its arguments
 * (simpi::args); Score-P's its byte sizes only, from which counts are worked out. */
static void coll_line(otr_t *r, const otr_ev_t *e, const char *pre, otr_comm_t *c)
{
  uint32_t op = e->a;
  char cm[32] = "";
  if (c->ti != 0)
    snprintf(cm, sizeof cm, " comm=%d", c->ti);
  if (e->args != OTF2_UNDEFINED_STRING && op < sizeof coll_names / sizeof *coll_names && coll_names[op]) {
    otr_emit(r, "%s%s%s%s", pre, coll_names[op], otr_str(&r->d, e->args), cm);
    return;
  }
  int n = c->size, me = c->me, root = (int)e->root, ip = 0; /* Score-P records no in-place flag */
  uint64_t sent = e->len, got = e->len2, n1 = (uint64_t)(n > 1 ? n - 1 : 1), nn = (uint64_t)n;
  if (c->global && e->root != OTF2_UNDEFINED_UINT32) /* the root as a world rank: its rank in c */
    for (int i = 0; i < n; i++)
      if (c->members[i] == root)
        root = i;
  int am_root = me == root;
  uint64_t b = 0, b2 = 0; /* the block(s) in bytes */
  switch (op) {
  case OTF2_COLLECTIVE_OP_BCAST: b = got; break;
  case OTF2_COLLECTIVE_OP_REDUCE: b = am_root && ip ? div_(got, n1) : sent; break;
  case OTF2_COLLECTIVE_OP_ALLREDUCE:
  case OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK: b = ip ? div_(sent, n1) : div_(sent, nn); break;
  case OTF2_COLLECTIVE_OP_SCAN: b = ip ? (me ? div_(got, (uint64_t)me) : div_(sent, n1)) : div_(got, (uint64_t)me + 1); break;
  case OTF2_COLLECTIVE_OP_EXSCAN: b = me ? div_(got, (uint64_t)me) : div_(sent, n1); break;
  case OTF2_COLLECTIVE_OP_GATHER: b = am_root && ip ? div_(got, n1) : sent; break;
  case OTF2_COLLECTIVE_OP_SCATTER: b = am_root && ip ? div_(sent, n1) : got; break;
  case OTF2_COLLECTIVE_OP_ALLGATHER:
  case OTF2_COLLECTIVE_OP_ALLTOALL:
    b = ip ? div_(got, n1) : div_(sent, nn);
    b2 = ip ? div_(got, n1) : div_(got, nn);
    break;
  case OTF2_COLLECTIVE_OP_REDUCE_SCATTER: b = ip ? div_(got, n1) : div_(got, nn); break; /* this rank's block */
  default: break;
  }
  /* the datatype: a guess that divides the block */
  int t = TI_BYTE;
  uint64_t s = 1;
  if (is_reduction(op)) {
    if (b % 8 == 0)
      t = TI_DOUBLE, s = 8;
    else if (b % 4 == 0)
      t = TI_INT, s = 4;
  }
  unsigned long B = (unsigned long)div_(b, s), B2 = (unsigned long)div_(b2, s);
  char *line = NULL;
  size_t len;
  FILE *f = open_memstream(&line, &len);
  switch (op) {
  case OTF2_COLLECTIVE_OP_BARRIER: fprintf(f, "%sbarrier", pre); break;
  case OTF2_COLLECTIVE_OP_BCAST: fprintf(f, "%sbcast %lu %d %d", pre, B, root, t); break;
  case OTF2_COLLECTIVE_OP_REDUCE: fprintf(f, "%sreduce %lu 0 %d %d", pre, B, root, t); break;
  case OTF2_COLLECTIVE_OP_ALLREDUCE: fprintf(f, "%sallreduce %lu 0 %d", pre, B, t); break;
  case OTF2_COLLECTIVE_OP_SCAN: fprintf(f, "%sscan %lu 0 %d", pre, B, t); break;
  case OTF2_COLLECTIVE_OP_EXSCAN: fprintf(f, "%sexscan %lu 0 %d", pre, B, t); break;
  case OTF2_COLLECTIVE_OP_GATHER: fprintf(f, "%sgather %lu %lu %d %d %d", pre, B, B, root, t, t); break;
  case OTF2_COLLECTIVE_OP_SCATTER: fprintf(f, "%sscatter %lu %lu %d %d %d", pre, B, B, root, t, t); break;
  case OTF2_COLLECTIVE_OP_ALLGATHER: fprintf(f, "%sallgather %lu %lu %d %d", pre, B, B2, t, t); break;
  case OTF2_COLLECTIVE_OP_ALLTOALL: fprintf(f, "%salltoall %lu %lu %d %d", pre, B, B2, t, t); break;
  case OTF2_COLLECTIVE_OP_REDUCE_SCATTER_BLOCK: fprintf(f, "%sreducescatterblock %lu 0 %d", pre, B, t); break;
  case OTF2_COLLECTIVE_OP_GATHERV: /* Score-P: the root receives the sum, sends its own block */
    fprintf(f, "%sgatherv %lu", pre, (unsigned long)div_(sent, s));
    if (am_root)
      counts(f, n, me, ip ? div_(got, n1) : sent, ip ? got : got - (got > sent ? sent : got), s);
    else
      counts(f, n, -1, 0, 0, s);
    fprintf(f, " %d %d %d", root, t, t);
    break;
  case OTF2_COLLECTIVE_OP_SCATTERV:
    fprintf(f, "%sscatterv", pre);
    if (am_root)
      counts(f, n, me, ip ? div_(sent, n1) : got, ip ? sent : sent - (sent > got ? got : sent), s);
    else
      counts(f, n, -1, 0, 0, s);
    fprintf(f, " %lu %d %d %d", (unsigned long)div_(got, s), root, t, t);
    break;
  case OTF2_COLLECTIVE_OP_ALLGATHERV:
    fprintf(f, "%sallgatherv %lu", pre, (unsigned long)div_(ip ? div_(sent, n1) : div_(sent, nn), s));
    counts(f, n, -1, 0, got * n1 / nn, s); /* each of n blocks: got / n */
    fprintf(f, " %d %d", t, t);
    break;
  case OTF2_COLLECTIVE_OP_ALLTOALLV:
  case OTF2_COLLECTIVE_OP_ALLTOALLW: {
    int w = op == OTF2_COLLECTIVE_OP_ALLTOALLW;
    fprintf(f, "%s%s", pre, w ? "alltoallw" : "alltoallv");
    fprintf(f, " %lu", (unsigned long)div_(sent, s));
    counts(f, n, -1, 0, sent * n1 / nn, s);
    fprintf(f, " %lu", (unsigned long)div_(got, s));
    counts(f, n, -1, 0, got * n1 / nn, s);
    if (!w)
      fprintf(f, " %d %d", t, t);
    break;
  }
  case OTF2_COLLECTIVE_OP_REDUCE_SCATTER:
    fprintf(f, "%sreducescatter", pre);
    counts(f, n, me, b, sent > b ? sent - (ip ? 0 : b) : 0, s);
    fprintf(f, " 0 %d", t);
    break;
  default: break;
  }
  fclose(f);
  otr_emit(r, "%s%s", line, cm);
  free(line);
}

/* A CREATE_HANDLE collective on c: the communicator the trace made (CommCreate) as a split
 * of c, or, when the collective is on the new one, as a group creation of its parent's; a
 * member of c that got none takes part in the split with no color. */
static void comm_made(otr_t *r, const otr_ev_t *e, otr_comm_t *c, int nb)
{
  otr_comm_t *m = r->created != OTF2_UNDEFINED_COMM ? comm_of(r, r->created) : NULL;
  if (r->created != OTF2_UNDEFINED_COMM && !m)
    return;
  if (m && m->me < 0) {
    otr_fail(r, "the trace makes communicator %u here, but rank %d is not in it", r->created, r->rank);
    return;
  }
  if (m && c->self) { /* made alone: nothing to replay but a one-rank communicator */
    m->ti = -1;
    return;
  }
  if (m && m == c) {
    otr_comm_t *p = m->parent != OTF2_UNDEFINED_COMM ? comm_of(r, m->parent) : NULL;
    if (!p)
      p = comm_of(r, 0);
    if (!p || p->me < 0 || p->self) {
      otr_fail(r, "communicator %u is made from no communicator this rank is in", r->created);
      return;
    }
    char *line = NULL;
    size_t len;
    FILE *f = open_memstream(&line, &len);
    fprintf(f, "comm_create_group %d %d 0 %d", p->ti, m->ti, m->size);
    for (int i = 0; i < m->size; i++) {
      int k = 0;
      while (k < p->size && p->members[k] != m->members[i])
        k++;
      fprintf(f, " %d", k);
    }
    fclose(f);
    otr_emit(r, "%s", line);
    free(line);
  } else if (m && nb)
    otr_emit(r, "comm_idup %d %d", c->ti, m->ti);
  else if (m)
    otr_emit(r, "comm_split %d %u %d %d", c->ti, r->created + 1, m->me, m->ti);
  else
    otr_emit(r, "comm_split %d -1 0 -1", c->ti);
  (void)e;
}

/* Collective e: nb 0 blocking (MpiCollectiveEnd), 1 started (the completion of a request). */
static void collective(otr_t *r, const otr_ev_t *e, int nb)
{
  otr_comm_t *c = comm_of(r, e->comm);
  if (!c)
    return;
  uint32_t op = e->a;
  if (op >= OTF2_COLLECTIVE_OP_ALLOCATE) { /* SHMEM's */
    r->skipped[SK_SHMEM]++;
    return;
  }
  otr_act(r, e->time);
  if (op == OTF2_COLLECTIVE_OP_CREATE_HANDLE && e->line != OTF2_UNDEFINED_STRING) {
    otr_emit(r, "%s", otr_str(&r->d, e->line)); /* simpi's: a communicator OTF2 has no arguments for */
    return;
  }
  if (op == OTF2_COLLECTIVE_OP_CREATE_HANDLE) {
    comm_made(r, e, c, nb);
    return;
  }
  if (op == OTF2_COLLECTIVE_OP_DESTROY_HANDLE) {
    otr_comm_t *m = r->destroyed != OTF2_UNDEFINED_COMM ? otr_comm(r, r->destroyed) : NULL;
    if (m && m->ti > 0 && m->events)
      otr_emit(r, "comm_free %d", m->ti);
    return;
  }
  if (c->me < 0) {
    otr_fail(r, "a collective on communicator %u, which rank %d is not in", e->comm, r->rank);
    return;
  }
  coll_line(r, e, nb ? "i" : "", c);
}

/* The communicators whose creation the trace does not record, made at MPI_Init as splits
 * of the world, in the order of their definitions (every rank reads the same). */
static void make_comms(otr_t *r)
{
  for (uint32_t i = 0; i < r->d.ncomm; i++) {
    otr_comm_t *m = otr_comm(r, i);
    if (!m || m->inter || m->self || m->world || m->events)
      continue;
    if (m->me >= 0)
      otr_emit(r, "comm_split 0 %u %d %d", i + 1, m->me, m->ti);
    else
      otr_emit(r, "comm_split 0 -1 0 -1");
  }
}

static const otr_region_t *region(const otr_t *r, uint32_t g)
{
  return g < r->d.nreg && r->d.reg[g].defined ? &r->d.reg[g] : NULL;
}

static void enter(otr_t *r, const otr_ev_t *e)
{
  const otr_region_t *g = region(r, e->a);
  int kind = g ? g->kind : RK_OTHER;
  if (kind == RK_OTHER) {
    r->skipped[g ? g->skip : SK_USER]++;
    return;
  }
  if (kind == RK_COMPUTATION) {
    r->comp_start = e->time;
    r->counter_comp = r->counter;
    return;
  }
  if (r->depth++ > 0)
    return;
  gap_end(r, e->time);
  r->region = e->a;
  r->call_start = e->time;
  r->acted = 0;
  r->rma_once = 0;
  r->polled = kind != RK_POLL;
  if (kind == RK_INIT && !r->inited) {
    otr_emit(r, "init");
    r->inited = 1;
    make_comms(r);
  } else if (kind == RK_FINALIZE && !r->finalized) {
    otr_emit(r, "finalize");
    r->finalized = 1;
  }
}

static void leave(otr_t *r, const otr_ev_t *e)
{
  const otr_region_t *g = region(r, e->a);
  int kind = g ? g->kind : RK_OTHER;
  if (kind == RK_OTHER)
    return;
  if (kind == RK_COMPUTATION) {
    if (r->depth == 0 && r->inited && e->time >= r->comp_start) {
      compute(r, r->counter - r->counter_comp);
      r->comp_time += e->time - r->comp_start;
    }
    return;
  }
  if (r->depth == 0 || --r->depth > 0)
    return;
  if (!r->acted && r->inited && kind != RK_INIT && kind != RK_FINALIZE)
    sleep_for(r, e->time > r->call_start ? e->time - r->call_start : 0);
  gap_start(r, e->time);
}

void otr_translate(otr_t *r, otr_ev_t *e)
{
  r->pos = (long)e->pos;
  switch (e->kind) {
  case E_METRIC:
    r->counter = e->value;
    r->have_counter = 1;
    break;
  case E_ENTER: enter(r, e); break;
  case E_RMA: otr_rma_translate(r, e); break;
  case E_LINE: { /* a line simpi's archives carry whole (one-sided, topologies, ...) */
    const char *s = otr_str(&r->d, e->line);
    otr_act(r, e->time);
    otr_emit(r, "%s", s);
    const char *req = strstr(s, " req="); /* a request-based one-sided operation: its number */
    if (req)
      r->nbcs = strtol(req + 5, NULL, 10);
    else if (!strncmp(s, "ineighbor_", 10) || !strncmp(s, "coll_start", 10)) /* numbered as nonblocking collectives */
      r->nbcs++;
    break;
  }
  case E_LEAVE: leave(r, e); break;
  case E_SEND: send(r, e); break;
  case E_ISEND: {
    otr_comm_t *c = comm_of(r, e->comm);
    int to = c ? world(r, c, e->a) : -1;
    if (to < 0)
      break;
    otr_act(r, e->time);
    p2p_line(r, send_word(r, e, 1), to, e, c);
    req_add(r, e->req, Q_SEND, r->rank, to, (int)e->tag, 0);
    break;
  }
  case E_RECV: {
    otr_comm_t *c = comm_of(r, e->comm);
    int from = c ? world(r, c, e->a) : -1;
    if (from < 0)
      break;
    otr_act(r, e->time);
    p2p_line(r, "recv", from, e, c);
    break;
  }
  case E_IRECV_REQ: irecv_request(r, e); break;
  case E_ISEND_DONE:
  case E_IRECV:
  case E_NBC_DONE: completion(r, e); break;
  case E_CANCELLED: free(req_take(r, e->req)); break;
  case E_COLL_BEGIN: r->created = r->destroyed = OTF2_UNDEFINED_COMM; break;
  case E_COMM_CREATE: r->created = e->comm; break;
  case E_COMM_DESTROY: r->destroyed = e->comm; break;
  case E_COLL_END: collective(r, e, 0); break;
  case E_NBC_REQ: {
    long k = ahead(r, E_NBC_DONE, E_NBC_DONE, e->req, 0);
    if (k < 0) {
      r->skipped[SK_NBC_UNKNOWN]++;
      break;
    }
    otr_ev_t done = r->q[r->head + (size_t)k];
    done.time = e->time; /* it starts here */
    if (done.a == OTF2_COLLECTIVE_OP_CREATE_HANDLE || done.a == OTF2_COLLECTIVE_OP_DESTROY_HANDLE) {
      /* an idup: made at once (the CommCreate before its completion names it), nothing to wait */
      r->created = r->destroyed = OTF2_UNDEFINED_COMM;
      for (long i = 0; i < k; i++) {
        otr_ev_t *x = &r->q[r->head + (size_t)i];
        if (x->kind == E_COMM_CREATE)
          r->created = x->comm;
        if (x->kind == E_COMM_CREATE || x->kind == E_COMM_DESTROY)
          x->kind = E_DONE;
      }
      collective(r, &done, 1);
      r->q[r->head + (size_t)k].kind = E_DONE;
      break;
    }
    collective(r, &done, 1);
    req_add(r, e->req, Q_NBC, 0, 0, 0, ++r->nbcs);
    break;
  }
  default: break; /* E_TEST: a test that found nothing is the time of its call; E_DONE */
  }
}

void otr_free_requests(otr_t *r)
{
  otr_req_t *q, *tmp;
  HASH_ITER(hh, r->reqs, q, tmp)
  {
    HASH_DEL(r->reqs, q);
    free(q);
  }
}
