/* What the collective calls share: checks of roots, buffers, counts and
 * operations, and the three forms of each call. Each call has one body (an
 * always-inlined function, so that call sites recorded by MPI_ENTER are the
 * user's) serving the three forms: a NULL request pointer means the
 * blocking form, nb says which of the other two. */
#ifndef SIMPI_MPI_COLLECTIVE_H
#define SIMPI_MPI_COLLECTIVE_H
#include "mpi_impl.h"
#include "info.h"
#include "../core/op.h"
#include "request.h"
#include "../action/action.h"
#include "../compute/compute.h"
#include <stdlib.h>
#include <string.h>
#define BODY static inline __attribute__((always_inline)) int

/* On an intercommunicator the root is MPI_ROOT (the root itself), MPI_PROC_NULL
 * (the rest of its group) or a rank of the remote group. */
#define CHECK_ROOT(root, c, comm)                                                                                      \
  CHECK(comm_is_inter(c) ? (root) == MPI_ROOT || (root) == MPI_PROC_NULL || ((root) >= 0 && (root) < comm_peer_size(c)) \
                         : (root) >= 0 && (root) < comm_size(c),                                                       \
        comm, MPI_ERR_ROOT, "invalid root %d (communicator size %d)", root, comm_size(c))
#define AT_ROOT(c, root) (comm_is_inter(c) ? (root) == MPI_ROOT : comm_rank(c) == (root))
/* MPI_IN_PLACE has no meaning on intercommunicators. */
#define CHECK_INTRA_IN_PLACE(buf, c, comm)                                                                             \
  CHECK(!comm_is_inter(c) || (buf) != MPI_IN_PLACE, comm, MPI_ERR_BUFFER,                                            \
        "MPI_IN_PLACE is not allowed on intercommunicators")
#define CHECK_OP(op, t, h, comm)                                                                                       \
  do {                                                                                                                 \
    CHECK(op_valid(op), comm, MPI_ERR_OP, "invalid operation (0x%x)", (unsigned)(op));                               \
    CHECK(!op_check(op, t), comm, MPI_ERR_OP, "operation 0x%x is not defined on %s", (unsigned)(op), (t)->name);    \
    if (!op_predefined(op))                                                                                            \
      op_note_type(h, t);                                                                                              \
  } while (0)
#define CHECK_NOT_IN_PLACE(buf, comm, what)                                                                            \
  CHECK((buf) != MPI_IN_PLACE, comm, MPI_ERR_BUFFER, "MPI_IN_PLACE is not allowed as the %s here", what)
#define CHECK_NOT_ALIASED(sbuf, rbuf, n, comm)                                                                         \
  CHECK((sbuf) != (rbuf) || (n) == 0 || !(sbuf) || cmp_in_shared_block(sbuf), comm, MPI_ERR_BUFFER,                                                 \
        "send and receive buffers are the same memory (use MPI_IN_PLACE)")
/* A collective's count: any MPI_Count from 0 up (the engine counts in MPI_Count and bytes in size_t). */
#define CHECK_NONNEG(n, comm) CHECK((n) >= 0, comm, MPI_ERR_COUNT, "negative count %lld", (long long)(n))
#define CHECK_ARRAY(arr, comm, what)                                                                                   \
  CHECK((arr) != NULL, comm, MPI_ERR_ARG, "null %s array", what)
#define CHECK_COUNTS(arr, n, comm, what)                                                                               \
  do {                                                                                                                 \
    CHECK_ARRAY(arr, comm, what);                                                                                      \
    for (int i_ = 0; i_ < (n); i_++)                                                                                   \
      CHECK((arr)[i_] >= 0, comm, MPI_ERR_COUNT, "negative count %lld in %s[%d]", (long long)(arr)[i_], what, i_);     \
  } while (0)
/* The three forms of each call: the blocking one, the I-form and the
 * persistent (_init) form, which also takes an info object. */
#define BLOCKING 0, MPI_INFO_NULL
#define NONBLOCKING 1, MPI_INFO_NULL
#define PERSISTENT 2
#define CHECK_REQ(nb, req, comm)                                                                                       \
  do {                                                                                                                 \
    CHECK(!(nb) || (req), comm, MPI_ERR_ARG, "request is NULL");                                                       \
    CHECK(info_valid(info), comm, MPI_ERR_INFO, "invalid info object (0x%x)", (unsigned)info);                          \
  } while (0)
/* On an intercommunicator, the root's group but for the root (MPI_PROC_NULL) has
 * nothing to do and its arguments mean nothing; the call still counts, as
 * every member numbers collectives alike. */
#define NOTHING_AT_PROC_NULL(id, c, root, nb, req)                                                                     \
  do {                                                                                                                 \
    if (comm_is_inter(c) && (root) == MPI_PROC_NULL) {                                                                 \
      CHECK_REQ(nb, req, (c)->handle);                                                                                 \
      (c)->coll_seq++;                                                                                                 \
      if ((nb) == PERSISTENT) {                                                                                        \
        p2p_req_t *r_ = act_persist_noop(id, c);                                                                       \
        r_->comm = (c)->handle;                                                                                        \
        *(req) = req_handle_new(r_);                                                                                   \
      } else {                                                                                                         \
        act_coll_procnull(id, c);                                                                                      \
        if (nb)                                                                                                        \
          *(req) = req_completed(self);                                                                                \
      }                                                                                                                \
      MPI_LEAVE(MPI_SUCCESS);                                                                                          \
    }                                                                                                                  \
  } while (0)

/* Runs the blocking action act_fn args, or starts the nonblocking one, or
 * makes the persistent one, and returns its handle. */
#define RUN(req, comm, fn, args)                                                                                       \
  do {                                                                                                                 \
    if (req) {                                                                                                         \
      p2p_req_t *r_ = nb == PERSISTENT ? act_persist_##fn args : act_i##fn args;                                      \
      r_->comm = comm;                                                                                                 \
      *(req) = req_handle_new(r_);                                                                                     \
    } else {                                                                                                           \
      int rc_ = act_##fn args;                                                                                         \
      CHECK(!rc_, comm, rc_, "a message was truncated: the ranks' type signatures differ");                           \
    }                                                                                                                  \
  } while (0)

/* The v- and w-forms' count and displacement arrays reach the engine as MPI_Count and MPI_Aint: a
 * _c form's own arrays, as the program gave them; an int form's in a wide_t, which WIDEN, where the
 * body checks each array, copies into the wide_t's block (slot 0, 1: send, receive counts; 2, 3:
 * their displacements). A nonblocking or persistent call's request keeps the block until it is freed
 * (RUN_W); otherwise the entry point frees it (wide_free). */
typedef struct wide {
  const int *counts[2];
  const int *displs[2];
  int room;    /* values per slot */
  void *block; /* 4 slots of 8-byte values */
} wide_t;
#define WIDE(scounts, sdispls, rcounts, rdispls)                                                                       \
  {                                                                                                                    \
    {scounts, rcounts}, {sdispls, rdispls}, 0, NULL                                                                    \
  }
static inline int wide_free(wide_t *w, int rc)
{
  free(w->block);
  return rc;
}
_Static_assert(sizeof(MPI_Count) == 8 && sizeof(MPI_Aint) == 8, "wide_t slots hold 8-byte values");
#define WIDEN(arr, w, slot, n, comm, what)                                                                             \
  do {                                                                                                                 \
    if (w) {                                                                                                           \
      if (!(w)->block) {                                                                                               \
        (w)->room = (n);                                                                                               \
        (w)->block = malloc(8 * 4 * (size_t)((n) > 0 ? (n) : 1));                                                      \
        CHECK((w)->block, comm, MPI_ERR_OTHER, "out of memory");                                                       \
      }                                                                                                                \
      const int *s_ = (slot) < 2 ? (w)->counts[slot] : (w)->displs[(slot)-2];                                          \
      CHECK_ARRAY(s_, comm, what);                                                                                     \
      char *d_ = (char *)(w)->block + 8 * (size_t)(slot) * (size_t)(w)->room;                                          \
      for (int i_ = 0; i_ < (n); i_++) {                                                                               \
        if ((slot) < 2)                                                                                                \
          ((MPI_Count *)d_)[i_] = s_[i_];                                                                              \
        else                                                                                                           \
          ((MPI_Aint *)d_)[i_] = s_[i_];                                                                               \
      }                                                                                                                \
      arr = (void *)d_;                                                                                                \
    }                                                                                                                  \
  } while (0)
/* RUN, then a nonblocking or persistent request takes over the widened arrays. */
#define RUN_W(req, comm, fn, args, w)                                                                                  \
  do {                                                                                                                 \
    RUN(req, comm, fn, args);                                                                                          \
    if ((req) && (w)) {                                                                                                \
      req_get(*(req))->owned = (w)->block;                                                                             \
      (w)->block = NULL;                                                                                               \
    }                                                                                                                  \
  } while (0)

static inline MPI_Count sum(const MPI_Count *counts, int n)
{
  MPI_Count s = 0;
  for (int i = 0; i < n; i++)
    s += counts[i];
  return s;
}
#endif
