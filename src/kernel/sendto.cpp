/* The kernel calls written against SimGrid's C++ API, which the C API lacks:
 * a host-to-host transfer started by its receiver (the C API has it only in
 * blocking form, sg_host_sendto), used by the receive of an eager message
 * whose sender ended first; cancelling that sender's put; giving a host a
 * disk (node-local storage on a platform that describes none); and the legs
 * of an I/O operation, run by the calling actor, which mix transfers and
 * disk accesses (storage.c). */
#include <simgrid/comm.h>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Disk.hpp>
#include <simgrid/s4u/Host.hpp>
#include <simgrid/s4u/Io.hpp>
#include <map>
#include <simgrid/s4u/Actor.hpp>
#include <simgrid/s4u/Engine.hpp>
#include <vector>
extern "C" {
#include "adapter.h"
}

extern "C" __attribute__((visibility("hidden"))) sg_comm_t kern_sendto_async(sg_host_t from, sg_host_t to, double bytes)
{
  simgrid::s4u::CommPtr c = simgrid::s4u::Comm::sendto_async(from, to, static_cast<uint64_t>(bytes));
  c->add_ref(); /* the caller's, which sg_comm_wait or sg_comm_test releases */
  return c.get();
}

/* Cancels a put nobody received, taking it out of its mailbox: the end of
 * its actor does not, and a later receive on the reused mailbox would take
 * it instead of its own message. */
extern "C" __attribute__((visibility("hidden"))) void kern_cancel_put(sg_comm_t c)
{
  c->cancel();
  sg_comm_unref(c);
}

/* Tests c without releasing it when done (sg_comm_test would): SimGrid
 * keeps a tested transfer among its actor's activities until a wait, so
 * the caller waits for it later (transfer.c). A wait on a comm already
 * seen finished returns at once without telling the kernel, so c is marked
 * started again: the later wait reaches the kernel, which finds the
 * transfer done and drops it from the actor's activities. */
extern "C" __attribute__((visibility("hidden"))) int kern_test_keep(sg_comm_t c)
{
  if (!c->test())
    return 0;
  c->set_state(simgrid::s4u::Activity::State::STARTED);
  return 1;
}

/* A disk for host h, before the simulation starts. */
extern "C" __attribute__((visibility("hidden"))) void kern_disk_create(sg_host_t h, const char *name, double read_bw,
                                                                       double write_bw)
{
  h->create_disk(name, read_bw, write_bw)->seal();
}

/* SimGrid 3.32 lists each disk access among the activities of the actor that
 * creates it and, unlike a transfer or a computation, never takes it off
 * that list until the actor ends; every later transfer of that actor walks
 * the list when it completes. A rank making its own disk accesses would pay
 * O(accesses so far) per message. So the access is created with no current
 * actor (as the kernel's own context does): it then belongs to no actor's
 * list, and goes when its last handle does. */
namespace simgrid::kernel::context {
class Context {
public:
  static Context *self();
  static void set_current(Context *c);
};
} // namespace simgrid::kernel::context

static simgrid::s4u::ActivityPtr disk_access(sg_disk_t d, double bytes, int write)
{
  using simgrid::kernel::context::Context;
  Context *mine = Context::self();
  Context::set_current(nullptr);
  simgrid::s4u::IoPtr io =
      d->io_init(static_cast<sg_size_t>(bytes), write ? simgrid::s4u::Io::OpType::WRITE : simgrid::s4u::Io::OpType::READ);
  Context::set_current(mine);
  return io->start();
}

/* An empty leg (a read's request, a write's acknowledgement) takes its
 * route's latency whatever else the network carries: once one has been
 * timed between two hosts, the next ones are sleeps of that long, which
 * cost SimGrid a third of a transfer. */
static std::map<std::pair<sg_host_t, sg_host_t>, double> empty_leg;

/* The legs of one piece, in order: a read's request, disk read and data back;
 * a write's data, disk write and acknowledgement; a read-modify-write both. A
 * leg between a host and itself is skipped (the client's own disk), as is a
 * disk access of nothing. Returns the activity of the piece's leg from *step
 * on, started, or NULL when the piece is done. With sleeps, an empty leg of
 * known length is slept here, and *timing says which hosts' empty leg the
 * returned transfer is (or has first NULL). */
static simgrid::s4u::ActivityPtr next_leg(sg_host_t client, const kern_io_leg_t *p, int kind, double req, int *step,
                                          std::pair<sg_host_t, sg_host_t> *timing)
{
  int remote = p->server != client, first = kind == KERN_IO_WRITE ? 3 : 0, last = kind == KERN_IO_READ ? 3 : 6;
  for (int s = *step < first ? first : *step; s < last; s++) {
    int write = s >= 3, leg = s % 3;
    double bytes = leg == 1 ? p->bytes : (leg == 0) == write ? p->bytes : req;
    if (leg == 1 && (!p->disk || p->bytes <= 0))
      continue;
    if (leg != 1 && !remote)
      continue;
    *step = s + 1;
    if (leg == 1)
      return disk_access(p->disk, p->bytes, write);
    std::pair<sg_host_t, sg_host_t> route(leg ? p->server : client, leg ? client : p->server);
    if (timing && bytes <= 0) {
      auto known = empty_leg.find(route);
      if (known != empty_leg.end()) {
        simgrid::s4u::this_actor::sleep_for(known->second);
        continue;
      }
      *timing = route;
    }
    simgrid::s4u::CommPtr c = simgrid::s4u::Comm::sendto_async(route.first, route.second, static_cast<uint64_t>(bytes));
    if (c->get_state() != simgrid::s4u::Activity::State::STARTED) /* one of 0 bytes waits for its typed wait */
      c->start();
    return c;
  }
  *step = 6;
  return nullptr;
}

/* Runs every piece's legs side by side, each piece's next leg starting when
 * its previous one ends; returns when all are done. */
extern "C" __attribute__((visibility("hidden"))) void kern_io_legs(sg_host_t client, const kern_io_leg_t *pieces,
                                                                   size_t n, int kind, double req_bytes)
{
  if (n == 1) { /* the common case: one leg after the other */
    int step = 0;
    std::pair<sg_host_t, sg_host_t> timing(nullptr, nullptr);
    for (simgrid::s4u::ActivityPtr a; (a = next_leg(client, pieces, kind, req_bytes, &step, &timing));) {
      double t0 = simgrid::s4u::Engine::get_clock();
      a->wait();
      if (timing.first) {
        empty_leg[timing] = simgrid::s4u::Engine::get_clock() - t0;
        timing.first = nullptr;
      }
    }
    return;
  }
  std::vector<simgrid::s4u::ActivityPtr> now;
  std::vector<size_t> who;
  std::vector<int> step(n, 0);
  for (size_t i = 0; i < n; i++)
    if (simgrid::s4u::ActivityPtr a = next_leg(client, &pieces[i], kind, req_bytes, &step[i], nullptr)) {
      now.push_back(a);
      who.push_back(i);
    }
  while (!now.empty()) {
    size_t k = static_cast<size_t>(simgrid::s4u::Activity::wait_any(now)), i = who[k];
    if (simgrid::s4u::ActivityPtr a = next_leg(client, &pieces[i], kind, req_bytes, &step[i], nullptr))
      now[k] = a;
    else {
      now.erase(now.begin() + static_cast<long>(k));
      who.erase(who.begin() + static_cast<long>(k));
    }
  }
}
