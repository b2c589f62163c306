/* The kernel calls written against SimGrid's C++ API, which the C API lacks:
 * a host-to-host transfer started by its receiver (the C API has it only in
 * blocking form, sg_host_sendto), used by the receive of an eager message
 * whose sender ended first; cancelling that sender's put; and giving a host
 * a disk (node-local storage on a platform that describes none). */
#include <simgrid/comm.h>
#include <simgrid/s4u/Comm.hpp>
#include <simgrid/s4u/Disk.hpp>
#include <simgrid/s4u/Host.hpp>

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
