/* simpi's OpenMP runtime: the entry points GCC's -fopenmp code calls (GOMP_*, libgomp's ABI)
 * and the omp_* API, over the threads of a rank (src/threads). libgomp itself cannot run in
 * simpi: its threads are the process's, which would see whichever rank's globals are in place,
 * and it waits on futexes with inline system calls that would block every rank. Here a team's
 * threads are threads of the rank (actors on its host, its globals, their own thread-locals),
 * a wait is a wait of the simulation, and each thread's computation is simulated on the host's
 * cores, so a region takes the time it would take there.
 *   team.c  parallel regions, the rank's thread pool, barriers, the threads' state
 *   loop.c  worksharing: loops of every schedule, ordered, sections, single, doacross
 *   task.c  tasks, dependences, taskwait, taskgroup, taskloop
 *   sync.c  critical, atomic, the lock API
 *   api.c   the omp_* queries and setters, the ICVs from the environment, the clock
 *   fortran.c  the omp_lib module's and omp_lib.h's names for them
 * Internal names start with om_. */
#ifndef SIMPI_OMPRT_H
#define SIMPI_OMPRT_H
#include "../threads/threads.h"
#include <stdbool.h>
#include <stdint.h>

#define EXPORT __attribute__((visibility("default")))
/* The program's code that called the runtime (reports). */
#define OM_CALLER() __builtin_return_address(0)

/* Schedules (omp_sched_t's values); OM_MONOTONIC is or'ed in. */
enum { OM_AUTO_RT = 0, OM_STATIC = 1, OM_DYNAMIC = 2, OM_GUIDED = 3, OM_AUTO = 4 };
#define OM_MONOTONIC 0x80000000u

/* Internal control variables a task carries (OpenMP's data environment). */
typedef struct om_icv {
  int nthreads;  /* nthreads-var: threads of the next region */
  int nlevel;    /* position in the rank's OMP_NUM_THREADS list it came from */
  int dyn;       /* dyn-var */
  int sched;     /* run-sched-var: OM_STATIC... (| OM_MONOTONIC) */
  long chunk;
  int max_active_levels;
  int default_device;
} om_icv_t;

typedef struct om_task om_task_t;
typedef struct om_ws om_ws_t;
typedef struct om_thread om_thread_t;
typedef struct om_taskgroup om_taskgroup_t;

/* A team of threads running a parallel region. */
typedef struct om_team {
  int n;                   /* its threads */
  om_thread_t **member;    /* by thread number; member[0] is the master */
  int level, active_level; /* of the region it runs (1 = the outermost) */
  struct om_team *parent;  /* the team of the thread that started it (NULL: the initial one) */
  int parent_num;          /* that thread's number there */
  void (*fn)(void *);      /* the region's body */
  void *pc;                /* where the program starts it */
  void *data;
  int refs;                /* threads that still use it */
  om_icv_t icv;            /* its implicit tasks' */
  struct fork_saved *saved; /* where its master was before */
  /* the barrier */
  int arrived;
  unsigned gen;
  thr_queue_t q;           /* every wait of its threads (barrier, ordered, single's copy, tasks) */
  /* worksharing constructs met so far and not left by every thread, oldest first */
  om_ws_t *ws;
  om_ws_t *prepared;       /* the first one, made with the team (a combined construct) */
  /* tasks: deferred ones ready to run, and all those not finished */
  om_task_t *ready_head, *ready_tail;
  long ready, tasks;
  uintptr_t **reds;        /* task reduction descriptors registered (task.c) */
  int nreds;
} om_team_t;

/* Where a thread is: its team and number there, its worksharing and its task; saved in a
 * team's master while it runs a nested one. */
typedef struct om_where {
  om_team_t *team;
  int num;
  unsigned ws_index;       /* worksharing constructs it met in its team */
  om_ws_t *ws;             /* its current loop or sections */
  long long chunk_seq;     /* its current chunk's number in iteration order (ordered) */
  unsigned long long trip; /* static schedules: chunks it took */
  om_task_t *task;         /* the task it runs */
} om_where_t;

/* A thread's OpenMP state (its rt_thread_t's omp). */
struct om_thread {
  rt_thread_t *rt;
  int id;                  /* 1 + its number among the rank's threads (lock owners) */
  om_where_t at;
  om_task_t *implicit;     /* its implicit task in its current team */
  /* a worker of the rank's pool: the team it is given, and its number there */
  om_team_t *given;
  int given_num;
  int hot;                 /* one of the outermost level's workers (else a spare) */
  int team_num, num_teams; /* in a teams construct (num_teams 0: none) */
  thr_queue_t wake;
  om_thread_t *next_spare;
};

/* The rank's OpenMP state. */
typedef struct om_rank {
  om_icv_t icv;            /* the initial task's ICVs */
  int *nlist, nlist_len;   /* OMP_NUM_THREADS's values, by level */
  int thread_limit, busy;  /* threads a region may use at most, and those in use */
  int cancellation, max_task_priority, cores;
  size_t stack_kib;        /* OMP_STACKSIZE */
  om_thread_t **hot;       /* workers of the outermost regions, by thread number */
  int nhot;
  om_thread_t *spare;      /* idle workers for nested regions */
  void *unnamed_critical;  /* the lock of the unnamed critical section */
  int ids;                 /* om_thread ids given */
} om_rank_t;

/* team.c */
om_rank_t *om_rank(void);
om_thread_t *om_self(void);
/* The region at level, as omp_get_ancestor_thread_num and omp_get_team_size see it. */
int om_ancestor(int level, int *size);
/* The calling thread's team barrier (a task scheduling point); reports say what and where. */
void om_barrier(om_thread_t *me, const char *what, void *pc);
/* Starts a region of fn(data) with nthreads (0: the ICV), from the program's pc, and runs the
 * master's part up to the join; a prepared worksharing construct is every thread's first
 * (combined constructs). */
void om_fork(void (*fn)(void *), void *data, unsigned nthreads, om_ws_t *prepared, void *pc);
void om_join(void);
/* Fatal error of the running thread, naming the construct and the program's line. */
void om_fatal(void *pc, const char *fmt, ...) __attribute__((noreturn, format(printf, 2, 3)));
/* A thread takes its turn (see cmp_burst_settle). */
void om_settle(void);
/* The runtime's own work for a thread does not count as its computation: om_hold and
 * om_unhold bracket it (nesting); om_user runs the program's fn(data) inside it, counted. */
rt_rank_t *om_hold(void);
void om_unhold(rt_rank_t *r);
void om_user(void (*fn)(void *), void *data);

/* loop.c */
/* A loop's worksharing state for a team of n, from its first thread. */
om_ws_t *om_loop_new(int sched, long chunk, unsigned long long niter, int ordered);
void om_ws_free_list(om_ws_t *w);

/* task.c */
/* Runs ready tasks until done(arg) says 1, waiting when none is ready (a scheduling point). */
void om_tasks_until(om_thread_t *me, int (*done)(void *), void *arg, const char *what, void *pc);
/* Takes and runs one ready task of the team; 0 if none. The thread is not computing. */
int om_task_run_one(om_thread_t *me);
om_task_t *om_implicit_task(om_thread_t *me);
void om_implicit_task_end(om_thread_t *me);

/* GCC's entry points the runtime also uses itself */
void GOMP_taskwait_depend(void **depend);
void GOMP_taskgroup_start(void);
void GOMP_taskgroup_end(void);
void GOMP_taskgroup_reduction_register(uintptr_t *data);

/* api.c */
void om_icv_init(om_rank_t *o);
/* The ICVs of the tasks of a new region at level, from its parent's. */
om_icv_t om_icv_child(const om_icv_t *parent, int level);
om_icv_t *om_icv(void); /* the running task's */
#endif
