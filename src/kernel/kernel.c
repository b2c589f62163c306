/* SimGrid adapter: implements kernel.h with SimGrid's C API (and, in
 * sendto.cpp, the one call that the C API has only in blocking form: a
 * transfer started by its receiver). Nothing else in simpi includes SimGrid
 * headers. Tracks which rank runs, to fire the resume hook (privatization
 * swaps, burst timers) when control comes back. */
#include "kernel.h"
#include <errno.h>
#include <simgrid/actor.h>
#include <simgrid/comm.h>
#include <simgrid/cond.h>
#include <simgrid/engine.h>
#include <simgrid/host.h>
#include <simgrid/mailbox.h>
#include <simgrid/mutex.h>
#include <xbt/config.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *running; /* rank data of the actor that ran last */
static void (*resume_hook)(void *);
static void (*deadline_hook)(void);
static double deadline;

static inline void resumed(void *me)
{
  if (running != me) {
    running = me;
    if (resume_hook)
      resume_hook(me);
  }
  if (deadline_hook && simgrid_get_clock() > deadline)
    deadline_hook();
}
/* errno is the rank's own: others may change it while it waits */
#define BLOCKING(stmt)                                                                                                 \
  do {                                                                                                                 \
    void *me_ = running;                                                                                               \
    int errno_ = errno;                                                                                                \
    stmt;                                                                                                              \
    resumed(me_);                                                                                                      \
    errno = errno_;                                                                                                    \
  } while (0)

void kern_init(int *argc, char **argv) { simgrid_init(argc, argv); }
size_t kern_default_stack_kib(void) { return (size_t)sg_cfg_get_int("contexts/stack-size"); }

int kern_load_platform(const char *path, char *err, size_t errlen)
{
  (void)err;
  (void)errlen;
  simgrid_load_platform(path);
  return 0;
}

static sg_host_t *hosts;
static size_t nhosts;
static void load_hosts(void)
{
  if (!hosts) {
    nhosts = sg_host_count();
    hosts = nhosts ? sg_host_list() : calloc(1, sizeof *hosts); /* sg_host_list aborts on none */
  }
}
size_t kern_host_count(void)
{
  load_hosts();
  return nhosts;
}
const char *kern_host_name(size_t i)
{
  load_hosts();
  return sg_host_get_name(hosts[i]);
}
int kern_host_index(const char *name)
{
  load_hosts();
  sg_host_t h = sg_host_by_name(name);
  if (!h)
    return -1;
  for (size_t i = 0; i < nhosts; i++)
    if (hosts[i] == h)
      return (int)i;
  return -1;
}
int kern_route_exists(size_t a, size_t b)
{
  static int sealed;
  if (!sealed) { /* routes can be asked for once the platform is sealed; nothing runs yet */
    simgrid_run_until(0);
    sealed = 1;
  }
  load_hosts();
  if (a == b)
    return 1;
  xbt_dynar_t links = xbt_dynar_new(sizeof(void *), NULL);
  sg_host_get_route(hosts[a], hosts[b], links);
  int n = (int)xbt_dynar_length(links);
  xbt_dynar_free(&links);
  return n > 0 || sg_host_get_route_latency(hosts[a], hosts[b]) > 0;
}

double kern_host_speed(size_t i)
{
  load_hosts();
  return sg_host_get_speed(hosts[i]);
}

struct spawn_arg {
  void (*fn)(void *);
  void *arg;
};

static void actor_main(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  struct spawn_arg *sa = sg_actor_self_get_data();
  void (*fn)(void *) = sa->fn;
  void *arg = sa->arg;
  free(sa);
  sg_actor_self_set_data(arg);
  resumed(arg);
  fn(arg);
}

void kern_spawn(const char *name, size_t host, void (*fn)(void *), void *arg, size_t stack_kib)
{
  load_hosts();
  struct spawn_arg *sa = malloc(sizeof *sa);
  sa->fn = fn;
  sa->arg = arg;
  const char *argv[2] = {name, NULL};
  /* from a running actor, these are simcalls: others may run meanwhile. sg_actor_set_stacksize
   * takes KiB in SimGrid 3.32 (its setter shifts by 10), whatever its name suggests. */
  BLOCKING(sg_actor_t a = sg_actor_init(name, hosts[host]); if (stack_kib)
             sg_actor_set_stacksize(a, (unsigned)stack_kib);
           sg_actor_set_data(a, sa); sg_actor_start_(a, actor_main, 1, argv));
}

void kern_run(void) { simgrid_run(); }
void kern_set_resume_hook(void (*hook)(void *)) { resume_hook = hook; }
void kern_set_deadline(double t, void (*hook)(void))
{
  deadline = t;
  deadline_hook = hook;
}
void *kern_self_data(void) { return running; }
void *kern_actor_data(void) { return sg_actor_self() ? sg_actor_self_get_data() : NULL; }

double kern_now(void) { return simgrid_get_clock(); }

void kern_compute(double flops)
{
  if (flops > 0)
    BLOCKING(sg_actor_execute(flops));
}

void kern_yield(void) { BLOCKING(sg_actor_yield()); }

void kern_sleep(double s)
{
  if (s > 0)
    BLOCKING(sg_actor_sleep_for(s));
}

/* Mailbox pool: mailboxes live forever in SimGrid, so recycle them.
 * Every SimGrid call below that is a simcall may let other actors run
 * before it returns, hence BLOCKING around each one. */
struct kern_mbox {
  sg_mailbox_t box;
  kern_mbox_t *next;
};
static kern_mbox_t *mbox_free;
static unsigned long mbox_made;

kern_mbox_t *kern_mbox_get(void)
{
  kern_mbox_t *m = mbox_free;
  if (m) {
    mbox_free = m->next;
    return m;
  }
  m = malloc(sizeof *m);
  char name[32];
  snprintf(name, sizeof name, "m%lu", mbox_made++);
  BLOCKING(m->box = sg_mailbox_by_name(name));
  return m;
}
void kern_mbox_put_back(kern_mbox_t *m)
{
  m->next = mbox_free;
  mbox_free = m;
}

/* A non-null payload: SimGrid refuses NULL, we move data ourselves. */
static char payload_token;

kern_comm_t *kern_send(kern_mbox_t *m, double bytes, int detached)
{
  sg_comm_t c;
  if (detached) {
    BLOCKING(c = sg_mailbox_put_init(m->box, &payload_token, (long)bytes); sg_comm_detach(c, NULL));
    return NULL;
  }
  BLOCKING(c = sg_mailbox_put_async(m->box, &payload_token, (long)bytes));
  return (kern_comm_t *)c;
}

static void *recv_slot; /* payload is ignored */
kern_comm_t *kern_recv(kern_mbox_t *m)
{
  sg_comm_t c;
  BLOCKING(c = sg_mailbox_get_async(m->box, &recv_slot));
  return (kern_comm_t *)c;
}

sg_comm_t kern_sendto_async(sg_host_t from, sg_host_t to, double bytes); /* sendto.cpp */
kern_comm_t *kern_transfer_to_me(size_t from, double bytes)
{
  load_hosts();
  sg_comm_t c;
  BLOCKING(c = kern_sendto_async(hosts[from], sg_host_self(), bytes));
  return (kern_comm_t *)c;
}

void kern_wait(kern_comm_t *c) { BLOCKING(sg_comm_wait((sg_comm_t)c)); }

int kern_test(kern_comm_t *c)
{
  int done;
  BLOCKING(done = sg_comm_test((sg_comm_t)c));
  return done;
}

ssize_t kern_wait_any(kern_comm_t **cs, size_t n)
{
  ssize_t i;
  BLOCKING(i = sg_comm_wait_any((sg_comm_t *)cs, n));
  return i;
}

/* The peer side of kern_remote: receives the outgoing leg, then sends the
 * reply. Helpers never touch rank data, so they leave `running` alone. */
struct remote {
  kern_mbox_t *out, *back;
  double back_bytes;
};

static void remote_main(int argc, char **argv)
{
  (void)argc;
  (void)argv;
  struct remote *r = sg_actor_self_get_data();
  if (r->out) {
    sg_mailbox_get(r->out->box);
    kern_mbox_put_back(r->out); /* both sides are done with it */
  }
  if (r->back) {
    sg_mailbox_put(r->back->box, &payload_token, (long)r->back_bytes);
    kern_mbox_put_back(r->back);
  }
  free(r);
}

kern_comm_t *kern_remote(size_t peer, double out, double back)
{
  load_hosts();
  if (out < 0 || back < 0) { /* one leg: no helper, so that many in flight cost no stacks */
    sg_comm_t c;
    if (out >= 0)
      BLOCKING(c = kern_sendto_async(sg_host_self(), hosts[peer], out));
    else
      BLOCKING(c = kern_sendto_async(hosts[peer], sg_host_self(), back));
    return (kern_comm_t *)c;
  }
  struct remote *r = calloc(1, sizeof *r);
  r->out = out >= 0 ? kern_mbox_get() : NULL;
  r->back = back >= 0 ? kern_mbox_get() : NULL;
  r->back_bytes = back;
  kern_mbox_t *out_box = r->out, *back_box = r->back;
  const char *argv[2] = {"rma", NULL};
  BLOCKING(sg_actor_t a = sg_actor_init("rma", hosts[peer]); sg_actor_set_stacksize(a, 128 /* KiB */);
           sg_actor_set_data(a, r); sg_actor_start_(a, remote_main, 1, argv));
  if (!back_box)
    return out_box ? kern_send(out_box, out, 0) : NULL;
  if (out_box)
    kern_send(out_box, out, 1);
  return kern_recv(back_box);
}

struct kern_event {
  sg_cond_t cond;
};
static sg_mutex_t event_mutex;

kern_event_t *kern_event_new(void)
{
  kern_event_t *e = malloc(sizeof *e);
  BLOCKING(e->cond = sg_cond_init());
  return e;
}
void kern_event_wait(kern_event_t *e, int (*still_waiting)(void *), void *arg)
{
  if (!event_mutex) {
    sg_mutex_t m;
    BLOCKING(m = sg_mutex_init());
    if (!event_mutex) /* unless another rank made one meanwhile: all must share one */
      event_mutex = m;
  }
  /* the check runs after the last point where others could run before the wait */
  BLOCKING(sg_mutex_lock(event_mutex); if (still_waiting(arg)) sg_cond_wait(e->cond, event_mutex);
           sg_mutex_unlock(event_mutex));
}
void kern_event_notify(kern_event_t *e) { BLOCKING(sg_cond_notify_all(e->cond)); }
void kern_event_free(kern_event_t *e)
{
  if (e) {
    sg_cond_destroy(e->cond);
    free(e);
  }
}
