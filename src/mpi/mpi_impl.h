/* What every MPI entry point shares: entering and leaving a call (burst
 * timing, call-site recording), communicator lookup, argument checks and
 * error raising through the communicator's error handler. */
#ifndef SIMPI_MPI_IMPL_H
#define SIMPI_MPI_IMPL_H
#include "../runtime/runtime.h"
#include "../core/datatype.h"
#include "binding.h"
#include <limits.h>
#include <mpi.h>

#include "../core/comm.h"

/* Entering a call: records it for reports, injects the burst before it. */
rt_rank_t *mpi_enter(const char *name, void *pc);
rt_rank_t *mpi_enter_keep_lag(const char *name, void *pc);
void mpi_leave(rt_rank_t *r);
#define MPI_ENTER(name) rt_rank_t *self = mpi_enter(name, MPI_CALLER())
/* The same for a call that changes nothing other ranks can see before its
 * first SimGrid call (clock and rank queries, MPI_Win_sync, flushes), or
 * that settles the lag itself first (one-sided operations, rma.c): such a
 * call keeps the rank's lag (kernel.h), so that a polling loop of them
 * costs no SimGrid call per pass. Every other call settles it on entry, so
 * that what it does happens at the rank's own time. */
#define MPI_ENTER_KEEP_LAG(name) rt_rank_t *self = mpi_enter_keep_lag(name, MPI_CALLER())
/* The same for a call allowed before MPI_Init and after MPI_Finalize (MPI 4.0, 11.2.1). */
rt_rank_t *mpi_enter_any(const char *name, void *pc);
#define MPI_ENTER_ANY(name) rt_rank_t *self = mpi_enter_any(name, MPI_CALLER())
/* MPI starts on a rank at the first of MPI_Init and MPI_Session_init (the trace's init line, the
 * computation before it dropped) and ends at the last of MPI_Finalize and MPI_Session_finalize. */
void mpi_start(rt_rank_t *r);
void mpi_end_if_last(rt_rank_t *r);
/* The user's call site: the caller of the entry point, or the caller of the
 * language binding that called it (binding.h). */
#define MPI_CALLER() mpi_caller(__builtin_return_address(0))
static inline void *mpi_caller(void *pc)
{
  void *b = mpi_binding_pc;
  mpi_binding_pc = NULL;
  return b ? b : pc;
}
#define MPI_LEAVE(rc)                                                                                                  \
  do {                                                                                                                 \
    int rc_ = (rc);                                                                                                    \
    mpi_leave(self);                                                                                                   \
    return rc_;                                                                                                        \
  } while (0)

/* Raises an error: message naming rank, call, argument and source line; then
 * the error handler of comm decides (fatal: exit; return: the class). */
int mpi_error(rt_rank_t *self, MPI_Comm comm, int errclass, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* The same through error handler errh, whose function gets obj (a window). */
int mpi_error_errh(rt_rank_t *self, int errh, int obj, int errclass, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
int mpi_errh_valid(int errh);
/* A handler calling fn (communicator and window handlers share one table). */
int mpi_errh_new(void (*fn)(int *, int *, ...));
/* "MPI_ERR_...: text" of an error code, NULL if unknown. */
const char *mpi_error_text(int code);

/* Checks that return an error class (0 = fine) after raising it. */
#define CHECK(cond, comm, cls, ...)                                                                                    \
  do {                                                                                                                 \
    if (!(cond)) {                                                                                                     \
      int e_ = mpi_error(self, comm, cls, __VA_ARGS__);                                                                \
      mpi_leave(self);                                                                                                 \
      return e_;                                                                                                       \
    }                                                                                                                  \
  } while (0)

/* What a communicator handle that names none is, in words (comm.c). */
const char *mpi_bad_comm(MPI_Comm h);
#define CHECK_COMM(h, c)                                                                                               \
  rt_comm_t *c = comm_get(h);                                                                                          \
  CHECK(c, MPI_COMM_WORLD, MPI_ERR_COMM, "%s", mpi_bad_comm(h))
#define CHECK_TYPE(h, t, comm)                                                                                         \
  const dt_t *t = dt_get(h);                                                                                           \
  CHECK(t, comm, MPI_ERR_TYPE,                                                                                         \
        dt_lookup(h)                ? "datatype 0x%x is not committed (MPI_Type_commit)"                             \
        : (h) == MPI_DATATYPE_NULL ? "the datatype is MPI_DATATYPE_NULL (0x%x)"                                      \
                                   : "invalid datatype (0x%x)",                                                      \
        (unsigned)(h))
/* A single-completion call (Recv, Wait, Test, Probe, Mrecv ...) fills the status but leaves
 * its MPI_ERROR as it was (MPI 4.0, 3.2.5): only the multiple-completion calls set it. */
static inline void mpi_status_out(MPI_Status *dst, const MPI_Status *src)
{
  if (dst == MPI_STATUS_IGNORE)
    return;
  int keep = dst->MPI_ERROR;
  *dst = *src;
  dst->MPI_ERROR = keep;
}
/* Type calls that accept uncommitted types; name says which argument. */
#define CHECK_ANY_TYPE(h, t, name)                                                                                     \
  dt_t *t = dt_lookup(h);                                                                                              \
  CHECK(t, MPI_COMM_WORLD, MPI_ERR_TYPE, "%s: invalid datatype (0x%x)", name, (unsigned)(h))
/* Counts are int or, in MPI 4.0's large-count (_c) calls, MPI_Count, which
 * simpi counts in; an int result (MPI_Get_count, ...) says whether it fits. */
static inline int count_fits(long long n) { return n <= INT_MAX; }
#define CHECK_BUF(buf, n, comm)                                                                                        \
  CHECK((buf) || (n) == 0, comm, MPI_ERR_BUFFER, "null buffer with count %lld", (long long)(n))
/* The same for a buffer of datatype t: a derived type may address memory
 * from MPI_BOTTOM (absolute addresses from MPI_Get_address). */
#define CHECK_DBUF(buf, n, t, comm)                                                                                    \
  CHECK((buf) || (n) == 0 || (t)->derived, comm, MPI_ERR_BUFFER, "null buffer with count %lld", (long long)(n))

/* Ranks at the end of a collective must all be in MPI: names for the report. */
const char *mpi_comm_name(MPI_Comm h);

#define PMPI_ALIAS(name) extern __typeof__(PMPI_##name) MPI_##name __attribute__((weak, alias("PMPI_" #name)));
/* An older name of the same call (MPI-1), with its PMPI_ form. */
#define PMPI_SAME_AS(old, new_)                                                                                        \
  extern __typeof__(PMPI_##new_) PMPI_##old __attribute__((alias("PMPI_" #new_)));                                   \
  PMPI_ALIAS(old)

/* The highest error code in use (MPI_LASTUSEDCODE). */
int mpi_last_used_code(void);
#endif
