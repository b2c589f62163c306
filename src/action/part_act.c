/* Partitioned point-to-point communication (MPI 4.0): a persistent request per side. A send
 * partition travels as one real message when MPI_Pready marks it (so simulated time follows
 * readiness); the receive side takes the sender's messages into a packed copy of the whole
 * buffer and reports a partition arrived once the bytes it covers are in, the two sides' partitions
 * being byte ranges of the same total. The sides pair at initialization, in order of calls (as
 * persistent requests match), through a table: pairing moves nothing and costs no time. */
#include "action.h"
#include "trace.h"
#include "../runtime/runtime.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct part {
  int n;          /* partitions of this side */
  size_t pbytes;  /* bytes per partition of this side */
  int ctx;        /* the context of the pair's messages: its own, never a communicator's */
  int sn;         /* receive: the sender's partitions and their bytes, once paired (0 before) */
  size_t sbytes;
  p2p_req_t **msg;      /* send: a persistent send per partition; receive: a receive per sender partition */
  unsigned char *mark;  /* send: marked ready this round; receive: that sender partition arrived
                           (made with the receives, once the sender's partitions are known) */
  unsigned char *out;   /* receive: this partition unpacked into the user's buffer this round */
  char *stage;          /* receive: the packed bytes as they arrive */
  p2p_req_t *first;     /* receive started before the sender was initialized: the receive of its first message */
  char *first_buf;
  int posted;           /* receive: the receives of this round are posted */
  int nmarked;          /* send: partitions marked this round */
  int progressing;      /* receive: a thread of the rank is looking for arrivals (MPI_Parrived may
                           be called by several at once; a look lets the others run) */
} part_t;

/* Initialized sides that no other side has paired with yet, oldest first. An entry outlives its
 * request (a sender may finish and free its request before its receiver is even initialized): it
 * keeps what the other side needs, and the side's partitions while its request lives. */
typedef struct waiting {
  int key[4]; /* communicator context, sender and receiver world ranks, tag */
  int send, owner, n, ctx;
  size_t pbytes;
  struct part *p; /* NULL once its request is freed */
  struct waiting *next;
} waiting_t;
static waiting_t *unpaired;

static part_t *P(const p2p_req_t *r) { return r->owned; }

/* An internal request of owner r for partition i: a send of r's partition, or a receive of sender partition i. */
static p2p_req_t *inner(p2p_req_t *r, int i, void *buf, MPI_Count count, const dt_t *t)
{
  p2p_req_t *m = p2p_req_new();
  m->kind = r->kind == P2P_PSEND ? P2P_SEND : P2P_RECV;
  m->mode = P2P_STANDARD;
  m->nonblocking = 1;
  m->owner = r->owner;
  m->peer = r->peer;
  m->peer_world = r->peer_world;
  m->me_local = r->me_local;
  m->tag = i;
  m->ctx = P(r)->ctx;
  m->buf = buf;
  m->count = count;
  m->dt = t;
  dt_retain(t);
  m->comm = r->comm;
  m->comm_name = r->comm_name;
  return m;
}

int act_part_init(p2p_req_t *r, int partitions, char *why, size_t len)
{
  if (trace_on) {
    snprintf(why, len, "partitioned communication cannot be recorded in a time-independent trace (no replayable "
                       "form): record without it, or run without -trace-ti");
    return MPI_ERR_UNSUPPORTED_OPERATION;
  }
  int send = r->kind == P2P_SEND;
  part_t *p = calloc(1, sizeof *p);
  p->n = partitions;
  p->pbytes = (size_t)r->count * r->dt->size;
  int key[4] = {r->ctx, send ? r->owner : r->peer_world, send ? r->peer_world : r->owner, r->tag};
  waiting_t **pp = &unpaired;
  while (*pp && ((*pp)->send == send || memcmp((*pp)->key, key, sizeof key)))
    pp = &(*pp)->next;
  waiting_t *o = *pp;
  if (o) {
    size_t total_s = send ? p->pbytes * (size_t)partitions : o->pbytes * (size_t)o->n;
    size_t total_r = send ? o->pbytes * (size_t)o->n : p->pbytes * (size_t)partitions;
    if (total_s != total_r) {
      snprintf(why, len, "the partitioned %s of %zu bytes (%d partitions of %zu) does not match the partitioned %s "
                         "of %zu bytes (%d partitions of %zu) that world rank %d initialized with it",
               send ? "send" : "receive", send ? total_s : total_r, p->n, p->pbytes, send ? "receive" : "send",
               send ? total_r : total_s, o->n, o->pbytes, o->owner);
      free(p);
      return MPI_ERR_TRUNCATE;
    }
    p->ctx = o->ctx;
    part_t *v = send ? o->p : p; /* the receive, if it still lives */
    if (v) {
      v->sn = send ? partitions : o->n;
      v->sbytes = send ? p->pbytes : o->pbytes;
    }
    *pp = o->next;
    free(o);
  } else {
    p->ctx = comm_new_ctx();
    waiting_t *w = malloc(sizeof *w);
    *w = (waiting_t){.send = send, .owner = r->owner, .n = partitions, .ctx = p->ctx, .pbytes = p->pbytes, .p = p};
    memcpy(w->key, key, sizeof key);
    while (*pp)
      pp = &(*pp)->next;
    *pp = w;
  }
  r->owned = p;
  r->kind = send ? P2P_PSEND : P2P_PRECV;
  r->persistent = 1;
  r->nonblocking = 1;
  if (send) {
    p->mark = calloc((size_t)partitions, 1);
    p->msg = malloc(sizeof *p->msg * (size_t)partitions);
    for (int i = 0; i < partitions; i++)
      p->msg[i] = inner(r, i, (char *)r->buf + (MPI_Aint)i * r->count * r->dt->extent, r->count, r->dt);
  } else {
    p->out = calloc((size_t)partitions, 1);
    p->stage = malloc(p->pbytes * (size_t)partitions + 1);
  }
  return MPI_SUCCESS;
}

/* Receive: the sender's partitions are known now; their receives are made on first use. */
static void post_all(p2p_req_t *r, int except)
{
  part_t *p = P(r);
  if (!p->msg) {
    p->mark = calloc((size_t)p->sn, 1);
    p->msg = malloc(sizeof *p->msg * (size_t)p->sn);
    for (int i = 0; i < p->sn; i++)
      p->msg[i] = inner(r, i, p->stage + (size_t)i * p->sbytes, (MPI_Count)p->sbytes, dt_get(MPI_BYTE));
  }
  for (int i = 0; i < p->sn; i++)
    if (i != except)
      p2p_start(p->msg[i]);
  p->posted = 1;
}

void act_part_start(p2p_req_t *r)
{
  part_t *p = P(r);
  r->active = 1;
  r->done = 0;
  memset(&r->st, 0, sizeof r->st);
  if (r->kind == P2P_PSEND) {
    memset(p->mark, 0, (size_t)p->n);
    p->nmarked = 0;
    return;
  }
  memset(p->out, 0, (size_t)p->n);
  p->posted = 0;
  if (p->sn) {
    if (p->mark)
      memset(p->mark, 0, (size_t)p->sn);
    post_all(r, -1);
    return;
  }
  /* the sender has not been initialized: its first message, whichever partition it holds, comes
   * here; the others are received once it told how they are cut */
  size_t total = p->pbytes * (size_t)p->n;
  if (!p->first) {
    p->first_buf = malloc(total + 1);
    p->first = inner(r, MPI_ANY_TAG, p->first_buf, (MPI_Count)total, dt_get(MPI_BYTE));
  }
  p2p_start(p->first);
}

int act_part_mark(p2p_req_t *r, int i)
{
  part_t *p = P(r);
  if (p->mark[i])
    return 0;
  p->mark[i] = 1;
  p->nmarked++;
  p2p_start(p->msg[i]);
  return 1;
}

int act_part_count(const p2p_req_t *r) { return P(r)->n; }

int act_part_unmarked(const p2p_req_t *r) { return r->kind == P2P_PSEND && r->active ? P(r)->n - P(r)->nmarked : 0; }

/* Receive: the first message came; its tag says which sender partition it holds. */
static void first_arrived(p2p_req_t *r)
{
  part_t *p = P(r);
  int i = p->first->st.MPI_TAG;
  p->first->active = 0;
  post_all(r, i); /* the sender sent, so it was initialized and paired */
  memset(p->mark, 0, (size_t)p->sn);
  memcpy(p->stage + (size_t)i * p->sbytes, p->first_buf, p->sbytes);
  p->mark[i] = 1;
  p->msg[i]->active = 0;
}

/* Receive: notes what arrived without blocking; 1 once everything did. */
static int recv_progress(p2p_req_t *r)
{
  part_t *p = P(r);
  if (!p->posted) {
    if (!p2p_test(p->first))
      return 0;
    first_arrived(r);
  }
  int all = 1;
  for (int i = 0; i < p->sn; i++) {
    if (!p->mark[i] && p->msg[i]->active && p2p_test(p->msg[i]))
      p->mark[i] = 1;
    all &= p->mark[i];
  }
  return all;
}

/* Receive: partition j, whose bytes are all in, goes to the user's buffer (once per round). */
static int unpack_if_arrived(p2p_req_t *r, int j)
{
  part_t *p = P(r);
  if (p->out[j])
    return 1;
  if (p->pbytes) {
    if (!p->posted) /* the sender's partitions may be known, but none of its messages came */
      return 0;
    size_t lo = (size_t)j * p->pbytes, hi = lo + p->pbytes;
    for (size_t i = lo / p->sbytes; i <= (hi - 1) / p->sbytes; i++)
      if (!p->mark[i])
        return 0;
    dt_unpack(p->stage + lo, p->pbytes, (char *)r->buf + (MPI_Aint)j * r->count * r->dt->extent, r->count, r->dt);
  }
  p->out[j] = 1;
  return 1;
}

static void part_finish(p2p_req_t *r)
{
  part_t *p = P(r);
  if (r->kind == P2P_PRECV) {
    for (int j = 0; j < p->n; j++)
      unpack_if_arrived(r, j);
    r->st.MPI_SOURCE = r->peer;
    r->st.MPI_TAG = r->tag;
    r->st.simpi_bytes = (MPI_Count)(p->pbytes * (size_t)p->n);
  }
  r->done = 1;
}

int act_part_arrived(p2p_req_t *r, int j)
{
  if (!r->active || r->done)
    return 1;
  part_t *p = P(r);
  if (!p->progressing) { /* else another thread looks now: what it found so far answers */
    p->progressing = 1;
    recv_progress(r);
    p->progressing = 0;
  }
  return unpack_if_arrived(r, j);
}

p2p_req_t *act_part_pending(p2p_req_t *r)
{
  part_t *p = P(r);
  if (r->kind == P2P_PRECV && !p->posted)
    return p->first;
  int n = r->kind == P2P_PSEND ? p->n : p->sn;
  for (int i = 0; i < n; i++)
    if (p->msg[i]->active && !p->msg[i]->done)
      return p->msg[i];
  return NULL;
}

int act_part_test(p2p_req_t *r)
{
  if (r->done || !r->active)
    return 1;
  part_t *p = P(r);
  if (r->kind == P2P_PRECV ? !recv_progress(r) : p->nmarked < p->n)
    return 0;
  for (p2p_req_t *m; (m = act_part_pending(r));)
    if (!p2p_test(m))
      return 0;
  part_finish(r);
  return 1;
}

void act_part_wait(p2p_req_t *r)
{
  if (r->done || !r->active)
    return;
  part_t *p = P(r);
  if (r->kind == P2P_PRECV && !p->posted) {
    p2p_wait(p->first);
    first_arrived(r);
  }
  for (p2p_req_t *m; (m = act_part_pending(r));)
    p2p_wait(m);
  if (r->kind == P2P_PRECV)
    memset(p->mark, 1, (size_t)p->sn);
  part_finish(r);
}

void act_part_free(p2p_req_t *r)
{
  part_t *p = P(r);
  for (waiting_t *w = unpaired; w; w = w->next)
    if (w->p == p)
      w->p = NULL;
  int n = r->kind == P2P_PSEND ? p->n : p->msg ? p->sn : 0;
  for (int i = 0; i < n; i++)
    p2p_req_free(p->msg[i]);
  if (p->first)
    p2p_req_free(p->first);
  free(p->msg);
  free(p->mark);
  free(p->out);
  free(p->stage);
  free(p->first_buf); /* the part_t itself goes with the request (owned) */
}
