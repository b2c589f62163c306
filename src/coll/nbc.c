/* Nonblocking collectives: each call runs the blocking algorithm in a
 * helper actor on the rank's host, whose actor data is the rank (so rt_self
 * and the rank's private globals are right while it runs). The MPI request
 * is the receive side of a 0-byte transfer on a kernel mailbox, posted when
 * the call starts; the helper sends on it when the algorithm is done, so
 * p2p_wait/p2p_test/p2p_wait_any complete the request like any other.
 * Helpers take their call from their rank's queue: a helper of rank R runs
 * the oldest call of R not taken yet (which one it gets does not matter,
 * each call carries its own mailbox). A helper done with its call waits for
 * the next one: a rank keeps as many helpers as it had calls in flight at
 * once, until it finalizes. (Helpers that ended after one call each were
 * never freed when their completion was found by a test: SimGrid keeps a
 * tested transfer, and with it its sender, for good.) */
#include "coll.h"
#include "../kernel/kernel.h"
#include "../runtime/runtime.h"
#include <stdio.h>
#include <stdlib.h>

typedef struct nbc_job {
  enum coll_id id;
  coll_t k;
  coll_args_t a;
  coll_nbr_call_t *nbr; /* a neighbourhood collective instead of (id, k, a) */
  int nbr_own;          /* the job frees nbr (not a persistent call's) */
  rt_comm_t *c;
  kern_mbox_t *mbox;
  const dt_t **types; /* the types it holds, as its communicator, until it ends */
  int ntypes;
  struct nbc_job *next;
} nbc_job_t;

/* The types of a call: st and rt, and alltoallw's send and receive types. */
static const dt_t **types_of(enum coll_id id, rt_comm_t *c, const coll_args_t *a, int *n)
{
  int w = id == COLL_ALLTOALLW ? 2 * comm_peer_size(c) : 0;
  const dt_t **t = malloc(sizeof *t * (size_t)(2 + w));
  t[0] = a->st;
  t[1] = a->rt;
  for (int i = 0; i < w; i++)
    t[2 + i] = a->sts[i]; /* sts then rts, one array */
  *n = 2 + w;
  return t;
}

/* The types of a neighbourhood call: its blocks'. */
static const dt_t **nbr_types(const coll_nbr_call_t *n, int *count)
{
  const dt_t **t = malloc(sizeof *t * (size_t)(n->nin + n->nout + 1));
  for (int i = 0; i < n->nin; i++)
    t[i] = n->in[i].type;
  for (int i = 0; i < n->nout; i++)
    t[n->nin + i] = n->out[i].type;
  *count = n->nin + n->nout;
  return t;
}

/* A call holds its communicator and types (the program may free them while it runs); fn: hold or let go. */
static void hold(rt_comm_t *c, const dt_t **types, int n, int on)
{
  for (int i = 0; i < n; i++)
    on ? dt_retain(types[i]) : dt_release(types[i]);
  on ? comm_hold(c) : comm_unhold(c);
}

/* Per rank: calls started and not yet taken by a helper (FIFO), and its helpers. */
static struct pool {
  nbc_job_t *head, *tail;
  int idle, helpers, done; /* done: the rank finalized, helpers leave */
  kern_event_t *wake;      /* idle helpers sleep on it */
} *pools;

static nbc_job_t *take(struct pool *p)
{
  nbc_job_t *j = p->head;
  if (j && !(p->head = j->next))
    p->tail = NULL;
  return j;
}

static int nothing_to_do(void *arg)
{
  struct pool *p = arg;
  return !p->head && !p->done;
}

static void helper(void *arg)
{
  rt_thread_t *self_thread = arg;
  rt_rank_t *me = self_thread->rank;
  struct pool *p = &pools[me->id];
  for (;;) {
    nbc_job_t *j = take(p);
    if (!j) {
      if (p->done)
        break;
      p->idle++;
      kern_event_wait(p->wake, nothing_to_do, p);
      p->idle--;
      continue;
    }
    if (j->nbr)
      coll_neighbor_run(j->nbr);
    else
      coll_exec(j->id, &j->k, &j->a);
    hold(j->c, j->types, j->ntypes, 0);
    free(j->types);
    if (j->nbr_own)
      coll_neighbor_free(j->nbr);
    kern_send(j->mbox, 0, 1);
    /* the request's receive was posted first, so SimGrid paired the two at
     * once: the mailbox is empty again */
    kern_mbox_put_back(j->mbox);
    free(j);
  }
  p->helpers--;
  rt_thread_ended(self_thread);
}

static nbc_job_t *coll_job(enum coll_id id, const coll_t *k, const coll_args_t *a)
{
  nbc_job_t *j = calloc(1, sizeof *j);
  j->id = id;
  j->k = *k;
  j->a = *a;
  j->c = k->c;
  j->types = types_of(id, k->c, a, &j->ntypes);
  return j;
}

static nbc_job_t *nbr_job(coll_nbr_call_t *n, int own)
{
  nbc_job_t *j = calloc(1, sizeof *j);
  j->nbr = n;
  j->nbr_own = own;
  j->c = n->k[0].c;
  j->types = nbr_types(n, &j->ntypes);
  return j;
}

/* Queues the call j for a helper of the calling rank; r becomes active and
 * completes when the helper is done. */
static void launch(p2p_req_t *r, nbc_job_t *j)
{
  rt_rank_t *me = rt_self;
  hold(j->c, j->types, j->ntypes, 1);
  r->active = 1;
  r->done = 0;
  j->mbox = kern_mbox_get();
  r->kc = kern_recv(j->mbox);
  if (!pools)
    pools = calloc((size_t)rt_nranks, sizeof *pools);
  struct pool *p = &pools[me->id];
  if (!p->wake) {
    kern_event_t *e = kern_event_new(); /* may let others run: look again */
    if (!p->wake)
      p->wake = e;
    else
      kern_event_free(e);
  }
  if (p->tail)
    p->tail->next = j;
  else
    p->head = j;
  p->tail = j;
  if (p->idle) {
    kern_event_notify(p->wake);
    return;
  }
  p->helpers++;
  rt_thread_start(me, helper, NULL, NULL, 0, 1);
}

void coll_rank_finalized(void)
{
  struct pool *p = pools ? &pools[rt_self->id] : NULL;
  if (!p || !p->helpers)
    return;
  p->done = 1;
  kern_event_notify(p->wake);
}

/* A request for a collective on c with tag, not started. */
static p2p_req_t *coll_req(rt_comm_t *c, int tag)
{
  p2p_req_t *r = p2p_req_new();
  r->kind = P2P_COLL;
  r->mode = P2P_STANDARD;
  r->owner = rt_self->id;
  r->nonblocking = 1;
  r->peer = MPI_PROC_NULL;
  r->peer_world = -1;
  r->tag = tag;
  r->comm_name = c ? comm_name(c) : NULL;
  return r;
}

p2p_req_t *coll_start(enum coll_id id, rt_comm_t *c, const coll_args_t *a)
{
  coll_t k = coll_begin(c);
  p2p_req_t *r = coll_req(c, k.tag);
  launch(r, coll_job(id, &k, a));
  return r;
}

p2p_req_t *coll_neighbor_start(const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout, rt_comm_t *c)
{
  coll_nbr_call_t *n = coll_neighbor_begin(in, nin, out, nout, c);
  p2p_req_t *r = coll_req(c, n->k[0].tag);
  launch(r, nbr_job(n, 1));
  return r;
}

/* Persistent collectives: the call's identity (its sequence number, hence
 * the tag of its messages) is taken once, at the init call, which every
 * member makes in the same order; the starts may then come in any order on
 * different ranks and still match. A start runs a fresh copy of the
 * arguments (algorithms rewrite theirs), so each one is the same call. */
typedef struct recipe {
  enum coll_id id;
  coll_nbr_call_t *nbr; /* a neighbourhood collective instead of (id, k, a) */
  coll_t k;
  coll_args_t a; /* a.owned (alltoallw's types) lives until the request is freed */
  const dt_t **types; /* held until the request is freed, as the communicator */
  int ntypes;
} recipe_t;

p2p_req_t *coll_persist_init(enum coll_id id, rt_comm_t *c, const coll_args_t *a)
{
  recipe_t *p = calloc(1, sizeof *p);
  p->id = id;
  p->k = coll_begin(c);
  p->a = *a;
  p->types = types_of(id, c, a, &p->ntypes);
  hold(c, p->types, p->ntypes, 1); /* the request outlives a Type_free or Comm_free */
  p2p_req_t *r = coll_req(c, p->k.tag);
  r->persistent = 1;
  r->recipe = p;
  return r;
}

p2p_req_t *coll_neighbor_persist_init(const coll_nbr_t *in, int nin, const coll_nbr_t *out, int nout, rt_comm_t *c)
{
  recipe_t *p = calloc(1, sizeof *p);
  p->nbr = coll_neighbor_begin(in, nin, out, nout, c);
  p->k = p->nbr->k[0];
  p->types = nbr_types(p->nbr, &p->ntypes);
  hold(c, p->types, p->ntypes, 1);
  p2p_req_t *r = coll_req(c, p->k.tag);
  r->persistent = 1;
  r->recipe = p;
  return r;
}

p2p_req_t *coll_persist_noop(rt_comm_t *c)
{
  p2p_req_t *r = coll_req(c, 0);
  r->persistent = 1;
  return r;
}

void coll_persist_start(p2p_req_t *r)
{
  recipe_t *p = r->recipe;
  if (!p) { /* nothing to do on this rank */
    r->active = 1;
    r->done = 1;
    r->kc = NULL;
    return;
  }
  if (p->nbr) {
    launch(r, nbr_job(p->nbr, 0));
    return;
  }
  coll_args_t a = p->a;
  a.owned = NULL;
  launch(r, coll_job(p->id, &p->k, &a));
}

int coll_persist_recipe(const p2p_req_t *r, enum coll_id *id, rt_comm_t **c, coll_args_t *a)
{
  const recipe_t *p = r->recipe;
  if (!p || p->nbr) /* nothing, or not a call SimGrid's trace format has */
    return 0;
  *id = p->id;
  *c = p->k.c;
  *a = p->a;
  return 1;
}

void coll_persist_free(p2p_req_t *r)
{
  recipe_t *p = r->recipe;
  if (!p)
    return;
  hold(p->k.c, p->types, p->ntypes, 0);
  free(p->types);
  free(p->a.owned);
  coll_neighbor_free(p->nbr);
  free(p);
  r->recipe = NULL;
}
