/* Windows as the MPI calls use them: lookup by handle, argument checks
 * through the window's error handler, and the helpers the window calls
 * share (the objects are in src/core/win.h, the engine in src/rma). */
#ifndef SIMPI_WIN_H
#define SIMPI_WIN_H
#include "../core/win.h"
#include "../rma/rma.h"
#include "../core/group.h"
#include "mpi_impl.h"

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

/* Returns the error class a checking helper (which raised it) returned. */
#define CHECKED(call)                                                                                                  \
  do {                                                                                                                 \
    int err_ = (call);                                                                                                 \
    if (err_)                                                                                                          \
      return err_;                                                                                                     \
  } while (0)

/* Waits for the operations to target t (all when t < 0) started by this rank,
 * request-based ones included. */
void win_complete_ops(rt_win_t *w, int t);
/* A barrier over the window's group. */
void win_barrier(rt_win_t *w);
/* 1 and the value of predefined attribute keyval (MPI_WIN_BASE, ...) in *val, else 0. */
int win_predefined_attr(rt_win_t *w, int keyval, void *val);
#endif
