/* One-sided engine: the memory each member of a window exposes, data
 * movement for Put, Get and the accumulates, the timed transfers behind
 * them, and window locks. Data moves when the origin makes the call (one
 * rank runs at a time, so an accumulate is atomic per element); the
 * transfer the network model times starts then too, and the returned
 * request (kind P2P_RMA) completes when it ends: synchronisation calls
 * wait for these requests. */
#ifndef SIMPI_RMA_H
#define SIMPI_RMA_H
#include "../p2p/p2p.h"
#include <mpi.h>

typedef struct rma_region { /* dynamic windows: memory attached by a member */
  char *base;
  MPI_Aint size;
  int seq; /* the member's attachments numbered from 0, in order (traces name regions so) */
  struct rma_region *next;
} rma_region_t;

typedef struct rma_mem { /* what one member exposes */
  char *base;
  MPI_Aint size;
  int disp_unit;
  int world;
  rma_region_t *regions;
  int attached; /* attachments so far */
  int excl;    /* world rank holding the exclusive lock, -1 */
  int nshared; /* shared locks held */
  struct rma_lock_wait *queue, *last; /* lock requests waiting, oldest first */
  kern_event_t *granted;              /* their ranks sleep on it */
} rma_mem_t;

typedef struct rma_core {
  int n;
  rma_mem_t *m;
  int flavor;
  int refs;      /* members still holding the window */
  char *shared;  /* Win_allocate_shared: the members' memory, one block */
} rma_core_t;

rma_core_t *rma_core_new(int n);
void rma_core_release(rma_core_t *w);

/* The bytes [disp * unit + lo, disp * unit + hi) of member t's memory
 * (dynamic windows: disp is an address in an attached region); NULL when
 * outside what t exposes. */
char *rma_target(rma_core_t *w, int t, MPI_Aint disp, MPI_Aint lo, MPI_Aint hi);

/* Dynamic windows: the region member t attached as its seq-th, NULL if detached. */
rma_region_t *rma_region(rma_core_t *w, int t, int seq);

/* The operations, made by the running rank as member `me`. Each returns
 * a request for its transfer (NULL when t is me: the data moved locally). */
p2p_req_t *rma_put(rma_core_t *w, int me, int t, const void *obuf, MPI_Count ocount, const dt_t *ot, char *taddr,
                   MPI_Count tcount, const dt_t *tt);
p2p_req_t *rma_get(rma_core_t *w, int me, int t, void *obuf, MPI_Count ocount, const dt_t *ot, const char *taddr,
                   MPI_Count tcount, const dt_t *tt);
/* result may be NULL (Accumulate); op may be MPI_NO_OP or MPI_REPLACE. */
p2p_req_t *rma_accumulate(rma_core_t *w, int me, int t, const void *obuf, MPI_Count ocount, const dt_t *ot,
                          void *result, MPI_Count rcount, const dt_t *rt, char *taddr, MPI_Count tcount,
                          const dt_t *tt, MPI_Op op);
p2p_req_t *rma_compare_and_swap(rma_core_t *w, int me, int t, const void *obuf, const void *cmp, void *result,
                                const dt_t *type, char *taddr);

/* Locks: sleeps until the lock on member t is granted. Requests are
 * granted in the order they come (a shared one with those shared ones
 * right behind it), as the target of a real MPI queues them, so that no
 * rank starves while others take turns. */
void rma_lock(rma_core_t *w, int t, int type);
void rma_unlock(rma_core_t *w, int t, int type);
#endif
