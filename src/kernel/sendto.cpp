/* The one kernel call written against SimGrid's C++ API: a host-to-host
 * transfer started by its receiver, which the C API has only in blocking form
 * (sg_host_sendto). The eager messages a receive finds already sent use it:
 * no sender side, no mailbox, nothing in the sender's list of activities. */
#include <simgrid/comm.h>
#include <simgrid/s4u/Comm.hpp>

extern "C" __attribute__((visibility("hidden"))) sg_comm_t kern_sendto_async(sg_host_t from, sg_host_t to, double bytes)
{
  simgrid::s4u::CommPtr c = simgrid::s4u::Comm::sendto_async(from, to, static_cast<uint64_t>(bytes));
  c->add_ref(); /* the caller's, which sg_comm_wait or sg_comm_test releases */
  return c.get();
}
