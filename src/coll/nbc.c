/* Nonblocking collectives: each call runs the blocking algorithm in a
 * helper actor on the rank's host, whose actor data is the rank (so rt_self
 * and the rank's private globals are right while it runs). The MPI request
 * is the receive side of a 0-byte transfer on a kernel mailbox, posted when
 * the call starts; the helper sends on it when the algorithm is done, so
 * p2p_wait/p2p_test/p2p_wait_any complete the request like any other.
 * Helpers take their call from a queue: a helper of rank R runs the oldest
 * call of R not taken yet (which one it gets does not matter, each call
 * carries its own mailbox). */
#include "coll.h"
#include "../kernel/kernel.h"
#include "../runtime/runtime.h"
#include <stdio.h>
#include <stdlib.h>

typedef struct nbc_job {
  enum coll_id id;
  int owner;
  coll_t k;
  coll_args_t a;
  kern_mbox_t *mbox;
  struct nbc_job *next;
} nbc_job_t;
static nbc_job_t *head, *tail;

static nbc_job_t *take(int owner)
{
  nbc_job_t *j, *prev = NULL;
  for (j = head; j && j->owner != owner; prev = j, j = j->next)
    ;
  if (!j)
    return NULL;
  if (prev)
    prev->next = j->next;
  else
    head = j->next;
  if (tail == j)
    tail = prev;
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
  j->owner = me->id;
  j->k = coll_begin(c);
  j->a = *a;
  p2p_req_t *r = p2p_req_new();
  r->kind = P2P_COLL;
  r->mode = P2P_STANDARD;
  r->owner = me->id;
  r->nonblocking = 1;
  r->active = 1;
  r->peer = MPI_PROC_NULL;
  r->tag = j->k.tag;
  r->comm_name = comm_name(c);
  j->mbox = kern_mbox_get();
  r->kc = kern_recv(j->mbox);
  if (tail)
    tail->next = j;
  else
    head = j;
  tail = j;
  char name[40];
  snprintf(name, sizeof name, "rank-%d-nbc-%d", me->id, j->k.tag);
  kern_spawn(name, me->host, helper, me, rt_opts.stack_kib);
  return r;
}
