/* Point-to-point engine: requests, user-space matching (communicator
 * context, source, tag, wildcards, non-overtaking order) and SMPI's
 * protocols: detached sends below smpi/send-is-detached-thresh, rendezvous
 * above. SimGrid times each transfer; data is copied at match time. */
#ifndef SIMPI_P2P_H
#define SIMPI_P2P_H
#include "../kernel/kernel.h"
#include "../core/datatype.h"
#include "../runtime/queues.h"
#include <mpi.h>

/* P2P_COLL: a nonblocking collective (src/coll/nbc.c); kc is the receive
 * that its helper completes when the collective is done. P2P_FLUSH: a
 * Buffer_iflush, complete once the buffered sends its rank made before it
 * are delivered (kc: the transfer of one of them, while one is waited for). */
/* P2P_RMA: the transfer of a one-sided operation (src/rma), kc its origin's side. */
/* P2P_GREQ: a generalized request (src/mpi/request.c), done when the program says so; never waited for
 * in the kernel (its owner alone can complete it), owned holds its callbacks. */
/* P2P_PSEND, P2P_PRECV: a partitioned send or receive (src/action/part_act.c), owned holds its
 * partitions and the internal requests of their messages; only the action layer waits for them. */
/* P2P_IO: a file access (src/io), kc the transfer of its storage model; st holds its bytes from the start. */
enum p2p_kind { P2P_SEND = 1, P2P_RECV = 2, P2P_COLL = 3, P2P_RMA = 4, P2P_FLUSH = 5, P2P_GREQ = 6, P2P_PSEND = 7,
                P2P_PRECV = 8, P2P_IO = 9 };
enum p2p_mode { P2P_STANDARD, P2P_SYNC, P2P_READY, P2P_BUFFERED };

/* The fields that matching and delivery touch (a sender reads and fills a receive posted a
 * while ago, in the receiver's queue) come first, in as few cache lines as they fit; the
 * bookkeeping of reports, traces and special calls after them (issue 27). */
typedef struct p2p_req {
  enum p2p_kind kind;
  enum p2p_mode mode;
  unsigned char active, done, persistent, cancelled;
  unsigned char nonblocking; /* posted by an I-call: smpi/ois instead of smpi/os */
  unsigned char shared;      /* a second owner (the window of a request-based RMA operation) holds it:
                                whichever of the two frees it first only lets go */
  unsigned char posted; /* receive: waiting in the posted queue for a sender */
  unsigned char nodata; /* a replay's: nobody reads the data, so it is not moved (only timed) */
  int owner;      /* world rank that made the request */
  int peer;       /* comm-local dest or source (may be MPI_ANY_SOURCE / MPI_PROC_NULL) */
  int peer_world; /* world rank of dest or source, -1 for wildcards and PROC_NULL */
  int me_local;   /* send: sender's rank in the communicator */
  int tag, ctx;
  struct p2p_req *next;
  void *buf;
  MPI_Count count;
  const dt_t *dt;
  kern_comm_t *kc;   /* SimGrid side of the transfer, NULL when none pending */
  kern_mbox_t *mbox; /* receive: the transfer's mailbox, back to the pool once complete */
  double started;    /* simulated time its transfer started (a send: was posted) */
  double matched;    /* send or receive: when both sides were there, so the transfer could start
                        (-1: not yet); a wait before then is waiting for the partner (--stats) */
  size_t msg_bytes;  /* receive: size of the matched message (may exceed the buffer) */
  int flow_src;      /* and the world rank that sent it */
  int handle;        /* MPI_Request handle, 0 if internal */
  MPI_Status st;     /* receive: filled at match time */
  long flow;         /* receive, --timeline: the arrow of the message it took */
  struct rt_cp_node *cp; /* receive, --stats: the critical-path chain the message left with */
  struct p2p_msg *queued; /* send: its message, still unmatched in the receiver's queue (Cancel withdraws it) */
  MPI_Comm comm;     /* the MPI layer's handle, for its error handler */
  struct p2p_req *also; /* Isendrecv: the send half, which must complete too (the receive has the handle) */
  void *owned;       /* freed with the request (Isendrecv_replace's copy of the data it sends) */
  /* the rest */
  const char *comm_name;
  void *pc;          /* send with a handle: the user's call site */
  struct p2p_req *sprev, *snext; /* send with a handle: its rank's user_sends list */
  void *recipe;      /* persistent collective: what each start runs (src/coll/nbc.c) */
  long bseq;         /* flush: it waits for the buffered sends numbered below this */
  long long trace_mark; /* recording: the mark of its held wildcard irecv line (src/action), 0 none */
  long trace_nbc;       /* recording: number of its nonblocking collective line, 0 none */
  long trace_pcoll;     /* recording: number of its persistent collective's coll_init line, 0 none */
  unsigned char trace_done; /* recording: its completion is written (tests after a wait must not write it again) */
  unsigned char trace_any; /* recording, irecv: written with source (1) and/or tag (2) as wildcards */
  struct p2p_req *orphan_next; /* its rank's requests freed while active */
} p2p_req_t;

typedef struct p2p_msg {
  int src, tag, ctx;
  int owner; /* world rank of the sender */
  void *pc;  /* the sender's call site, for reports */
  const char *trace_file; /* a replay's: the trace line that sent it (pc is the replayer's) */
  long trace_line;
  long flow; /* --timeline: the message's arrow */
  struct rt_cp_node *cp; /* --stats: the chain it left with */
  const char *comm_name;
  size_t bytes;
  const void *buf; /* rendezvous: the sender's buffer */
  MPI_Count count;
  const dt_t *dt;
  char *copy;           /* detached: packed copy of the data */
  unsigned char nodata; /* a replay's: no data to move */
  kern_mbox_t *mbox; /* its transfer's, which starts when the receive joins the send there */
  kern_comm_t *put;  /* a rendezvous send's transfer, waiting for the receive (NULL: eager) */
  struct p2p_req *sreq; /* the send that made it, while that request lives */
  struct p2p_msg *next;
} p2p_msg_t;

void p2p_rank_init(p2p_queues_t *q);
p2p_req_t *p2p_req_new(void);
void p2p_req_free(p2p_req_t *r);
/* The user freed r (and its send half r->also) while active: it completes on
 * its own and is released, with those freed before it, at a later call. */
void p2p_orphan(p2p_req_t *r);
/* Waits until owner's freed requests on comm are complete (MPI_Comm_disconnect). */
void p2p_wait_orphans(int owner, MPI_Comm comm);
/* Starts the operation described by r (fresh or persistent). */
void p2p_start(p2p_req_t *r);
void p2p_wait(p2p_req_t *r);
int p2p_test(p2p_req_t *r);
/* Waits until one of the active requests completes; returns its index, -1 if none is active. */
int p2p_wait_any(p2p_req_t **rs, int n);
/* Looks for a matching unexpected message on the calling rank; blocks if asked. */
int p2p_probe(int src, int tag, int ctx, int block, MPI_Status *st);
/* Matched probe: takes the matching unexpected message out of the queue
 * (NULL if none and not blocking); p2p_start_matched receives it. */
p2p_msg_t *p2p_mprobe(int src, int tag, int ctx, int block, MPI_Status *st);
void p2p_start_matched(p2p_req_t *r, p2p_msg_t *m);
/* Cancels a receive not matched yet; returns 1 if cancelled. */
int p2p_cancel(p2p_req_t *r);
/* Human description of what r waits for, for reports. */
void p2p_describe(const p2p_req_t *r, char *out, size_t len);
/* Buffered sends still in flight: wait for all of them. */
void p2p_bsend_flush(void);
/* A request that completes once this rank's buffered sends in flight now
 * are delivered (MPI_Buffer_iflush). */
p2p_req_t *p2p_bsend_iflush(void);
/* Bytes of the attached buffer still held by this rank's buffered sends. */
size_t p2p_bsend_in_use(void);
#endif
