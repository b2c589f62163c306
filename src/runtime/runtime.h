/* Runtime state shared by the layers: the ranks, the options, the current
 * rank, error and report helpers. Owned by src/runtime/.
 *
 * Each rank is its own process as far as the program can tell. Per rank:
 * the program's data segment and thread-local variables, built by the
 * rank's own run of the program's constructors (privatize.c); argv and the
 * environment (start.c, libc_state.c); what libc keeps in static storage
 * for a process: getopt's position with optind/optarg/opterr/optopt
 * (libc_getopt.c), strtok, localtime/gmtime/asctime/ctime buffers, signgam
 * (libc_state.c), the rand, random and drand48 generators (libc_rand.c),
 * errno (kept across switches by src/kernel); exit handlers and exit()
 * (exit.c); clocks: dates, monotonic and CPU time (src/compute/clock.c).
 * Knowingly shared: file descriptors, cwd, stdio streams (one stdout, in
 * simulated order), iostream state, signal handlers and timers, the pid,
 * the hostname, locale and time zone, libraries' own globals (libgfortran's
 * units included), and the static buffers of rarely used libc calls
 * (strerror of unknown codes, getpw*, inet_ntoa, tmpnam(NULL), hsearch). */
#ifndef SIMPI_RUNTIME_H
#define SIMPI_RUNTIME_H
#include <stddef.h>
#include <stdint.h>
#include "queues.h"

typedef struct rt_opts {
  int np;
  const char *platform; /* NULL: embedded default cluster */
  const char *hostfile;
  int map, quiet, privatize;
  double host_speed;    /* flop/s that one second of measured CPU time is worth */
  int simulate_computation;
  double cpu_threshold; /* seconds: shorter bursts are dropped */
  double detached_thresh;
  double test_sleep, iprobe_sleep, wtime_sleep;
  int grow_injected; /* smpi/grow-injected-times: polling costs more while it finds nothing */
  const char *os, *or_, *ois; /* piecewise overhead specs "size:offset:factor;..." */
  size_t stack_kib;
  int shared_malloc;    /* SHARED_NO, SHARED_LOCAL, SHARED_GLOBAL */
  double shared_block;  /* bytes of the folded block (global mode) */
  int display_timing;
  int stats; /* --stats */
  const char *stats_json; /* --stats=FILE.json: the same numbers as JSON, into FILE */
  const char *timeline; /* --timeline=PATH.json or PATH.html */
  const char *paje;     /* -trace: write a Paje trace into this file */
  const char *trace; /* record a time-independent trace into this index file */
  const char *otf2;  /* write an OTF2 archive of the run into this folder */
  const char *replay; /* replay this trace */
  double timeout;     /* --timeout: wall seconds (0: none) */
  double time_limit;  /* --time-limit: simulated seconds (0: none) */
  int trace_compat;   /* write SimGrid's subset only (tracing/ti-compat:yes) */
  /* MPI-IO (src/io): io/data, io/storage, io/servers, io/disk-read-bw, io/disk-write-bw,
   * io/stripe-size, io/stripe-count */
  int io_data;        /* 1: files are really read and written; 0: only timed (reads give zeros) */
  int io_any_file;    /* a replay (io_data 0): an open finds the file it names, existing or not */
  int io_storage;     /* RT_IO_AUTO (pfs when the platform has storage servers), RT_IO_PFS, RT_IO_LOCAL */
  int io_servers;     /* storage servers of the embedded default platform */
  double io_read_bw, io_write_bw; /* bytes/s of the disks simpi makes (default platform, local disks) */
  double io_stripe_size; /* striping_unit of a file without the hint */
  int io_stripe_count;   /* striping_factor of a file without the hint (0: all servers) */
} rt_opts_t;

enum { RT_IO_AUTO, RT_IO_PFS, RT_IO_LOCAL };

enum { SHARED_NO, SHARED_LOCAL, SHARED_GLOBAL };

enum rt_state { RT_NEW, RT_RUNNING, RT_ENDED };

/* What one thread of a rank is doing: its MPI call and its computation burst. The rank holds
 * the running thread's (as its own fields: r->call, r->burst_cpu...); a thread that does not
 * run keeps its own in its rt_thread_t (thread.c swaps them). */
#define RT_THREAD_FIELDS                                                                                               \
  const char *call;      /* MPI call in progress (or last one) */                                                      \
  void *call_pc;         /* return address into the user's code */                                                     \
  int mpi_depth;         /* MPI calls in progress: 2 for one made by a callback inside another */                      \
  const char *outer_call; /* the call a callback's call is made in, and its return address */                          \
  void *outer_pc;                                                                                                      \
  const struct p2p_req *waiting_on; /* the request a blocked call waits for (reports) */                               \
  const char *waiting_note; /* or what else it waits for (a window lock, an OpenMP barrier) */                         \
  double burst_cpu, burst_start; /* CPU and monotonic time when the thread left MPI (cmp_cpu_mark) */                  \
  double burst_acc;      /* seconds of the burst counted before it was suspended (burst.c) */                          \
  int burst_suspended;   /* the burst does not count now (others run, or simpi's own code) */                           \
  int burst_held;        /* simpi's code runs for the thread (cmp_burst_hold): its time is not the burst's */          \
  uintptr_t stack_warm;  /* the lowest address of its stack touched before a burst (burst.c) */                        \
  int computing;         /* running the program's code (between two MPI calls) */                                      \
  unsigned fp_sse;       /* its SSE floating-point state while simpi's code runs, 0: none kept yet (burst.c) */      \
  unsigned fp_x87;       /* its x87 control word and flags while another thread runs, 0: not yet (burst.c) */      \
  double mpi_t0;         /* simulated time when the current MPI call began (read with stats, timeline) */
typedef struct rt_tctx {
  RT_THREAD_FIELDS
} rt_tctx_t;

/* A thread of a rank: the rank's main thread, or one it started (pthread_create, an OpenMP
 * team's worker). Each is an actor on the rank's host; all see the rank's globals, each has its
 * own thread-local variables. */
typedef struct rt_thread {
  struct rt_rank *rank;
  int num;               /* 0: the main thread; then 1, 2... in the order they started (-1: a helper) */
  int ended;
  int helper;            /* simpi's own (a nonblocking collective's helper), not the program's */
  int idle;              /* waiting for work in a pool (an OpenMP worker between regions): not reported */
  void *tls_store;       /* its copy of the program's thread-local variables (main threads) */
  void *tp;              /* its thread pointer (tls.c), NULL: the process's (main threads) */
  rt_tctx_t ctx;         /* its RT_THREAD_FIELDS while another thread of the rank runs (read at
                          * a switch between threads of one rank only: after the fields above) */
  void *(*fn)(void *);   /* what it runs (not for the main thread), and the result */
  void *arg, *result;
  void *actor;           /* its actor (kern_spawn) */
  const void *entry;     /* the code it runs now if not fn (an OpenMP region's body), for reports */
  void *omp;             /* the OpenMP runtime's state of this thread (src/omp) */
  void *user;            /* the pthread layer's state of this thread (src/threads) */
  struct rt_exit_fn *exit_fns; /* its thread_local destructors (exit.c), run when it ends */
  struct rt_thread *next;
} rt_thread_t;

/* The fields that every MPI call, message and switch between ranks touches come first, in as
 * few cache lines as they fit (issue 27: each rank's are touched once per lap of a ring, so
 * all of them miss the cache when ranks are many); the rest after them. A rank starts on a
 * cache line of its own (rt_ranks is allocated aligned). */
typedef struct __attribute__((aligned(64))) rt_rank {
  int id;
  enum rt_state state;
  int initialized, finalized; /* MPI_Init, MPI_Finalize (the world model) */
  int sessions;               /* MPI 4.0 sessions open (src/mpi/session.c) */
  int mpi_started, mpi_ended; /* MPI runs on the rank from the first of MPI_Init and MPI_Session_init to
                               * the last of MPI_Finalize and MPI_Session_finalize */
  int thread_level;      /* what MPI_Init_thread provided */
  int threads_in_mpi;    /* its threads inside an MPI call now */
  int bench_off;         /* smpi_bench_end() called: computation is not timed */
  size_t host;
  rt_thread_t *running;  /* the thread whose RT_THREAD_FIELDS are in the rank now */
  void *priv_store;      /* this rank's copy of the program's globals */
  /* what the running thread of the rank is doing (RT_THREAD_FIELDS); the rank's other
   * threads keep theirs in their rt_thread_t until they run */
  union {
    rt_tctx_t tctx;
    struct { RT_THREAD_FIELDS };
  };
  long mpi_calls;        /* MPI calls made so far */
  long live_requests;
  struct p2p_req *user_sends; /* send requests with a handle: checked by each receive */
  /* libc's variables that the program shares with it, swapped in and out
   * with the rank (libc_state.c); env_own (below) is the environment array this
   * rank's setenv made (NULL while it reads the process's) */
  char **environ, *optarg;
  int optind, opterr, optopt, signgam;
  struct rt_libc *libc;  /* libc's hidden state for this rank, made on first use */
  const char *trace_file; /* replay: the trace line this rank is performing */
  long trace_line;
  int keep_data;         /* in a library agreement: its messages carry data it reads, even in a replay */
  int no_data;           /* in a library agreement that only takes time: its messages carry nothing anyone reads */
  rt_thread_t *mpi_main; /* the thread that initialized MPI */
  p2p_queues_t q;
  rt_thread_t main;      /* the thread that runs main (its own hot fields first) */
  /* the rest */
  int exit_code;
  double pause, overshoot; /* its last Test/Iprobe pause; the sum of those before looks that found (poll.c) */
  double compute_total;  /* seconds of computation so far, measured or injected (smpi_execute) */
  int comms_made;        /* communicators created so far (their trace ids) */
  int wins_made;         /* windows created so far (their trace ids) */
  long files_made;       /* files opened so far (their trace ids) */
  int trace_io_err;      /* replaying: the error class the next MPI_File_open fails with (0: none) */
  long trace_nbcs;       /* recording: nonblocking collective lines written so far */
  long trace_pcolls;     /* recording: persistent collectives initialised so far (coll_init lines) */
  int trace_quiet;       /* recording: inside a constructor written as a line of its own */
  int trace_win_unit, trace_win_flavor; /* replaying: the next window's recorded unit and flavor (0: none) */
  int trace_region;      /* replaying: 1 + the dynamic-window region of the next RMA operation, 0 none */
  int trace_wild;        /* recording a replay: write the next irecv with these wildcards (as trace_any) */
  rt_thread_t *threads;  /* the others it started (thread.c), newest first */
  int threads_made;      /* threads started so far (their numbers) */
  int threads_live;      /* of those, not ended */
  void *omp;             /* the OpenMP runtime's state of the rank (src/omp), made on first use */
  char **env_own;
  struct rt_exit_fn *exit_fns; /* its atexit/on_exit/__cxa_atexit handlers (exit.c) */
  void *exit_jmp;        /* where exit() leaves the program (rank_body) */
  void *exit_pc;         /* where the program called exit(), _exit() (NULL: returned from main) */
  void *bsend_buf;
  size_t bsend_size, bsend_used;
} rt_rank_t;

/* MPI calls are allowed: between MPI_Init and MPI_Finalize, or while a session is open. */
static inline int rt_mpi_active(const rt_rank_t *r) { return (r->initialized && !r->finalized) || r->sessions > 0; }

extern rt_opts_t rt_opts;
extern rt_rank_t *rt_ranks;
extern int rt_nranks;
extern int rt_ranks_ended; /* ranks whose process ended */
extern rt_rank_t *rt_self; /* the rank running now */
extern rt_thread_t *rt_thr; /* and its thread */

/* Threads (thread.c). rt_thread_switch makes t the running thread of its rank (its fields in
 * the rank, its thread-local variables in place). rt_thread_start spawns a thread of r on its
 * host running body(the thread) (fn and arg are body's to use) with a stack of stack_kib
 * (0: as ranks'); a helper is simpi's own. rt_thread_ended marks the end of a thread (body
 * calls it last); rt_thread_end_all ends every other thread of r (its process ends).
 * rt_thread_fields gives a thread's RT_THREAD_FIELDS wherever they are. */
void rt_thread_rank_init(rt_rank_t *r);
void rt_thread_switch(rt_thread_t *t);
rt_thread_t *rt_thread_start(rt_rank_t *r, void (*body)(void *), void *(*fn)(void *), void *arg, size_t stack_kib,
                             int helper);
void rt_thread_ended(rt_thread_t *t);
void rt_thread_end_all(rt_rank_t *r);
const rt_tctx_t *rt_thread_fields(const rt_thread_t *t);
/* What thread t runs, for reports: "f at file.c:12" (an OpenMP region's body, a pthread's). */
void rt_thread_describe(const rt_thread_t *t, char *out, size_t len);
/* Thread-local storage of the threads a rank starts (tls.c): a new area (its thread pointer;
 * NULL if this libc's layout is unknown), freed, and made the current one (NULL: the
 * process's own). */
int rt_tls_available(void);
void *rt_tls_new(void);
void rt_tls_free(void *tp);
void rt_tls_set(void *tp);
/* Privatization of the program's globals (privatize.c) */
void rt_priv_init(void);
void rt_priv_switch(rt_rank_t *to);
/* The thread-local variables of thread to in place. */
void rt_priv_tls_switch(rt_thread_t *to);
/* Where rank r's data at address p really is now (p itself unless p is one
 * of the program's globals and r is not the rank whose globals are in place). */
void *rt_priv_addr(rt_rank_t *r, const void *p);
/* The program's executable: its data segment and init_array (privatize.c).
 * rt_priv_snapshot runs before the program's constructors, and keeps a copy
 * of the data when asked; rt_priv_construct runs them for a rank whose
 * globals start from that copy (0: rank 0's are the ones the process
 * already constructed). */
void rt_priv_snapshot(int copy);
int rt_priv_construct(rt_rank_t *r, int argc, char **argv, char **envp);
/* Bytes of globals each rank gets a copy of when they are private. */
size_t rt_priv_bytes(void);
/* 1 if p lies in the program's executable (code or data). */
int rt_in_program(const void *p);
/* libc's per-process state, per rank (libc_state.c): defaults for a new
 * rank, and the swap when the running rank changes (out before the
 * globals are switched, in after). */
void rt_libc_rank_init(rt_rank_t *r);
void rt_libc_switch_out(rt_rank_t *r);
void rt_libc_switch_in(rt_rank_t *r);
/* Exits (exit.c): a rank's handlers run (last registered first) when it
 * ends; the process's are those the program's constructors registered
 * before the simulation (rank 0's when globals are private). A rank that
 * ends with a non-zero status before MPI_Finalize ends the job:
 * rt_exit_job_due says when (now: at the end of the simulation; else once
 * the clock has moved on a little), rt_exit_job_report prints why (and puts
 * it in why) and returns the job's status. */
void rt_exit_run_handlers(rt_rank_t *r, int status);
void rt_exit_thread_handlers(rt_thread_t *t);
void rt_exit_adopt_process_handlers(rt_rank_t *r);
void rt_exit_run_process_handlers(void);
void rt_exit_rank_ends(rt_rank_t *r, int status);
/* The rank's process is over (its main returned, or a thread called exit): its other
 * threads end, and it counts as ended. */
void rt_exit_rank_finish(rt_rank_t *r);
int rt_exit_job_due(int now);
int rt_exit_job_report(char *why, size_t len);
/* In a child that a rank forked: the rank (else NULL); the child's end with its own status. */
extern rt_rank_t *rt_forked;
void rt_exit_forked_child(int status) __attribute__((noreturn));
/* Ends the process now, without running anything the program registered. */
void rt_exit_process(int status) __attribute__((noreturn));
/* Source locations (srcloc.c): "file.c:12" or "" */
void rt_srcloc(void *pc, char *out, size_t len);
/* Reports any layer makes (report.c); rt_early_end_hook, when set by
 * src/start, closes what the layers above keep (the trace) when a run ends
 * early (why: the reason). */
void rt_fatal(int status, const char *fmt, ...) __attribute__((noreturn, format(printf, 2, 3)));
void rt_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void rt_crash_handlers_install(void);
extern void (*rt_early_end_hook)(const char *why);
/* An output file the user asked for could not be written (what: "timeline",
 * "trace file"...; err: errno): said once per run, and the run's status is
 * then non-zero (rt_outputs_lost). */
void rt_output_failed(const char *what, const char *path, int err);
extern int rt_outputs_lost;
/* Statistics (stats.c) */
void rt_stats_call(rt_rank_t *r, double seconds);
/* Computation of a rank's thread; the main thread's lengthens the rank's critical path (its
 * waits for the others count there as its computation: rt_stats_thread_wait). */
void rt_stats_compute(int rank, double seconds, int main_thread);
void rt_stats_thread_wait(int rank, double seconds);
void rt_stats_message(int rank, double bytes);
/* bytes a rank read or wrote with MPI-IO, in the file named path */
void rt_stats_io(int rank, const char *path, double bytes, int write);
/* Simulated time a rank's MPI call spent waiting for its partner (part of rt_stats_call's). */
void rt_stats_wait(int rank, double seconds);
/* --stats=FILE.json: opened at the start (an error is one line), written with the report. */
int rt_stats_open(char *err, size_t errlen);
void rt_stats_report(void);
/* The same when the run stops early (a deadlock, an error, a crash, a signal): marked partial. */
void rt_stats_report_partial(const char *why);
/* Critical path (critpath.c), with --stats: chains of computation and
 * message transfers; a message in flight holds the chain it left with. */
struct rt_cp_node;
void rt_cp_compute(int rank, double seconds);
struct rt_cp_node *rt_cp_send(int sender);   /* a message's transfer starts now... */
void rt_cp_transfer_starts(struct rt_cp_node *msg); /* ...or now, when its receive is posted later */
void rt_cp_recv(int receiver, struct rt_cp_node *msg); /* its receive completes now */
void rt_cp_report(void);
/* The critical path's length, computation, messages and distinct ranks, for --stats=FILE.json. */
void rt_cp_summary(double *len, double *comp, long *msgs, int *ranks);
/* Timeline (timeline.c): spans of calls (pc: the call site) and computation (pc NULL) */
int rt_timeline_open(char *err, size_t errlen);
void rt_timeline_span(int rank, const char *name, double t0, double t1, void *pc);
/* Message id (> 0) for the timeline and the Paje trace, when either is on: 0 otherwise. */
long rt_message_id(void);
/* Message id, of bytes from world rank sender to receiver, leaves now. */
void rt_timeline_flow_start(long flow, int sender, int receiver, double bytes);
/* Its receive completes now (bytes: the message's size). */
void rt_timeline_flow_end(int receiver, long flow, int sender, double bytes);
void rt_timeline_close(int deadlock); /* deadlock: blocked calls as spans up to now */
/* s as the inside of a JSON string (malloc'ed; control characters become blanks, '<' is escaped
 * so that a page can embed it in a script) */
char *rt_json_escape(const char *s);
/* The HTML viewer (timeline.html, made into a C string at build time); the
 * events go where it says @DATA@. */
extern const char rt_timeline_html[];
/* Paje trace (paje.c), -trace: states and links written as they happen (now). */
int rt_paje_open(char *err, size_t errlen);
void rt_paje_push(int rank, const char *state); /* an MPI call (its name) or "computing" starts */
void rt_paje_pop(int rank);                      /* the innermost one ends */
/* Message id (rt_message_id) of bytes from world rank sender to receiver leaves... */
void rt_paje_link_start(long id, int sender, int receiver, double bytes);
void rt_paje_link_end(long id); /* ...and its receive completes */
void rt_paje_close(void);       /* open states, messages in flight and containers end */
/* Piecewise overhead: offset + factor * bytes from a spec. */
double rt_piecewise(const char *spec, double bytes);
#endif
