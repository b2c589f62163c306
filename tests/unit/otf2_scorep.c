/* otf2_scorep: writes small OTF2 archives laid out as Score-P 8 (OTF2 3.0) writes the trace of an
 * MPI run, for tests/unit/otf2_in.sh. Usage: otf2_scorep SCENARIO DIR (the archive: DIR/traces.otf2).
 *
 *   pattern   the 4 ranks of the test's otf2_pattern program (see otf2_in.sh), computation given by
 *             the time between MPI calls (1 Gflop/s: 1 ns per flop)
 *   papi      the same with a PAPI_FP_OPS counter (accumulated, written at every Enter and Leave as
 *             Score-P does) that gives the flops, and gaps twice as long as them (the replay must use
 *             the counter)
 *   extras    the pattern with what simpi does not replay: user regions (main and a nested one),
 *             an OpenMP parallel region (ThreadFork/ThreadJoin, its region, a worker thread's
 *             location with events), POSIX I/O (IoOperationBegin/IoOperationComplete), a
 *             ParameterInt; the MPI records and gaps are the pattern's
 *   nompi     a program with no MPI: user regions on 2 processes, no MPI groups
 *   badref    the pattern, but rank 1 sends on a communicator that has no definition
 *   rma       the 4 ranks of otf2_in.sh's rma program: one-sided communication on a window of the
 *             world (fences, post/start/complete/wait, a lock with an accumulate, a get and a
 *             flush, a lock_all with a request-based get)
 *
 * The records, as Score-P writes them for each call:
 *   definitions  ClockProperties (1e9 ticks/s), Paradigm MPI, String, SystemTreeNode (machine,
 *                node), LocationGroup (one process per rank), Location (its master thread),
 *                Region (MPI_* with paradigm MPI and their role; main, compute: USER), Group
 *                COMM_LOCATIONS (the MPI ranks' locations: rank = index), COMM_GROUP (world, the
 *                split halves: ranks), COMM_SELF, Comm (MPI_COMM_WORLD, MPI_COMM_SELF, the halves
 *                with OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS and parent MPI_COMM_WORLD)
 *   every call   Enter(region) ... Leave(region)
 *   MPI_Send     MpiSend(receiver, comm, tag, bytes)     MPI_Recv  MpiRecv(sender, comm, tag, bytes)
 *   MPI_Sendrecv MpiSend then MpiRecv
 *   MPI_Isend    MpiIsend(..., request)   completed (MPI_Wait*) by MpiIsendComplete(request)
 *   MPI_Irecv    MpiIrecvRequest(request) completed by MpiIrecv(sender, comm, tag, bytes, request)
 *   MPI_Testsome MpiRequestTest(request) for each request it tested and found incomplete
 *   collectives  MpiCollectiveBegin, MpiCollectiveEnd(op, comm, root or OTF2_UNDEFINED_UINT32,
 *                bytes sent, bytes received: Score-P 8's rules, e.g. allreduce N x block both)
 *   MPI_Comm_split  MpiCollectiveBegin, CommCreate(new comm), MpiCollectiveEnd(CREATE_HANDLE,
 *                parent); MPI_Comm_free: MpiCollectiveBegin, CommDestroy, MpiCollectiveEnd(DESTROY_HANDLE)
 *   MPI_Comm_rank  Enter/Leave only (no time)
 *   RMA (rma)    RmaWin definition (window 0 on MPI_COMM_WORLD); MPI_Win_create: RmaCollectiveBegin,
 *                RmaWinCreate, RmaCollectiveEnd(CREATE_HANDLE); MPI_Win_free: RmaCollectiveBegin,
 *                RmaWinDestroy, RmaCollectiveEnd(DESTROY_HANDLE); MPI_Win_fence: RmaCollectiveBegin,
 *                RmaCollectiveEnd(BARRIER, process and memory); MPI_Win_post/start/complete/wait:
 *                RmaGroupSync(level, window, the group of the partners); MPI_Win_lock:
 *                RmaRequestLock then RmaAcquireLock(target, lock id, type), MPI_Win_unlock:
 *                RmaReleaseLock; MPI_Win_lock_all/unlock_all: the same for every rank; MPI_Put,
 *                MPI_Get, MPI_Accumulate: RmaPut, RmaGet, RmaAtomic(ACCUMULATE) with a matching id,
 *                then RmaOpCompleteBlocking of it; MPI_Rget: RmaGet, completed in MPI_Wait by
 *                RmaOpCompleteNonBlocking; MPI_Win_flush: RmaSync(target, MEMORY) */
#include <otf2/otf2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NR 4
#define UNDEF OTF2_UNDEFINED_UINT32
enum { WORLD = 0, SELF = 1, EVEN = 2, ODD = 3, NOCOMM = 77 };
enum { G_LOCS, G_WORLD, G_SELF, G_EVEN, G_ODD, G_R0, G_R1 };

static OTF2_Archive *ar;
static OTF2_EvtWriter *w[NR + 1]; /* location NR: rank 0's OpenMP worker (extras) */
static uint64_t now[NR + 1], nevents[NR + 1];
static int scenario_papi, scenario_extras, scenario_badref, scenario_rma;
static double papi[NR]; /* the counter's value per rank */

/* Regions, by name: id = index. */
static const struct {
  const char *name;
  OTF2_RegionRole role;
  OTF2_Paradigm paradigm;
} regions[] = {
    {"main", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_USER},
    {"MPI_Init", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI},
    {"MPI_Finalize", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI},
    {"MPI_Comm_rank", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI},
    {"MPI_Send", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
    {"MPI_Recv", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
    {"MPI_Sendrecv", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
    {"MPI_Isend", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
    {"MPI_Irecv", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
    {"MPI_Wait", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
    {"MPI_Waitany", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
    {"MPI_Testsome", OTF2_REGION_ROLE_POINT2POINT, OTF2_PARADIGM_MPI},
    {"MPI_Comm_split", OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_PARADIGM_MPI},
    {"MPI_Comm_free", OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_PARADIGM_MPI},
    {"MPI_Allreduce", OTF2_REGION_ROLE_COLL_ALL2ALL, OTF2_PARADIGM_MPI},
    {"MPI_Bcast", OTF2_REGION_ROLE_COLL_ONE2ALL, OTF2_PARADIGM_MPI},
    {"solver_step", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_USER},
    {"!$omp parallel @solver.c:12", OTF2_REGION_ROLE_PARALLEL, OTF2_PARADIGM_OPENMP},
    {"write", OTF2_REGION_ROLE_FILE_IO, OTF2_PARADIGM_USER},
    {"MPI_Win_create", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI},
    {"MPI_Win_free", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI},
    {"MPI_Win_fence", OTF2_REGION_ROLE_BARRIER, OTF2_PARADIGM_MPI},
    {"MPI_Win_post", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI},
    {"MPI_Win_start", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI},
    {"MPI_Win_complete", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI},
    {"MPI_Win_wait", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI},
    {"MPI_Win_lock", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI},
    {"MPI_Win_unlock", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI},
    {"MPI_Win_lock_all", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI},
    {"MPI_Win_unlock_all", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI},
    {"MPI_Win_flush", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI},
    {"MPI_Put", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI},
    {"MPI_Get", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI},
    {"MPI_Accumulate", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI},
    {"MPI_Rget", OTF2_REGION_ROLE_FUNCTION, OTF2_PARADIGM_MPI},
};
enum { R_MAIN, R_INIT, R_FINALIZE, R_RANK, R_SEND, R_RECV, R_SENDRECV, R_ISEND, R_IRECV, R_WAIT, R_WAITANY,
       R_TESTSOME, R_SPLIT, R_FREE, R_ALLREDUCE, R_BCAST, R_STEP, R_OMP, R_WRITE, R_WIN_CREATE, R_WIN_FREE, R_FENCE,
       R_POST, R_START, R_COMPLETE, R_WAIT_PSCW, R_LOCK, R_UNLOCK, R_LOCK_ALL, R_UNLOCK_ALL, R_FLUSH, R_PUT, R_GET,
       R_ACC, R_RGET, NREGIONS };

static OTF2_FlushType pre_flush(void *u, OTF2_FileType t, OTF2_LocationRef l, void *c, bool final)
{
  (void)u, (void)t, (void)l, (void)c, (void)final;
  return OTF2_FLUSH;
}
static OTF2_TimeStamp post_flush(void *u, OTF2_FileType t, OTF2_LocationRef l)
{
  (void)u, (void)t, (void)l;
  return 0;
}
static OTF2_FlushCallbacks flush = {pre_flush, post_flush};

static void check(OTF2_ErrorCode e, const char *what)
{
  if (e != OTF2_SUCCESS) {
    fprintf(stderr, "otf2_scorep: %s: %s\n", what, OTF2_Error_GetDescription(e));
    exit(1);
  }
}

/* The PAPI_FP_OPS counter, written before each Enter and Leave as Score-P does. */
static void metric(int r)
{
  if (!scenario_papi || r >= NR)
    return;
  OTF2_Type type = OTF2_TYPE_UINT64;
  OTF2_MetricValue v;
  v.unsigned_int = (uint64_t)papi[r];
  check(OTF2_EvtWriter_Metric(w[r], NULL, now[r], 0, 1, &type, &v), "Metric");
  nevents[r]++;
}
static void enter(int r, int region)
{
  metric(r);
  check(OTF2_EvtWriter_Enter(w[r], NULL, now[r], region), "Enter");
  nevents[r]++;
}
static void leave(int r, int region)
{
  metric(r);
  check(OTF2_EvtWriter_Leave(w[r], NULL, now[r], region), "Leave");
  nevents[r]++;
}
/* An MPI call of d ns with its records written at its start (what records it writes: fn). */
#define CALL(r, region, d, ...)                                                                                        \
  do {                                                                                                                 \
    enter(r, region);                                                                                                  \
    now[r] += (d);                                                                                                     \
    __VA_ARGS__;                                                                                                       \
    leave(r, region);                                                                                                  \
  } while (0)
#define EV0(r, fn)                                                                                                     \
  do {                                                                                                                 \
    check(OTF2_EvtWriter_##fn(w[r], NULL, now[r]), #fn);                                                               \
    nevents[r]++;                                                                                                      \
  } while (0)
#define EV(r, fn, ...)                                                                                                 \
  do {                                                                                                                 \
    check(OTF2_EvtWriter_##fn(w[r], NULL, now[r], __VA_ARGS__), #fn);                                                  \
    nevents[r]++;                                                                                                      \
  } while (0)

/* flops of computation: 1 ns each at 1 Gflop/s (twice that with the counter, which says the flops) */
static void compute(int r, double flops)
{
  if (scenario_extras && r == 0 && flops >= 1e6) { /* an OpenMP region, a user region and a write inside */
    enter(r, R_STEP);
    EV(r, ThreadFork, OTF2_PARADIGM_OPENMP, 2);
    enter(r, R_OMP);
    check(OTF2_EvtWriter_Enter(w[NR], NULL, now[r], R_OMP), "Enter");
    check(OTF2_EvtWriter_Leave(w[NR], NULL, now[r] + 1000, R_OMP), "Leave");
    nevents[NR] += 2;
    now[NR] = now[r] + 1000;
    now[r] += (uint64_t)flops / 2;
    leave(r, R_OMP);
    EV(r, ThreadJoin, OTF2_PARADIGM_OPENMP);
    enter(r, R_WRITE);
    EV(r, IoOperationBegin, 0, OTF2_IO_OPERATION_MODE_WRITE, OTF2_IO_OPERATION_FLAG_NONE, 4096, 1);
    EV(r, IoOperationComplete, 0, 4096, 1);
    EV(r, ParameterInt, 0, 42);
    now[r] += (uint64_t)flops / 2;
    leave(r, R_WRITE);
    leave(r, R_STEP);
    return;
  }
  now[r] += (uint64_t)flops * (scenario_papi ? 2 : 1);
  papi[r] += flops;
}

/* The pattern program of otf2_in.sh, rank by rank (each rank's own timeline: only the gaps
 * between MPI calls and the length of calls without records matter to a replay). */
static void pattern(void)
{
  const uint64_t big = 1 << 20;
  for (int r = 0; r < NR; r++) {
    int peer = 5 - r, comm = scenario_badref && r == 1 ? NOCOMM : WORLD;
    enter(r, R_MAIN);
    CALL(r, R_INIT, 5000);
    CALL(r, R_RANK, 0);
    compute(r, 1e6 * (r + 1));
    if (r == 0) {
      CALL(r, R_SEND, 900000, EV(r, MpiSend, 1, WORLD, 5, big));
      CALL(r, R_RECV, 300, EV(r, MpiRecv, 1, WORLD, 6, 8));
    } else if (r == 1) {
      CALL(r, R_RECV, 900000, EV(r, MpiRecv, 0, WORLD, 5, big));
      CALL(r, R_SEND, 100, EV(r, MpiSend, 0, comm, 6, 8));
    } else
      CALL(r, R_SENDRECV, 90000, EV(r, MpiSend, peer, WORLD, 9, 100000); EV(r, MpiRecv, peer, WORLD, 9, 100000));
    if (r == 0) { /* Testsome finds nothing (it costs smpi/test, 1e-4 s), then two Waitany */
      CALL(r, R_IRECV, 10, EV(r, MpiIrecvRequest, 101));
      CALL(r, R_IRECV, 10, EV(r, MpiIrecvRequest, 102));
      CALL(r, R_TESTSOME, 100000, EV(r, MpiRequestTest, 101); EV(r, MpiRequestTest, 102));
      CALL(r, R_WAITANY, 3000000, EV(r, MpiIrecv, 1, WORLD, 1, 8, 101));
      CALL(r, R_WAITANY, 3000000, EV(r, MpiIrecv, 2, WORLD, 2, 80000, 102));
    } else if (r == 1 || r == 2) {
      compute(r, r == 1 ? 2e6 : 5e6);
      CALL(r, R_ISEND, 10, EV(r, MpiIsend, 0, WORLD, (uint32_t)r, r == 1 ? 8 : 80000, 7));
      compute(r, 1e6);
      CALL(r, R_WAIT, 10, EV(r, MpiIsendComplete, 7));
    }
    int half = r % 2 ? ODD : EVEN;
    CALL(r, R_SPLIT, 20000, EV0(r, MpiCollectiveBegin); EV(r, CommCreate, (uint32_t)half);
         EV(r, MpiCollectiveEnd, OTF2_COLLECTIVE_OP_CREATE_HANDLE, WORLD, UNDEF, 0, 0));
    CALL(r, R_ALLREDUCE, 20000, EV0(r, MpiCollectiveBegin);
         EV(r, MpiCollectiveEnd, OTF2_COLLECTIVE_OP_ALLREDUCE, (uint32_t)half, UNDEF, 2 * 8000, 2 * 8000));
    compute(r, 5e5);
    CALL(r, R_BCAST, 20000, EV0(r, MpiCollectiveBegin);
         EV(r, MpiCollectiveEnd, OTF2_COLLECTIVE_OP_BCAST, WORLD, 0, r ? 0 : NR * 4096, 4096));
    CALL(r, R_FREE, 10, EV0(r, MpiCollectiveBegin); EV(r, CommDestroy, (uint32_t)half);
         EV(r, MpiCollectiveEnd, OTF2_COLLECTIVE_OP_DESTROY_HANDLE, (uint32_t)half, UNDEF, 0, 0));
    CALL(r, R_FINALIZE, 5000);
    leave(r, R_MAIN);
  }
}

#define FENCE(r)                                                                                                       \
  CALL(r, R_FENCE, 1000, EV0(r, RmaCollectiveBegin);                                                                   \
       EV(r, RmaCollectiveEnd, OTF2_COLLECTIVE_OP_BARRIER, PM, W, UNDEF, 0, 0))
/* otf2_in.sh's rma program, rank by rank (window 0, on the world). */
static void rma(void)
{
  const uint32_t W = 0, PM = OTF2_RMA_SYNC_LEVEL_PROCESS | OTF2_RMA_SYNC_LEVEL_MEMORY;
  for (int r = 0; r < NR; r++) {
    uint64_t m = 1; /* matching ids */
    enter(r, R_MAIN);
    CALL(r, R_INIT, 5000);
    compute(r, 1e6 * (r + 1));
    CALL(r, R_WIN_CREATE, 3000, EV0(r, RmaCollectiveBegin); EV(r, RmaWinCreate, W);
         EV(r, RmaCollectiveEnd, OTF2_COLLECTIVE_OP_CREATE_HANDLE, OTF2_RMA_SYNC_LEVEL_PROCESS, W, UNDEF, 0, 0));
    FENCE(r);
    CALL(r, R_PUT, 100, EV(r, RmaPut, W, (uint32_t)(r + 1) % NR, 8192, m); EV(r, RmaOpCompleteBlocking, W, m); m++);
    compute(r, 2e5);
    FENCE(r);
    if (r == 0) { /* exposes its window to rank 1 */
      CALL(r, R_POST, 100, EV(r, RmaGroupSync, OTF2_RMA_SYNC_LEVEL_PROCESS, W, G_R1));
      compute(r, 3e5);
      CALL(r, R_WAIT_PSCW, 1000, EV(r, RmaGroupSync, PM, W, G_R1));
    } else if (r == 1) {
      CALL(r, R_START, 100, EV(r, RmaGroupSync, OTF2_RMA_SYNC_LEVEL_PROCESS, W, G_R0));
      CALL(r, R_PUT, 100, EV(r, RmaPut, W, 0, 4096, m); EV(r, RmaOpCompleteBlocking, W, m); m++);
      CALL(r, R_COMPLETE, 1000, EV(r, RmaGroupSync, PM, W, G_R0));
    } else if (r == 2) { /* an exclusive lock of rank 3: an accumulate, a get, a flush */
      CALL(r, R_LOCK, 100, EV(r, RmaRequestLock, W, 3, 1, OTF2_LOCK_EXCLUSIVE);
           EV(r, RmaAcquireLock, W, 3, 1, OTF2_LOCK_EXCLUSIVE));
      CALL(r, R_ACC, 100, EV(r, RmaAtomic, W, 3, OTF2_RMA_ATOMIC_TYPE_ACCUMULATE, 800, 0, m);
           EV(r, RmaOpCompleteBlocking, W, m); m++);
      CALL(r, R_GET, 100, EV(r, RmaGet, W, 3, 1600, m); EV(r, RmaOpCompleteBlocking, W, m); m++);
      CALL(r, R_FLUSH, 1000, EV(r, RmaSync, W, 3, OTF2_RMA_SYNC_TYPE_MEMORY));
      compute(r, 1e5);
      CALL(r, R_UNLOCK, 1000, EV(r, RmaReleaseLock, W, 3, 1));
    } else { /* a shared lock of every rank and a request-based get from rank 0 */
      CALL(r, R_LOCK_ALL, 100, for (uint32_t k = 0; k < NR; k++) EV(r, RmaAcquireLock, W, k, 2, OTF2_LOCK_SHARED));
      CALL(r, R_RGET, 100, EV(r, RmaGet, W, 0, 2048, 55));
      compute(r, 4e5);
      CALL(r, R_WAIT, 1000, EV(r, RmaOpCompleteNonBlocking, W, 55));
      CALL(r, R_UNLOCK_ALL, 1000, for (uint32_t k = 0; k < NR; k++) EV(r, RmaReleaseLock, W, k, 2));
    }
    FENCE(r);
    CALL(r, R_WIN_FREE, 1000, EV0(r, RmaCollectiveBegin); EV(r, RmaWinDestroy, W);
         EV(r, RmaCollectiveEnd, OTF2_COLLECTIVE_OP_DESTROY_HANDLE, OTF2_RMA_SYNC_LEVEL_PROCESS, W, UNDEF, 0, 0));
    CALL(r, R_FINALIZE, 5000);
    leave(r, R_MAIN);
  }
}

static void nompi(void)
{
  for (int r = 0; r < 2; r++) {
    enter(r, R_MAIN);
    enter(r, R_STEP);
    now[r] += 1000000;
    leave(r, R_STEP);
    leave(r, R_MAIN);
  }
}

static uint32_t str(OTF2_GlobalDefWriter *g, const char *s)
{
  static uint32_t next;
  check(OTF2_GlobalDefWriter_WriteString(g, next, s), "String");
  return next++;
}

static void definitions(int nprocs, int mpi)
{
  OTF2_GlobalDefWriter *g = OTF2_Archive_GetGlobalDefWriter(ar);
  uint64_t end = 0;
  for (int r = 0; r <= NR; r++)
    end = now[r] > end ? now[r] : end;
  check(OTF2_GlobalDefWriter_WriteClockProperties(g, 1000000000, 0, end + 1, OTF2_UNDEFINED_TIMESTAMP), "Clock");
  if (mpi)
    check(OTF2_GlobalDefWriter_WriteParadigm(g, OTF2_PARADIGM_MPI, str(g, "MPI"), OTF2_PARADIGM_CLASS_PROCESS),
          "Paradigm");
  uint32_t empty = str(g, "");
  for (int i = 0; i < NREGIONS; i++) {
    uint32_t s = str(g, regions[i].name);
    check(OTF2_GlobalDefWriter_WriteRegion(g, (uint32_t)i, s, s, empty, regions[i].role, regions[i].paradigm,
                                           OTF2_REGION_FLAG_NONE, empty, 0, 0),
          "Region");
  }
  check(OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 0, str(g, "test cluster"), str(g, "machine"), UNDEF), "Node");
  check(OTF2_GlobalDefWriter_WriteSystemTreeNode(g, 1, str(g, "node-0"), str(g, "node"), 0), "Node");
  for (int r = 0; r < nprocs; r++) {
    char name[32];
    snprintf(name, sizeof name, mpi ? "MPI Rank %d" : "Process %d", r);
    check(OTF2_GlobalDefWriter_WriteLocationGroup(g, (uint32_t)r, str(g, name), OTF2_LOCATION_GROUP_TYPE_PROCESS, 1,
                                                  OTF2_UNDEFINED_LOCATION_GROUP),
          "LocationGroup");
    check(OTF2_GlobalDefWriter_WriteLocation(g, (uint64_t)r, str(g, "Master thread"), OTF2_LOCATION_TYPE_CPU_THREAD,
                                             nevents[r], (uint32_t)r),
          "Location");
  }
  if (scenario_extras)
    check(OTF2_GlobalDefWriter_WriteLocation(g, NR, str(g, "OMP thread 1"), OTF2_LOCATION_TYPE_CPU_THREAD,
                                             nevents[NR], 0),
          "Location");
  if (scenario_papi) {
    OTF2_MetricMemberRef m = 0;
    check(OTF2_GlobalDefWriter_WriteMetricMember(g, 0, str(g, "PAPI_FP_OPS"), str(g, "floating-point operations"),
                                                 OTF2_METRIC_TYPE_PAPI, OTF2_METRIC_ACCUMULATED_START, OTF2_TYPE_UINT64,
                                                 OTF2_BASE_DECIMAL, 0, str(g, "#")),
          "MetricMember");
    check(OTF2_GlobalDefWriter_WriteMetricClass(g, 0, 1, &m, OTF2_METRIC_SYNCHRONOUS_STRICT, OTF2_RECORDER_KIND_CPU),
          "MetricClass");
  }
  if (scenario_extras) {
    check(OTF2_GlobalDefWriter_WriteIoParadigm(g, 0, str(g, "POSIX"), str(g, "POSIX I/O"),
                                               OTF2_IO_PARADIGM_CLASS_SERIAL, OTF2_IO_PARADIGM_FLAG_OS, 0, NULL, NULL,
                                               NULL),
          "IoParadigm");
    check(OTF2_GlobalDefWriter_WriteIoRegularFile(g, 0, str(g, "out.dat"), 1), "IoRegularFile");
    check(OTF2_GlobalDefWriter_WriteIoHandle(g, 0, str(g, "out.dat"), 0, 0, OTF2_IO_HANDLE_FLAG_NONE, UNDEF, UNDEF),
          "IoHandle");
    check(OTF2_GlobalDefWriter_WriteParameter(g, 0, str(g, "iteration"), OTF2_PARAMETER_TYPE_INT64), "Parameter");
  }
  if (!mpi) {
    OTF2_Archive_CloseGlobalDefWriter(ar, g);
    return;
  }
  uint64_t locs[NR], world[NR], even[2] = {0, 2}, odd[2] = {1, 3}, r0 = 0, r1 = 1;
  for (int r = 0; r < NR; r++)
    locs[r] = world[r] = (uint64_t)r;
  check(OTF2_GlobalDefWriter_WriteGroup(g, G_LOCS, empty, OTF2_GROUP_TYPE_COMM_LOCATIONS, OTF2_PARADIGM_MPI,
                                        OTF2_GROUP_FLAG_NONE, NR, locs),
        "Group");
  check(OTF2_GlobalDefWriter_WriteGroup(g, G_WORLD, empty, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                        OTF2_GROUP_FLAG_NONE, NR, world),
        "Group");
  check(OTF2_GlobalDefWriter_WriteGroup(g, G_SELF, empty, OTF2_GROUP_TYPE_COMM_SELF, OTF2_PARADIGM_MPI,
                                        OTF2_GROUP_FLAG_NONE, 0, NULL),
        "Group");
  check(OTF2_GlobalDefWriter_WriteGroup(g, G_EVEN, empty, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                        OTF2_GROUP_FLAG_NONE, 2, even),
        "Group");
  check(OTF2_GlobalDefWriter_WriteGroup(g, G_ODD, empty, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                        OTF2_GROUP_FLAG_NONE, 2, odd),
        "Group");
  check(OTF2_GlobalDefWriter_WriteGroup(g, G_R0, empty, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                        OTF2_GROUP_FLAG_NONE, 1, &r0),
        "Group");
  check(OTF2_GlobalDefWriter_WriteGroup(g, G_R1, empty, OTF2_GROUP_TYPE_COMM_GROUP, OTF2_PARADIGM_MPI,
                                        OTF2_GROUP_FLAG_NONE, 1, &r1),
        "Group");
  check(OTF2_GlobalDefWriter_WriteComm(g, WORLD, str(g, "MPI_COMM_WORLD"), G_WORLD, OTF2_UNDEFINED_COMM,
                                       OTF2_COMM_FLAG_NONE),
        "Comm");
  check(OTF2_GlobalDefWriter_WriteComm(g, SELF, str(g, "MPI_COMM_SELF"), G_SELF, OTF2_UNDEFINED_COMM,
                                       OTF2_COMM_FLAG_NONE),
        "Comm");
  check(OTF2_GlobalDefWriter_WriteComm(g, EVEN, str(g, "MPI_COMM_WORLD.split even"), G_EVEN, WORLD,
                                       OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS),
        "Comm");
  check(OTF2_GlobalDefWriter_WriteComm(g, ODD, str(g, "MPI_COMM_WORLD.split odd"), G_ODD, WORLD,
                                       OTF2_COMM_FLAG_CREATE_DESTROY_EVENTS),
        "Comm");
  if (scenario_rma)
    check(OTF2_GlobalDefWriter_WriteRmaWin(g, 0, str(g, "MPI window 0"), WORLD, OTF2_RMA_WIN_FLAG_NONE), "RmaWin");
  OTF2_Archive_CloseGlobalDefWriter(ar, g);
}

int main(int argc, char **argv)
{
  if (argc != 3) {
    fprintf(stderr, "usage: otf2_scorep pattern|papi|extras|nompi|badref|rma DIR\n");
    return 2;
  }
  const char *s = argv[1];
  int mpi = strcmp(s, "nompi") != 0;
  scenario_papi = !strcmp(s, "papi");
  scenario_extras = !strcmp(s, "extras");
  scenario_badref = !strcmp(s, "badref");
  scenario_rma = !strcmp(s, "rma");
  int nlocs = mpi ? NR + scenario_extras : 2;
  ar = OTF2_Archive_Open(argv[2], "traces", OTF2_FILEMODE_WRITE, OTF2_CHUNK_SIZE_EVENTS_DEFAULT,
                         OTF2_CHUNK_SIZE_DEFINITIONS_DEFAULT, OTF2_SUBSTRATE_POSIX, OTF2_COMPRESSION_NONE);
  if (!ar) {
    fprintf(stderr, "otf2_scorep: cannot create the archive in %s\n", argv[2]);
    return 1;
  }
  check(OTF2_Archive_SetFlushCallbacks(ar, &flush, NULL), "flush callbacks");
  check(OTF2_Archive_SetSerialCollectiveCallbacks(ar), "collective callbacks");
  check(OTF2_Archive_SetCreator(ar, "otf2_scorep (simpi's tests, in Score-P's layout)"), "creator");
  check(OTF2_Archive_OpenEvtFiles(ar), "event files");
  for (int l = 0; l < nlocs; l++)
    w[l] = OTF2_Archive_GetEvtWriter(ar, (uint64_t)l);
  if (scenario_rma)
    rma();
  else if (mpi)
    pattern();
  else
    nompi();
  for (int l = 0; l < nlocs; l++)
    check(OTF2_Archive_CloseEvtWriter(ar, w[l]), "close events");
  check(OTF2_Archive_CloseEvtFiles(ar), "close event files");
  check(OTF2_Archive_OpenDefFiles(ar), "definition files");
  for (int l = 0; l < nlocs; l++)
    check(OTF2_Archive_CloseDefWriter(ar, OTF2_Archive_GetDefWriter(ar, (uint64_t)l)), "local definitions");
  check(OTF2_Archive_CloseDefFiles(ar), "close definition files");
  definitions(mpi ? NR : 2, mpi);
  check(OTF2_Archive_Close(ar), "close");
  return 0;
}
