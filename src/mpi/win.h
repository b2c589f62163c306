/* Windows as the MPI layer sees them: each member rank's object (handle,
 * error handler, name, attributes, its epochs and the operations it has
 * started) over the engine's shared core (src/rma/rma.h). */
#ifndef SIMPI_WIN_H
#define SIMPI_WIN_H
#include "../rma/rma.h"
#include "../core/group.h"
#include "mpi_impl.h"

typedef struct win_attr {
  int keyval;
  void *val;
  struct win_attr *next;
} win_attr_t;

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
  win_attr_t *attrs;
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

rt_win_t *win_get(MPI_Win h); /* the calling rank's window h, NULL if none */

#define CHECK_WIN(h, w)                                                                                                \
  rt_win_t *w = win_get(h);                                                                                            \
  CHECK(w, MPI_COMM_WORLD, MPI_ERR_WIN, "invalid window (0x%x)", (unsigned)(h))
/* Errors on a valid window go through its error handler. */
#define WCHECK(cond, w, cls, ...)                                                                                      \
  do {                                                                                                                 \
    if (!(cond)) {                                                                                                     \
      int e_ = mpi_error_errh(self, (w)->errh, (w)->handle, cls, __VA_ARGS__);                                         \
      mpi_leave(self);                                                                                                 \
      return e_;                                                                                                       \
    }                                                                                                                  \
  } while (0)

/* Waits for the operations to target t (all when t < 0) started by this rank,
 * request-based ones included. */
void win_complete_ops(rt_win_t *w, int t);
/* A barrier over the window's group. */
void win_barrier(rt_win_t *w);
#endif
