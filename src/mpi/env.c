/* Environment calls: Init/Finalize/Abort, the clock, versions, processor
 * name, thread levels; the start and end of MPI on a rank (MPI_Init or a session);
 * and the entry/exit bookkeeping of every MPI call. */
#include "attr.h"
#include "mpi_impl.h"
#include "file.h"
#include "request.h"
#include "../action/trace.h"
#include "../compute/compute.h"
#include "../kernel/kernel.h"
#include "../p2p/p2p.h"
#include "../action/action.h"
#include "../action/otf2_out.h"
#include <stdio.h>
#include <string.h>

void *mpi_binding_pc;

/* A call made before MPI_Init or after MPI_Finalize that the standard allows there (the
 * MPI_Info calls): it is not timed. It never blocks, so one flag serves every rank. */
static int outside_call;

rt_rank_t *mpi_enter_any(const char *name, void *pc)
{
  rt_rank_t *r = rt_self;
  if (r && !rt_mpi_active(r)) {
    r->call = name;
    r->call_pc = pc;
    outside_call = 1;
    return r;
  }
  return mpi_enter(name, pc);
}

/* The calling thread may call MPI at the level MPI_Init_thread provided: the main thread (the
 * one that initialized MPI) always; another one from MPI_THREAD_SERIALIZED, and there only while
 * no other thread of the rank is inside MPI. MPI_Wtime and MPI_Wtick (clock reads) are allowed
 * from any thread, as every MPI library allows them. */
static void check_thread(rt_rank_t *r, const char *name, void *pc)
{
  rt_thread_t *t = rt_thr, *main = r->mpi_main ? r->mpi_main : &r->main;
  if (!t || t->helper || (t == main && r->threads_in_mpi == 0))
    return;
  int level = r->thread_level, other = t != main;
  int traced = other && trace_on, funneled = other && level < MPI_THREAD_SERIALIZED,
      concurrent = level == MPI_THREAD_SERIALIZED && r->threads_in_mpi > 0;
  if ((!traced && !funneled && !concurrent) || !strcmp(name, "MPI_Wtime") || !strcmp(name, "MPI_Wtick"))
    return;
  char loc[600] = "", what[700];
  rt_srcloc(pc, loc, sizeof loc);
  if (traced)
    rt_fatal(1, "rank %d: %s called by thread %d%s%s: a time-independent trace (-trace-ti) records the MPI calls of "
             "the main thread only (the format has no threads); record a run in which only the main thread calls MPI",
             r->id, name, t->num, loc[0] ? " at " : "", loc);
  if (funneled) {
    rt_thread_describe(t, what, sizeof what);
    rt_fatal(1, "rank %d: %s called by thread %d (%s)%s%s, but MPI_Init_thread provided %s: only the main thread "
             "may call MPI (ask for MPI_THREAD_SERIALIZED or MPI_THREAD_MULTIPLE)",
             r->id, name, t->num, what, loc[0] ? " at " : "", loc,
             level == MPI_THREAD_FUNNELED ? "MPI_THREAD_FUNNELED" : "MPI_THREAD_SINGLE");
  }
  rt_thread_t *busy = NULL; /* the thread of the rank inside MPI now */
  for (rt_thread_t *o = r->threads; o && !busy; o = o->next)
    if (o != t && !o->helper && !o->ended && rt_thread_fields(o)->mpi_depth > 0)
      busy = o;
  if (!busy && t != &r->main && rt_thread_fields(&r->main)->mpi_depth > 0)
    busy = &r->main;
  const rt_tctx_t *f = busy ? rt_thread_fields(busy) : NULL;
  rt_fatal(1, "rank %d: %s called by thread %d%s%s while thread %d is inside %s, but MPI_Init_thread provided "
           "MPI_THREAD_SERIALIZED: threads must not call MPI at the same time (ask for MPI_THREAD_MULTIPLE)",
           r->id, name, t->num, loc[0] ? " at " : "", loc, busy ? busy->num : -1, f && f->call ? f->call : "an MPI call");
}

/* A Paje trace has a stack of states per rank: it shows the main thread's calls. */
static int paje_thread(const rt_rank_t *r) { return !rt_thr || rt_thr == &r->main; }

static rt_rank_t *enter(const char *name, void *pc, int keep_lag)
{
  rt_rank_t *r = rt_self;
  if (!r)
    rt_fatal(1, "%s called outside a simulated rank (was the program started by simrun?)", name);
  r->mpi_calls++;
  if (r->mpi_depth++ > 0) { /* a callback's call within a call: no burst ended, none begins after */
    if (r->mpi_depth == 2) {
      r->outer_call = r->call;
      r->outer_pc = r->call_pc;
    }
    r->call = name;
    r->call_pc = pc;
    return r;
  }
  r->call = name;
  r->call_pc = pc;
  check_thread(r, name, pc);
  if (!rt_mpi_active(r)) {
    char loc[600];
    rt_srcloc(pc, loc, sizeof loc);
    rt_fatal(1, "rank %d: %s called %s%s%s", r->id, name,
             r->finalized ? "after MPI_Finalize" : r->mpi_ended ? "after the last MPI_Session_finalize" : "before MPI_Init",
             loc[0] ? " at " : "", loc);
  }
  r->threads_in_mpi++;
  cmp_burst_end(r);
  if (!keep_lag)
    kern_settle();
  if (rt_opts.stats || rt_opts.timeline) /* their only readers; a clock read is a SimGrid call */
    r->mpi_t0 = kern_now();
  if (rt_opts.paje && paje_thread(r))
    rt_paje_push(r->id, name);
  if (otw_on && paje_thread(r))
    otw_enter(r->id, name);
  return r;
}

rt_rank_t *mpi_enter(const char *name, void *pc) { return enter(name, pc, 0); }
rt_rank_t *mpi_enter_keep_lag(const char *name, void *pc) { return enter(name, pc, 1); }

/* Once per call: a helper that raised an error has left already when its caller's MPI_LEAVE
 * runs (depth 0 then). */
void mpi_leave(rt_rank_t *r)
{
  if (outside_call) {
    outside_call = 0;
    return;
  }
  if (r->mpi_depth == 0)
    return;
  if (--r->mpi_depth > 0) {
    if (r->mpi_depth == 1) {
      r->call = r->outer_call;
      r->call_pc = r->outer_pc;
    }
    return;
  }
  r->threads_in_mpi--;
  if (rt_opts.stats)
    rt_stats_call(r, kern_now() - r->mpi_t0);
  if (rt_opts.timeline)
    rt_timeline_span(r->id, r->call, r->mpi_t0, kern_now(), r->call_pc);
  if (rt_opts.paje && paje_thread(r))
    rt_paje_pop(r->id);
  if (otw_on && paje_thread(r))
    otw_leave(r->id);
  cmp_burst_begin(r);
}

void mpi_start(rt_rank_t *r)
{
  if (r->mpi_started)
    return;
  r->mpi_started = 1;
  act_init();
  cmp_burst_drop(r); /* as MPI_Init: what the rank computed before is not simulated */
  cmp_burst_begin(r);
}

void mpi_end_if_last(rt_rank_t *r)
{
  if (r->mpi_ended || r->sessions > 0 || (r->initialized && !r->finalized))
    return;
  r->mpi_ended = 1;
  act_finalize();
}

static int do_init(const char *name, void *pc)
{
  rt_rank_t *r = rt_self;
  if (!r)
    rt_fatal(1, "%s called outside a simulated rank", name);
  r->call = name;
  r->call_pc = pc;
  if (r->initialized) {
    char loc[600];
    rt_srcloc(pc, loc, sizeof loc);
    rt_fatal(1, "rank %d: %s: MPI is already initialized%s%s", r->id, name, loc[0] ? " at " : "", loc);
  }
  if (r->mpi_ended) {
    char loc[600];
    rt_srcloc(pc, loc, sizeof loc);
    rt_fatal(1, "rank %d: %s after the last MPI_Session_finalize: simpi does not start MPI again%s%s", r->id, name,
             loc[0] ? " at " : "", loc);
  }
  if (r->mpi_started) /* by a session: the computation since its last call is simulated */
    cmp_burst_end(r);
  else {
    act_init();
    cmp_burst_drop(r); /* what the rank computed before MPI_Init is not simulated, as in SMPI */
    r->mpi_started = 1;
  }
  r->initialized = 1;
  r->mpi_main = rt_thr;
  if (rt_opts.paje) { /* a state of no length, as in SMPI's traces */
    rt_paje_push(r->id, name);
    rt_paje_pop(r->id);
  }
  cmp_burst_begin(r);
  return MPI_SUCCESS;
}

int PMPI_Init(int *argc, char ***argv)
{
  (void)argc;
  (void)argv;
  return do_init("MPI_Init", MPI_CALLER());
}

int PMPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
  (void)argc;
  (void)argv;
  /* every level is honoured: a rank's threads are simulated threads of the rank, each MPI call
   * made for the rank by whichever thread calls it */
  *provided = required < MPI_THREAD_SINGLE ? MPI_THREAD_SINGLE
              : required > MPI_THREAD_MULTIPLE ? MPI_THREAD_MULTIPLE : required;
  int rc = do_init("MPI_Init_thread", MPI_CALLER());
  rt_self->thread_level = *provided;
  return rc;
}

int PMPI_Initialized(int *flag)
{
  *flag = rt_self && rt_self->initialized;
  return MPI_SUCCESS;
}

int PMPI_Finalized(int *flag)
{
  *flag = rt_self && rt_self->finalized;
  return MPI_SUCCESS;
}

int PMPI_Finalize(void)
{
  MPI_ENTER("MPI_Finalize");
  /* first of all, as if MPI_COMM_SELF were freed: its attributes' delete callbacks, last set first */
  int err = attr_delete_all(comm_get(MPI_COMM_SELF));
  CHECK(!err, MPI_COMM_SELF, err, "an attribute delete callback of MPI_COMM_SELF failed (error %d)", err);
  act_bsend_flush(0);
  if (self->live_requests > 0) {
    rt_warn("rank %d: MPI_Finalize with %ld pending request%s (never completed or freed):", self->id,
            self->live_requests, self->live_requests == 1 ? "" : "s");
    req_report_pending(self);
  }
  file_report_open(self);
  self->finalized = 1;
  mpi_end_if_last(self);
  mpi_leave(self);
  return MPI_SUCCESS;
}

int PMPI_Abort(MPI_Comm comm, int errorcode)
{
  MPI_ENTER("MPI_Abort");
  char loc[600];
  rt_srcloc(self->call_pc, loc, sizeof loc);
  /* the process's exit status is the code's low byte, as mpiexec gives it; never 0 */
  int status = errorcode & 0xff ? errorcode & 0xff : 1;
  rt_fatal(status, "rank %d called MPI_Abort(%s, %d)%s%s at simulated time %.6f s", self->id,
           mpi_comm_name(comm), errorcode, loc[0] ? " at " : "", loc, kern_now());
}

int PMPI_Query_thread(int *provided)
{
  *provided = rt_self ? rt_self->thread_level : MPI_THREAD_SINGLE;
  return MPI_SUCCESS;
}

int PMPI_Is_thread_main(int *flag)
{
  rt_rank_t *r = rt_self;
  *flag = !r || !rt_thr || rt_thr == (r->mpi_main ? r->mpi_main : &r->main);
  return MPI_SUCCESS;
}

double PMPI_Wtime(void)
{
  MPI_ENTER_KEEP_LAG("MPI_Wtime");
  kern_pause(rt_opts.wtime_sleep); /* smpi/wtime: reading the clock costs time */
  if (trace_on && rt_opts.wtime_sleep > 0)
    trace_sleep_later(self->id, rt_opts.wtime_sleep);
  double t = kern_now();
  mpi_leave(self);
  return t;
}

double PMPI_Wtick(void) { return 1e-9; }

/* The standard: "MPI libraries themselves make no use of this routine, and
 * simply return immediately to the user code"; a profiling layer that
 * defines MPI_Pcontrol and calls PMPI_Pcontrol gets this. */
int PMPI_Pcontrol(const int level, ...)
{
  (void)level;
  return MPI_SUCCESS;
}

int PMPI_Get_processor_name(char *name, int *resultlen)
{
  MPI_ENTER("MPI_Get_processor_name");
  CHECK(name && resultlen, MPI_COMM_WORLD, MPI_ERR_ARG, "null argument");
  snprintf(name, MPI_MAX_PROCESSOR_NAME, "%s", kern_host_name(self->host));
  *resultlen = (int)strlen(name);
  MPI_LEAVE(MPI_SUCCESS);
}

int PMPI_Get_version(int *version, int *subversion)
{
  *version = MPI_VERSION;
  *subversion = MPI_SUBVERSION;
  return MPI_SUCCESS;
}

int PMPI_Get_library_version(char *version, int *resultlen)
{
  snprintf(version, MPI_MAX_LIBRARY_VERSION_STRING, "simpi %s (MPI %d.%d simulated on SimGrid)", PACKAGE_VERSION,
           MPI_VERSION, MPI_SUBVERSION);
  *resultlen = (int)strlen(version);
  return MPI_SUCCESS;
}

PMPI_ALIAS(Init)
PMPI_ALIAS(Init_thread)
PMPI_ALIAS(Initialized)
PMPI_ALIAS(Finalized)
PMPI_ALIAS(Finalize)
PMPI_ALIAS(Abort)
PMPI_ALIAS(Query_thread)
PMPI_ALIAS(Is_thread_main)
PMPI_ALIAS(Wtime)
PMPI_ALIAS(Wtick)
PMPI_ALIAS(Pcontrol)
PMPI_ALIAS(Get_processor_name)
PMPI_ALIAS(Get_version)
PMPI_ALIAS(Get_library_version)
