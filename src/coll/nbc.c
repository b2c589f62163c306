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

p2p_req_t *coll_start(enum coll_id id, rt_comm_t *c, const coll_args_t *a)
{
  rt_rank_t *me = rt_self;
  nbc_job_t *j = calloc(1, sizeof *j);
  j->id = id;
  j->k = coll_begin(c);
  j->a = *a;
  p2p_req_t *r = p2p_req_new();
  r->kind = P2P_COLL;
  r->mode = P2P_STANDARD;
  r->owner = me->id;
  r->nonblocking = 1;
  r->active = 1;
  r->peer = MPI_PROC_NULL;
  r->peer_world = -1;
  r->tag = j->k.tag;
  r->comm_name = comm_name(c);
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
  return r;
}
