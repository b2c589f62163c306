/* The kernel interface: the only way the layers above reach SimGrid.
 * Spawning ranks, the clock, computation, transfers, waits and sleeps.
 * After every call that may let other ranks run, the resume hook fires. */
#ifndef SIMPI_KERNEL_H
#define SIMPI_KERNEL_H
#include <stddef.h>
#include <sys/types.h>

typedef struct kern_mbox kern_mbox_t;   /* a rendezvous point for one transfer */
typedef struct kern_comm kern_comm_t;   /* one side of a transfer */
typedef struct kern_event kern_event_t; /* something one rank can sleep on */

/* Start-up: argv holds "--cfg=k:v" and "--log=..." options for SimGrid. */
void kern_init(int *argc, char **argv);
/* The stack size (KiB) of ranks spawned without one (contexts/stack-size). */
size_t kern_default_stack_kib(void);
int kern_load_platform(const char *path, char *err, size_t errlen);
size_t kern_host_count(void);
const char *kern_host_name(size_t i);
int kern_host_index(const char *name); /* -1 if unknown */
double kern_host_speed(size_t i);
int kern_host_cores(size_t i);
/* 1 if the platform has a route from host a to host b. */
int kern_route_exists(size_t a, size_t b);

/* Ranks: each is an actor running fn(arg) on host index, with arg as its
 * data (what the resume hook gets). A running actor may spawn more (helpers). */
void *kern_spawn(const char *name, size_t host, void (*fn)(void *), void *arg, size_t stack_kib);
/* Ends an actor kern_spawn made (not the caller) wherever it is; it never runs again. */
void kern_kill(void *actor);
/* Ends the calling actor now (its stack is abandoned). */
void kern_exit_self(void) __attribute__((noreturn));
/* Runs the simulation; returns when every actor ended or all are blocked. */
void kern_run(void);
/* Called (in the rank's context) each time a rank resumes after others ran. */
void kern_set_resume_hook(void (*hook)(void *rank_data));
/* Called (in the caller's context) before and after every call that may let others run. */
void kern_set_blocking_hooks(void (*suspend)(void *rank_data), void (*cont)(void *rank_data));
void *kern_self_data(void);
/* hook() runs when a rank resumes after the simulated clock passed t. */
void kern_set_deadline(double t, void (*hook)(void));
/* The data of the actor whose code runs now: NULL in SimGrid's own context. */
void *kern_actor_data(void);

/* The running actor's simulated time: SimGrid's clock and its lag (below). */
double kern_now(void);
void kern_compute(double flops);
void kern_sleep(double seconds);
/* The cost of one pass of a polling loop (MPI_Wtime's, MPI_Win_sync's 10 ns):
 * shorter than the limit, it is added to the running actor's lag instead of
 * going to SimGrid pass by pass; the lag is slept before the actor's next
 * SimGrid call (kern_sleep's too), or once it reaches the limit (0, the
 * default: every pause is a sleep). */
void kern_pause(double seconds);
void kern_set_lag_limit(double seconds);
/* Sleeps the running actor's lag now: before it changes what others can see. */
void kern_settle(void);

/* Transfers. A mailbox comes from a pool and goes back once both sides
 * posted; it serves one transfer (one send, one receive) per trip. A
 * transfer starts when both sides are posted. */
kern_mbox_t *kern_mbox_get(void);
void kern_mbox_put_back(kern_mbox_t *m);
/* detached: the sender never waits (returns NULL); the transfer goes on
 * after the sender ends, and one whose receive comes after that starts from
 * the sender's host then, as it would have. */
kern_comm_t *kern_send(kern_mbox_t *m, double bytes, int detached);
/* Withdraws the send made on m (k: its handle, NULL if detached) that no
 * receive was posted for: its put leaves the mailbox, which goes back to the
 * pool (MPI_Cancel of an unmatched send); a put SimGrid cannot withdraw stays
 * there, and the mailbox is never used again. */
void kern_cancel_send(kern_mbox_t *m, kern_comm_t *k);
kern_comm_t *kern_recv(kern_mbox_t *m);
void kern_wait(kern_comm_t *c);
int kern_test(kern_comm_t *c); /* 1 and releases c when done (its SimGrid transfer is waited later) */
ssize_t kern_wait_any(kern_comm_t **cs, size_t n); /* index done, released */
/* The caller is about to wait for transfers none of which can complete
 * before the clock moves (each started now or not yet): the kernel may use
 * the moment to release what the caller's delivered detached sends still
 * hold in SimGrid, which lets others run first. Elsewhere that could change
 * the order of ranks at equal times, and with it simulated times. */
void kern_tidy(void);

/* One-sided transfers with host peer: `out` bytes from the caller's host to
 * peer (out < 0: none), then `back` bytes from peer to the caller's host
 * (back < 0: none), in that order. A single leg is a host-to-host transfer
 * with no other side; two legs need a short-lived helper actor on peer
 * (a stack of its own). Returns the caller's comm that completes last, to
 * wait or test like any other. */
kern_comm_t *kern_remote(size_t peer, double out, double back);

/* Storage (storage.c): the disks of the platform's hosts. A host's first
 * disk serves its I/O; kern_host_add_disk gives one to a host that has none
 * (before the simulation runs). Bandwidths in bytes/s, 0 without a disk. */
int kern_host_has_disk(size_t host);
double kern_disk_bandwidth(size_t host, int write);
void kern_host_add_disk(size_t host, double read_bw, double write_bw);
/* A host's property from the platform file, NULL if unset. */
const char *kern_host_property(size_t host, const char *key);
/* One I/O from the caller's host `client`: n pieces side by side, piece i
 * moving `bytes` to (write) or from (read) the first disk of host `server`
 * over the network (no network when server is client); a read-modify-write
 * reads them, then writes them back. A write's acknowledgement and a read's
 * request are req_bytes long. kern_io_wait makes the operation on the
 * calling actor and returns when every piece is done; kern_io gives it to a
 * short-lived helper actor and returns the caller's comm that completes when
 * every piece is done (one loopback message after), to wait or test like any
 * other (n = 0: an empty operation, the loopback message alone). */
enum { KERN_IO_READ, KERN_IO_WRITE, KERN_IO_RMW };
typedef struct kern_io_piece {
  size_t server;
  double bytes;
} kern_io_piece_t;
void kern_io_wait(size_t client, const kern_io_piece_t *pieces, size_t n, int kind, double req_bytes);
kern_comm_t *kern_io(size_t client, const kern_io_piece_t *pieces, size_t n, int kind, double req_bytes);

/* Events: a rank sleeps until another one notifies it. */
kern_event_t *kern_event_new(void);
/* Sleeps on e unless still_waiting(arg) says 0 once nothing else can run. */
void kern_event_wait(kern_event_t *e, int (*still_waiting)(void *), void *arg);
/* The same, but it stops waiting once the simulated clock reaches deadline (< 0: never);
 * returns 1 if it did (still_waiting said 1 then). */
int kern_event_wait_until(kern_event_t *e, int (*still_waiting)(void *), void *arg, double deadline);
void kern_event_notify(kern_event_t *e);
void kern_event_free(kern_event_t *e); /* NULL: nothing */

#endif
