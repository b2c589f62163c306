/* Nonblocking collectives: each call runs the blocking algorithm in a
 * helper actor on the rank's host, whose actor data is the rank (so rt_self
 * and the rank's private globals are right while it runs). The MPI request
 * is the receive side of a 0-byte transfer on a kernel mailbox, posted when
 * the call starts; the helper sends on it when the algorithm is done, so
 * p2p_wait/p2p_test/p2p_wait_any complete the request like any other.
 * Helpers take their call from their rank's queue: a helper of rank R runs
 * the oldest call of R not taken yet (which one it gets does not matter,
 * each call carries its own mailbox). */
#include "coll.h"
#include "../kernel/kernel.h"
#include "../runtime/runtime.h"
#include <stdio.h>
#include <stdlib.h>

typedef struct nbc_job {
  enum coll_id id;
  coll_t k;
  coll_args_t a;
  kern_mbox_t *mbox;
  struct nbc_job *next;
} nbc_job_t;

/* Calls started and not yet taken by a helper, one FIFO per rank. */
static struct queue {
  nbc_job_t *head, *tail;
} *queues;

static nbc_job_t *take(int owner)
{
  struct queue *q = &queues[owner];
  nbc_job_t *j = q->head;
  if (j && !(q->head = j->next))
    q->tail = NULL;
  return j;
}

static void helper(void *arg)
{
  rt_rank_t *me = arg;
  nbc_job_t *j = take(me->id);
  if (!j)
    return;
  coll_exec(j->id, &j->k, &j->a);
  kern_send(j->mbox, 0, 1);
  /* the request's receive was posted first, so SimGrid paired the two at
   * once: the mailbox is empty again */
  kern_mbox_put_back(j->mbox);
  free(j);
}

/* Queues the call (k, a) for a new helper of the calling rank; r becomes
 * active and completes when the helper is done. */
static void launch(p2p_req_t *r, enum coll_id id, const coll_t *k, const coll_args_t *a)
{
  rt_rank_t *me = rt_self;
  nbc_job_t *j = calloc(1, sizeof *j);
  j->id = id;
  j->k = *k;
  j->a = *a;
  r->active = 1;
  r->done = 0;
  j->mbox = kern_mbox_get();
  r->kc = kern_recv(j->mbox);
  if (!queues)
    queues = calloc((size_t)rt_nranks, sizeof *queues);
  struct queue *q = &queues[me->id];
  if (q->tail)
    q->tail->next = j;
  else
    q->head = j;
  q->tail = j;
  char name[40];
  snprintf(name, sizeof name, "rank-%d-nbc-%d", me->id, j->k.tag);
  kern_spawn(name, me->host, helper, me, rt_opts.stack_kib);
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
  launch(r, id, &k, a);
  return r;
}

/* Persistent collectives: the call's identity (its sequence number, hence
 * the tag of its messages) is taken once, at the init call, which every
 * member makes in the same order; the starts may then come in any order on
 * different ranks and still match. A start runs a fresh copy of the
 * arguments (algorithms rewrite theirs), so each one is the same call. */
typedef struct recipe {
  enum coll_id id;
  coll_t k;
  coll_args_t a; /* a.owned (alltoallw's types) lives until the request is freed */
  int ntypes;    /* alltoallw: the 2n types retained */
} recipe_t;

static void types_hold(recipe_t *p, void (*fn)(const dt_t *))
{
  fn(p->a.st);
  fn(p->a.rt);
  for (int i = 0; i < p->ntypes; i++)
    fn(p->a.sts[i]);
}

p2p_req_t *coll_persist_init(enum coll_id id, rt_comm_t *c, const coll_args_t *a)
{
  recipe_t *p = calloc(1, sizeof *p);
  p->id = id;
  p->k = coll_begin(c);
  p->a = *a;
  if (id == COLL_ALLTOALLW)
    p->ntypes = 2 * comm_peer_size(c); /* sts then rts, one array */
  types_hold(p, dt_retain); /* the request outlives a Type_free of its types */
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
  coll_args_t a = p->a;
  a.owned = NULL;
  launch(r, p->id, &p->k, &a);
}

int coll_persist_recipe(const p2p_req_t *r, enum coll_id *id, rt_comm_t **c, coll_args_t *a)
{
  const recipe_t *p = r->recipe;
  if (!p)
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
  types_hold(p, dt_release);
  free(p->a.owned);
  free(p);
  r->recipe = NULL;
}
