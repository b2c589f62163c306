/* What the two halves of the SimGrid adapter share (kernel.c: actors,
 * clock, computation, events; transfer.c: mailboxes, transfers, waits):
 * which rank runs, the resume hook, the hosts and each actor's own state. */
#ifndef SIMPI_KERNEL_ADAPTER_H
#define SIMPI_KERNEL_ADAPTER_H
#include "kernel.h"
#include <errno.h>
#include <simgrid/actor.h>
#include <simgrid/host.h>

/* Every actor's SimGrid data: the layers' data (the rank) and the transfers
 * that still hold a SimGrid handle on its activity list: the detached sends it
 * made, and the transfers a test found complete, waited for at its next
 * fresh wait (transfer.c). */
struct kern_loose;
typedef struct kern_actor {
  void *data;
  struct kern_loose *loose; /* newest first */
  int delivered;            /* how many of them are delivered */
} kern_actor_t;

extern void *kern_running; /* rank data of the actor that ran last */
void kern_resumed(void *me);
void kern_suspending(void *me);
extern double kern_lag; /* of the running actor: pauses not slept yet (kern_pause) */
void kern_lag_pay(void *me);

/* A SimGrid call that may let other actors run: the actor's lag is slept
 * first, so that the call happens at its simulated time; the resume hook
 * fires after it, and errno is the rank's own (others may change it
 * meanwhile). */
#define BLOCKING(stmt)                                                                                                 \
  do {                                                                                                                 \
    void *me_ = kern_running;                                                                                          \
    int errno_ = errno;                                                                                                \
    kern_suspending(me_);                                                                                              \
    if (kern_lag > 0)                                                                                                  \
      kern_lag_pay(me_);                                                                                               \
    stmt;                                                                                                              \
    kern_resumed(me_);                                                                                                 \
    errno = errno_;                                                                                                    \
  } while (0)

sg_host_t kern_host(size_t i);
static inline kern_actor_t *kern_me(void) { return (kern_actor_t *)sg_actor_self_get_data(); }

/* storage.c -> sendto.cpp: one piece of an I/O, its server's host and disk (NULL: none) resolved. */
typedef struct kern_io_leg {
  sg_host_t server;
  sg_disk_t disk;
  double bytes;
} kern_io_leg_t;

/* transfer.c: the SimGrid mailbox of m (storage.c's helpers put on it). */
sg_mailbox_t kern_mbox_box(kern_mbox_t *m);
/* transfer.c: the caller is about to compute or sleep for a positive time: it
 * releases its delivered handles when it holds many. */
void kern_tidy_many(void);
/* transfer.c: an actor ends; its detached sends must outlive it. */
void kern_settle_sends(kern_actor_t *me);
#endif
