/* Per-rank matching queues, embedded in the rank: posted receives and
 * unexpected messages, both in arrival order; and the rank's requests that
 * were freed while active. Part of each rank's state (runtime.h), kept and
 * read by src/p2p only (the deadlock report reads them too). */
#ifndef SIMPI_P2P_QUEUES_H
#define SIMPI_P2P_QUEUES_H
struct p2p_req;
struct p2p_msg;
struct kern_event;
typedef struct p2p_queues {
  struct p2p_msg *uhead, *utail;
  struct p2p_req *phead, *ptail;
  struct kern_event *arrival; /* notified when a message is queued while probing */
  int probing, probe_src, probe_tag; /* blocking probes in progress (threads), the last one's */
  struct p2p_req *orphans; /* requests freed while active, in order (p2p_orphan) */
} p2p_queues_t;
#endif
