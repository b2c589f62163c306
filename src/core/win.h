/* Windows as objects: each member rank's object (handle, error handler,
 * name, attributes, its epochs and the operations it has started) over the
 * one-sided engine's shared core (src/rma/rma.h). */
#ifndef SIMPI_CORE_WIN_H
#define SIMPI_CORE_WIN_H
#include "comm.h"
#include <mpi.h>

/* the engines' types, defined in src/rma/rma.h and src/p2p/p2p.h */
typedef struct rma_core rma_core_t;
typedef struct p2p_req p2p_req_t;

struct attr; /* the program's attributes (src/mpi/attr.c) */

typedef struct rt_win {
  rma_core_t *core;
  int rank, n;         /* the owner's rank in the window's group, its size */
  int owner, handle;
  int errh;
  MPI_Info info;
  rt_comm_t *c;        /* the window's own communicator (a duplicate of the creator's) */
  void *allocated;     /* Win_allocate: memory freed with the window */
  char name[MPI_MAX_OBJECT_NAME];
  int trace_id;        /* names it in the owner's trace (1, 2, ...) */
  struct attr *attrs;
  /* epochs */
  int fence;           /* the last fence opened an epoch (no MPI_MODE_NOSUCCEED) */
  int *access, naccess; /* Win_start's targets (window ranks); access == NULL: none */
  int *exposure, nexposure;    /* Win_post's origins; exposure == NULL: none */
  p2p_req_t **completions;     /* Win_post: receives of the origins' Win_complete */
  unsigned char *locks;        /* per target: 0, or 1 + (the lock is exclusive) */
  int nlocks, lock_all;
  p2p_req_t *pending;  /* operations whose transfer may still run (linked by next) */
  p2p_req_t *held;     /* request-based operations, which synchronisation completes too (next);
                          apart from pending, since those whose user let go are released at any time */
} rt_win_t;
#endif
