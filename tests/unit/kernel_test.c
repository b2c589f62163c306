/* Unit tests of the kernel adapter: spawning, the clock, computation,
 * transfers through pooled mailboxes, wait-any, events, the resume hook, and
 * detached sends that outlive their sender. */
#include "unit.h"

static int resumes[2];
static void *last_resumed;
static void hook(void *d)
{
  last_resumed = d;
  resumes[*(int *)d]++;
}

static kern_mbox_t *box, *a, *b, *d_posted, *d_late;
static kern_event_t *ev;
static int flag;
static double t_recv, t_send_ret, t_any, t_detached, t_posted_done, t_late_done;
static ssize_t any_idx;

static int waiting(void *arg) { return !*(int *)arg; }

static void rank0(void *arg)
{
  /* runs first: creates what both ranks share */
  box = kern_mbox_get();
  ev = kern_event_new();
  a = kern_mbox_get();
  b = kern_mbox_get();
  d_posted = kern_mbox_get();
  d_late = kern_mbox_get();
  EXPECT(box != a && a != b);
  EXPECT(kern_self_data() == arg);
  kern_compute(1e9); /* 1 s on a 1 Gflop/s host */
  EXPECT_NEAR(kern_now(), 1.0);
  EXPECT(last_resumed == arg);
  kern_sleep(0.5);
  EXPECT_NEAR(kern_now(), 1.5);
  /* rendezvous send: returns when the transfer is done */
  kern_comm_t *c = kern_send(box, 1e6, 0);
  kern_wait(c);
  t_send_ret = kern_now();
  /* two transfers; the smaller one completes first */
  kern_comm_t *cs[2];
  cs[0] = kern_send(a, 1e7, 0);
  cs[1] = kern_send(b, 1e3, 0);
  flag = 1;
  kern_event_notify(ev);
  any_idx = kern_wait_any(cs, 2);
  t_any = kern_now();
  kern_wait(cs[1 - any_idx]);
  /* then ends while one detached send is in flight and the other has no
   * receive yet: both must still arrive as if started by a live sender */
  kern_sleep(1.0);
  t_detached = kern_now();
  EXPECT(kern_send(d_posted, 1e6, 1) == NULL);
  EXPECT(kern_send(d_late, 1e6, 1) == NULL);
  kern_tidy(); /* nothing delivered yet: nothing to do */
}

static void rank1(void *arg)
{
  (void)arg;
  kern_sleep(0.1); /* creating mailboxes lets others run: give rank 0 the time */
  kern_comm_t *cp = kern_recv(d_posted);
  kern_comm_t *c = kern_recv(box);
  kern_wait(c);
  t_recv = kern_now();
  kern_event_wait(ev, waiting, &flag);
  EXPECT(flag == 1);
  kern_comm_t *ca = kern_recv(a), *cb = kern_recv(b);
  kern_wait(ca);
  kern_wait(cb);
  kern_mbox_put_back(a);
  EXPECT(kern_mbox_get() == a); /* the pool hands back what was returned */
  kern_wait(cp);
  t_posted_done = kern_now();
  kern_mbox_put_back(d_posted);
  kern_sleep(6.0 - kern_now());
  kern_comm_t *cl = kern_recv(d_late);
  kern_wait(cl);
  t_late_done = kern_now();
}

int main(int argc, char **argv)
{
  unit_platform(argc, argv, 2);
  EXPECT(kern_host_count() == 2);
  EXPECT(kern_host_index("h1") == 1);
  EXPECT(kern_host_index("nope") == -1);
  EXPECT_NEAR(kern_host_speed(0), 1e9);
  kern_set_resume_hook(hook);
  static int ids[2] = {0, 1};
  kern_spawn("r0", 0, rank0, &ids[0], 0);
  kern_spawn("r1", 1, rank1, &ids[1], 0);
  kern_run();
  /* 1 MB at 1 GB/s after the 1.5 s mark, plus latencies */
  EXPECT(t_recv > 1.501 && t_recv < 1.502);
  EXPECT_NEAR(t_send_ret, t_recv);
  EXPECT(any_idx == 1);
  EXPECT(t_any > t_send_ret && t_any < t_send_ret + 0.001);
  EXPECT(resumes[0] > 0 && resumes[1] > 0);
  /* a detached transfer takes what the rendezvous one took, from its start */
  EXPECT_NEAR(t_posted_done - t_detached, t_recv - 1.5);
  EXPECT_NEAR(t_late_done - 6.0, t_recv - 1.5);
  return unit_end("kernel_test");
}
