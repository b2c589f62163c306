/* Transfers: the mailbox pool, the handles of transfers given to the layers
 * above, their waits and tests, detached sends and one-sided transfers.
 *
 * Detached sends are not SimGrid's detached comms: SimGrid 3.32 keeps those
 * in one list that the completion of each of them walks, so with one per
 * rank in flight (a barrier at 100,000 ranks) every completion costs
 * O(ranks). A detached send here is an ordinary put whose handle the sending
 * actor keeps. SimGrid also lists the put among the sender's activities
 * until the sender waits for it, and a wait lets others run, so the handle
 * is released when it costs no change of schedule: once its receive is seen
 * complete, at the sender's next kern_tidy(), or when the sender ends.
 *
 * Keeping the handle costs that wait, a switch to SimGrid and back per
 * message (a ninth of the on-line ring's time, issue 27), and the list's walk
 * is what made SimGrid's detached comms dear, not the comms themselves: so
 * while fewer than DETACHED_MAX of them are in flight, a detached send is one
 * (a walk of a few entries per completion, no wait), and only beyond that a
 * kept put. SimGrid cannot withdraw a detached put from its mailbox: a cancel
 * of one gives its mailbox up instead. Both kinds make their put at the same
 * moment and their release lets nobody run where the other kind's would not,
 * so which one a send gets changes no simulated time.
 *
 * A transfer that a test finds complete stays on its actor's list the same
 * way (SimGrid 3.32 drops it there only in a wait), and every computation
 * burst's end walks that list: a polling rank that completed n requests by
 * tests paid O(n) per burst, and kept n transfers in memory. So a test keeps
 * the handle, which joins the delivered detached sends and is waited for at
 * the same moments.
 *
 * Those moments (fresh waits of the rank's own point-to-point requests) may
 * never come: a rank that completes its nonblocking collectives or one-sided
 * requests by tests, or waits only for those, held every handle until it
 * ended, and each completion of its later transfers, computations and sleeps
 * walked them all (MPICH's coll/nonblocking3: 100,000 collectives on one
 * rank, O(n^2)). So once it holds more than TIDY_MAX delivered handles, they
 * are waited for before its next computation or sleep, which also cannot end
 * before the clock moves (kern_tidy_many). Those waits let other ranks run
 * first at the same time, so that they may create their activities before
 * the rank's computation or sleep: only where ranks' activities end at the
 * same instant can their order then change, and only in programs that keep
 * that many tested transfers (none of the timing tests does). */
#include "adapter.h"
#include <simgrid/comm.h>
#include <simgrid/mailbox.h>
#include <stdio.h>
#include <stdlib.h>

/* A mailbox serves one transfer per trip through the pool. */
struct kern_mbox {
  sg_mailbox_t box;
  kern_mbox_t *next;         /* in the pool */
  struct kern_loose *loose;  /* the detached send made on it, until delivered */
  sg_host_t from;            /* orphan: the host of its sender */
  double bytes;              /* orphan: the size of its send */
  unsigned char receiving;   /* a receive is posted on it, not yet seen complete */
  unsigned char orphan;      /* its detached send's actor ended before any receive was posted */
  unsigned char released;    /* given back by the layers above while receiving */
  unsigned char detached;    /* its send is a SimGrid detached comm, not seen received yet */
};

struct kern_comm {
  sg_comm_t c;
  kern_mbox_t *m;   /* a receive's mailbox, to learn that its transfer is complete */
  kern_comm_t *next; /* in the pool */
};

/* A detached send: its put, owned by the actor that made it. */
typedef struct kern_loose {
  sg_comm_t c;
  kern_mbox_t *m;          /* until delivered */
  kern_actor_t *owner;
  unsigned char delivered; /* its receive was seen complete */
  struct kern_loose *next;
} loose_t;

/* SimGrid's detached comms simpi made and has not seen received: each one's completion walks them all. */
#define DETACHED_MAX 64
static unsigned detached_out;
/* Delivered handles held by all actors (the sum of their kern_actor_t.delivered): while there
 * are none, kern_tidy has nothing to do and need not ask SimGrid which actor runs (a call
 * and a cold cache line or two per message, issue 27). */
static unsigned long delivered_held;

static kern_mbox_t *mbox_free;
static unsigned long mbox_made;
static kern_comm_t *comm_free;
static loose_t *loose_free;

/* Handles and detached sends are recycled through free lists (one of each per message otherwise). */
#define TAKE(list, p)                                                                                                  \
  do {                                                                                                                 \
    if (((p) = (list)))                                                                                                \
      (list) = (p)->next;                                                                                              \
    else                                                                                                               \
      (p) = malloc(sizeof *(p));                                                                                       \
  } while (0)
#define GIVE(list, p)                                                                                                  \
  do {                                                                                                                 \
    (p)->next = (list);                                                                                                \
    (list) = (p);                                                                                                      \
  } while (0)

/* Mailboxes live forever in SimGrid, so recycle them. Creating one is a
 * simcall: others may run meanwhile. */
kern_mbox_t *kern_mbox_get(void)
{
  kern_mbox_t *m = mbox_free;
  if (m) {
    mbox_free = m->next;
    return m;
  }
  m = calloc(1, sizeof *m);
  char name[32], *p = name + sizeof name; /* "m<number>", not printed: see coll_begin */
  *--p = 0;
  unsigned long k = mbox_made++;
  do
    *--p = (char)('0' + k % 10);
  while (k /= 10);
  *--p = 'm';
  BLOCKING(m->box = sg_mailbox_by_name(p));
  return m;
}

sg_mailbox_t kern_mbox_box(kern_mbox_t *m) { return m->box; }

static void recycle(kern_mbox_t *m)
{
  detached_out -= m->detached;
  m->loose = NULL;
  m->detached = 0;
  m->receiving = m->orphan = m->released = 0;
  m->next = mbox_free;
  mbox_free = m;
}

/* A receive that is not seen complete yet keeps its mailbox out of the pool:
 * its handle names the mailbox (kern_comm.m). */
void kern_mbox_put_back(kern_mbox_t *m)
{
  if (m->receiving)
    m->released = 1;
  else
    recycle(m);
}

/* The receive posted on m is complete: so is the detached send made on it. */
static void delivered(kern_mbox_t *m)
{
  loose_t *l = m->loose;
  if (l) {
    l->delivered = 1;
    l->m = NULL;
    l->owner->delivered++;
    delivered_held++;
    m->loose = NULL;
  }
  detached_out -= m->detached;
  m->detached = 0;
  m->receiving = 0;
  if (m->released)
    recycle(m);
}

static kern_comm_t *wrap(sg_comm_t c, kern_mbox_t *m)
{
  kern_comm_t *k;
  TAKE(comm_free, k);
  k->c = c;
  k->m = m;
  return k;
}

/* k's transfer is complete and SimGrid released its handle. */
static void completed(kern_comm_t *k)
{
  if (k->m)
    delivered(k->m);
  GIVE(comm_free, k);
}

/* A non-null payload: SimGrid refuses NULL, we move data ourselves. */
static char payload_token;

kern_comm_t *kern_send(kern_mbox_t *m, double bytes, int detached)
{
  sg_comm_t c;
  if (!detached) {
    BLOCKING(c = sg_mailbox_put_async(m->box, &payload_token, (long)bytes));
    return wrap(c, NULL);
  }
  m->bytes = bytes;
  if (detached_out < DETACHED_MAX) { /* see the top */
    detached_out++;
    m->detached = 1;
    BLOCKING(c = sg_mailbox_put_init(m->box, &payload_token, (long)bytes); sg_comm_detach(c, NULL));
    return NULL;
  }
  kern_actor_t *me = kern_me();
  loose_t *l;
  TAKE(loose_free, l);
  *l = (loose_t){NULL, m, me, 0, me->loose};
  me->loose = l;
  m->loose = l;
  BLOCKING(c = sg_mailbox_put_async(m->box, &payload_token, (long)bytes));
  l->c = c;
  return NULL;
}

static void *recv_slot; /* payload is ignored */
sg_comm_t kern_sendto_async(sg_host_t from, sg_host_t to, double bytes); /* sendto.cpp */
void kern_cancel_put(sg_comm_t c);                                         /* sendto.cpp */
int kern_test_keep(sg_comm_t c);                                           /* sendto.cpp */

void kern_cancel_send(kern_mbox_t *m, kern_comm_t *k)
{
  sg_comm_t c = NULL;
  if (m->detached) /* it stays in the mailbox, and counted: the mailbox is given up */
    return;
  if (k) {
    c = k->c;
    GIVE(comm_free, k);
  } else if (m->loose) { /* the caller's own detached send: out of its list */
    loose_t *l = m->loose;
    for (loose_t **pp = &l->owner->loose; *pp; pp = &(*pp)->next)
      if (*pp == l) {
        *pp = l->next;
        break;
      }
    c = l->c;
    GIVE(loose_free, l);
  }
  if (c)
    BLOCKING(kern_cancel_put(c));
  recycle(m);
}

kern_comm_t *kern_recv(kern_mbox_t *m)
{
  sg_comm_t c;
  m->receiving = 1;
  if (m->orphan) /* its sender ended: the transfer starts from its host, as the put would have */
    BLOCKING(c = kern_sendto_async(m->from, sg_host_self(), m->bytes));
  else
    BLOCKING(c = sg_mailbox_get_async(m->box, &recv_slot));
  return wrap(c, m);
}

void kern_wait(kern_comm_t *k)
{
  BLOCKING(sg_comm_wait(k->c));
  completed(k);
}

int kern_test(kern_comm_t *k)
{
  int done;
  BLOCKING(done = kern_test_keep(k->c));
  if (done) { /* its handle waits with the delivered detached sends (see above) */
    kern_actor_t *me = kern_me();
    loose_t *l;
    TAKE(loose_free, l);
    *l = (loose_t){k->c, NULL, me, 1, me->loose};
    me->loose = l;
    me->delivered++;
    delivered_held++;
    completed(k);
  }
  return done;
}

ssize_t kern_wait_any(kern_comm_t **ks, size_t n)
{
  sg_comm_t few[16], *cs = n <= 16 ? few : malloc(sizeof *cs * n);
  for (size_t i = 0; i < n; i++)
    cs[i] = ks[i]->c;
  ssize_t i;
  BLOCKING(i = sg_comm_wait_any(cs, n));
  if (cs != few)
    free(cs);
  if (i >= 0)
    completed(ks[i]);
  return i;
}

/* Releases the calling actor's delivered sends: each wait finds its put
 * done and lets others run, which is harmless only where the caller then
 * blocks until the clock moves (kernel.h). */
void kern_tidy(void)
{
  if (!delivered_held)
    return;
  kern_actor_t *me = kern_me();
  for (loose_t **pp = &me->loose; *pp && me->delivered > 0;) {
    loose_t *l = *pp;
    if (!l->delivered) {
      pp = &l->next;
      continue;
    }
    *pp = l->next; /* others only mark sends delivered: the list is ours */
    me->delivered--;
    delivered_held--;
    BLOCKING(sg_comm_wait(l->c));
    GIVE(loose_free, l);
  }
}

/* A rank holding many delivered handles releases them before a computation
 * or a sleep (see the top). */
#define TIDY_MAX 64
void kern_tidy_many(void)
{
  if (delivered_held <= TIDY_MAX)
    return;
  kern_actor_t *me = kern_me();
  if (me && me->delivered > TIDY_MAX)
    kern_tidy();
}

/* The actor ends: a send in flight is waited for (its receive needs it);
 * one that no receive was posted for yet is cancelled, which takes its put
 * out of the mailbox (the actor's end leaves it there, where the next
 * receive on the reused mailbox would take it), and the receive restarts it
 * from this host (kern_recv). Plain SimGrid calls: the rank's code is over. */
void kern_settle_sends(kern_actor_t *me)
{
  while (me->loose) {
    loose_t *l = me->loose;
    me->loose = l->next;
    if (l->delivered) {
      sg_comm_unref(l->c); /* done: the actor's end drops SimGrid's entry */
      me->delivered--;
      delivered_held--;
    } else if (l->m->receiving) {
      sg_comm_wait(l->c);
      if (l->m) /* its receive is still to see it complete */
        l->m->loose = NULL;
      else /* it saw it: the handle was counted delivered */
        delivered_held--;
    } else {
      l->m->orphan = 1;
      l->m->from = sg_host_self();
      l->m->loose = NULL;
      kern_cancel_put(l->c);
    }
    GIVE(loose_free, l);
  }
}

/* The peer side of kern_remote: receives the outgoing leg, then sends the
 * reply. Helpers never touch rank data, so they leave kern_running alone. */
struct remote {
  kern_mbox_t *out, *back;
  double back_bytes;
};

static void remote_main(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  struct remote *r = sg_actor_self_get_data();
  kern_actor_t me = {NULL, NULL, 0};
  sg_actor_self_set_data(&me);
  sg_mailbox_get(r->out->box);
  delivered(r->out);
  kern_mbox_put_back(r->out); /* both sides are done with it */
  sg_mailbox_put(r->back->box, &payload_token, (long)r->back_bytes);
  kern_mbox_put_back(r->back);
  free(r);
}

kern_comm_t *kern_remote(size_t peer, double out, double back)
{
  sg_comm_t c;
  if (back < 0) { /* one leg: no helper, so that many in flight cost no stacks */
    BLOCKING(c = kern_sendto_async(sg_host_self(), kern_host(peer), out));
    return wrap(c, NULL);
  }
  if (out < 0) {
    BLOCKING(c = kern_sendto_async(kern_host(peer), sg_host_self(), back));
    return wrap(c, NULL);
  }
  /* both legs: a helper on the target receives the first and sends the reply */
  struct remote *r = malloc(sizeof *r);
  *r = (struct remote){kern_mbox_get(), kern_mbox_get(), back};
  kern_mbox_t *back_box = r->back;
  r->out->receiving = 1; /* the helper's */
  kern_mbox_t *out_box = r->out;
  const char *argv[2] = {"rma", NULL};
  BLOCKING(sg_actor_t a = sg_actor_init("rma", kern_host(peer)); sg_actor_set_stacksize(a, 128 /* KiB */);
           sg_actor_set_data(a, r); sg_actor_start_(a, remote_main, 1, argv));
  kern_send(out_box, out, 1);
  return kern_recv(back_box);
}
