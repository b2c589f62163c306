/* Process start-up: takes over the program's main (by interposing
 * __libc_start_main), builds the platform, spawns one actor per rank that
 * runs the user's main, runs the simulation and reports. */
#define _GNU_SOURCE
#include "start.h"
#include "../kernel/kernel.h"
#include "../compute/compute.h"
#include "../core/comm.h"
#include "../action/action.h"
#include "../action/trace.h"
#include "../action/otf2_out.h"
#include "../action/check.h"
#include "../coll/select.h"
#include <dlfcn.h>
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <fcntl.h>
#include <malloc.h>
#include <sys/wait.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef int (*main_fn)(int, char **, char **);
static main_fn user_main;
static int user_argc;
static char **user_argv;
extern char **environ;


static double wall_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
static double wall_start;

static void end_job(void);

static void on_resume(void *data)
{
  rt_thread_t *t = data;
  rt_rank_t *r = t->rank;
  if (rt_self)
    cmp_fp_switch_out(rt_self);
  if (rt_self != r) {
    if (rt_self)
      rt_libc_switch_out(rt_self);
    rt_self = r;
    if (rt_opts.privatize)
      rt_priv_switch(r);
    rt_libc_switch_in(r);
  }
  rt_thread_switch(t);
  cmp_fp_switch_in(r);
  if (rt_exit_job_due(0))
    end_job();
  if (rt_stop_pending)
    rt_stop_now();
  rt_progress_tick();
}

/* A burst of the thread that calls the kernel counts none of what others run meanwhile. */
static void on_suspend(void *data) { cmp_burst_suspend(((rt_thread_t *)data)->rank); }
static void on_continue(void *data) { cmp_burst_continue(((rt_thread_t *)data)->rank); }

/* argv as a process gets it: an array and strings of the rank's own */
static char **rank_argv(void)
{
  size_t bytes = sizeof(char *) * (size_t)(user_argc + 1);
  for (int i = 0; i < user_argc; i++)
    bytes += strlen(user_argv[i]) + 1;
  char **argv = malloc(bytes), *s = (char *)(argv + user_argc + 1);
  for (int i = 0; i < user_argc; i++) {
    argv[i] = strcpy(s, user_argv[i]);
    s += strlen(s) + 1;
  }
  argv[user_argc] = NULL;
  return argv;
}

static void rank_body(void *arg)
{
  rt_rank_t *r = ((rt_thread_t *)arg)->rank;
  r->state = RT_RUNNING;
  errno = 0;
  char **volatile argv = rank_argv();
  jmp_buf out;
  r->exit_jmp = &out;
  if (!setjmp(out)) {
    if (rt_opts.privatize)
      rt_priv_construct(r, user_argc, argv, environ);
    r->bench_off = rt_opts.replay != NULL; /* a replayer's own work is not the program's */
    cmp_burst_begin(r);
    int rc = user_main(user_argc, argv, environ);
    if (rt_forked) /* a child the rank forked returns from main: it ends as the process it is */
      rt_exit_forked_child(rc);
    rt_exit_run_handlers(r, rc); /* returning from main is exit(rc) */
    rt_exit_rank_ends(r, rc);
  }
  r->exit_jmp = NULL;
  rt_exit_rank_finish(r);
}

/* Ends the run early: what the program printed, the trace, timeline and
 * Paje files are written out first. */
static void finish_early(int status, const char *why)
{
  rt_stats_report_partial(why);
  trace_close_stopped(why);
  rt_timeline_close(0);
  rt_paje_close();
  fflush(NULL);
  rt_exit_process(status);
}

/* A rank's exit before MPI_Finalize ended the job. */
static void end_job(void)
{
  rt_progress_end();
  char why[700];
  finish_early(rt_exit_job_report(why, sizeof why), why);
}

/* A signal came while the ranks were being created. */
static void stopped_at_start(int created)
{
  rt_progress_end();
  fflush(stdout);
  fprintf(stderr, "simpi: stopped during start-up, %d of %d ranks created\n", created, rt_nranks);
  rt_stop_now();
}

/* The job's status as mpiexec gives it: the ranks' statuses or'ed. */
static int job_status(void)
{
  int status = 0, shown = 0;
  for (int i = 0; i < rt_nranks; i++) {
    rt_rank_t *r = &rt_ranks[i];
    if (!r->exit_code)
      continue;
    status |= r->exit_code;
    if (shown++ == 8)
      fprintf(stderr, "simpi: ... and more ranks ended with a non-zero status\n");
    if (shown > 8)
      continue;
    char loc[600] = "";
    if (r->exit_pc)
      rt_srcloc(r->exit_pc, loc, sizeof loc);
    if (r->exit_pc)
      fprintf(stderr, "simpi: rank %d called exit(%d)%s%s\n", i, r->exit_code, loc[0] ? " at " : "", loc);
    else
      fprintf(stderr, "simpi: rank %d returned %d from main\n", i, r->exit_code);
  }
  return status;
}

/* Above this many ranks, a stack must not cost a mapping of its own (Linux
 * allows 65,530 per process; a guarded stack costs two): stacks lose their
 * guard page and come from the heap, which hands out untouched memory when
 * it does not keep a pad at its top. */
#define BIG_RUN 20000

static void heap_stacks(void)
{
  mallopt(M_MMAP_THRESHOLD, 32 << 20); /* the largest allowed: 8 MiB stacks stay in the heap */
  mallopt(M_TOP_PAD, 0);               /* calloc clears only the old top: keep it empty */
}

/* SimGrid options: ours first, then the user's --cfg keys SimGrid knows. */
static char **simgrid_argv(int *argc)
{
  static const char *fixed[] = {"simpi", "--log=xbt_cfg.thres:warning", "--log=ker_engine.app:file:/dev/null",
                                "--cfg=network/model:SMPI", "--cfg=surf/precision:1e-9",
                                "--cfg=contexts/factory:raw"};
  size_t nfixed = sizeof fixed / sizeof *fixed;
  const char *cfg = getenv("SIMPI_SIMGRID_CFG");
  size_t n = nfixed + 3;
  for (const char *p = cfg; p && *p; p++)
    n += *p == '\n';
  char **av = calloc(n + 2, sizeof *av);
  int c = 0;
  for (size_t i = 0; i < nfixed; i++)
    av[c++] = (char *)fixed[i];
  if (rt_opts.np > BIG_RUN)
    av[c++] = "--cfg=contexts/guard-size:0"; /* a user's --cfg below still wins */
  if (cfg) {
    char *copy = strdup(cfg);
    for (char *tok = strtok(copy, "\n"); tok; tok = strtok(NULL, "\n")) {
      char *s = malloc(strlen(tok) + 7);
      sprintf(s, "--cfg=%s", tok);
      av[c++] = s;
    }
  }
  av[c] = NULL;
  *argc = c;
  return av;
}

/* SimGrid aborts on a bad configuration key or platform file, with pages of
 * output. Try them in a child first and turn a failure into one line. */
static void check_simgrid_setup(int sgc, char **sgv)
{
  const char *cfg = getenv("SIMPI_SIMGRID_CFG");
  if (!rt_opts.platform && !(cfg && *cfg))
    return; /* the embedded platform and our own defaults are known to load */
  int fds[2];
  if (pipe(fds))
    return;
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(fds[1], 2);
    close(fds[0]);
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    kern_init(&sgc, sgv);
    char err[256];
    if (rt_opts.platform)
      kern_load_platform(rt_opts.platform, err, sizeof err);
    rt_exit_process(0);
  }
  close(fds[1]);
  char out[8192];
  size_t n = 0;
  ssize_t k;
  while ((k = read(fds[0], out + n, sizeof out - 1 - n)) > 0)
    n += (size_t)k;
  out[n] = 0;
  close(fds[0]);
  int status;
  waitpid(pid, &status, 0);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
    return;
  /* the first error line, without SimGrid's "[time] file:line: [category/LEVEL] " prefix */
  char *line = strtok(out, "\n"), *msg = NULL;
  for (; line; line = strtok(NULL, "\n"))
    if (strstr(line, "ERROR]") || strstr(line, "CRITICAL]")) {
      msg = line;
      break;
    }
  if (msg) {
    char *p = strstr(msg, "] ");
    while (p && strstr(p + 2, "] "))
      p = strstr(p + 2, "] ");
    if (p)
      msg = p + 2;
  }
  const char *bad = msg ? strstr(msg, "Bad config key: ") : NULL;
  if (bad)
    fprintf(stderr, "simpi: unknown configuration key '%s' (--cfg=KEY:VALUE: simrun --help lists simpi's keys; "
                    "the others are SimGrid's)\n", bad + strlen("Bad config key: "));
  else
    fprintf(stderr, "simpi: cannot set up the simulation: %s\n", msg ? msg : "SimGrid refused the configuration");
  exit(1);
}

/* Memory a rank costs at least once started: SimGrid's actor and context,
 * the stack's touched pages and simpi's state (about 24 KB measured with
 * hello at 10,000 and 30,000 ranks), plus its copy of the program's data. */
#define RANK_BYTES (24 * 1024)

/* Refuses a run that cannot fit in the memory this machine has. */
static int check_memory(char *err, size_t errlen)
{
  FILE *f = fopen("/proc/meminfo", "r");
  if (!f)
    return 0;
  char line[256];
  double avail = 0, kb;
  while (fgets(line, sizeof line, f))
    if (sscanf(line, "MemAvailable: %lf kB", &kb) == 1 || sscanf(line, "SwapFree: %lf kB", &kb) == 1)
      avail += kb * 1024;
  fclose(f);
  double data = rt_opts.privatize ? (double)rt_priv_bytes() : 0;
  double need = (double)rt_opts.np * (RANK_BYTES + data);
  if (avail <= 0 || need <= avail)
    return 0;
  snprintf(err, errlen,
           "%d ranks need about %.1f GB (%.0f KB of simulator state per rank%s) but this machine has %.1f GB "
           "available: run fewer ranks%s",
           rt_opts.np, need / 1e9, RANK_BYTES / 1024.0, data > 0 ? " and a copy of the program's globals" : "",
           avail / 1e9, data > 4096 ? ", or share the globals (--no-privatize) if the program allows it" : "");
  return -1;
}

static int simulate(void)
{
  char err[512];
  if (rt_parse_options(err, sizeof err)) {
    fprintf(stderr, "simpi: %s\n", err);
    return 1;
  }
  if (getenv("SIMPI_HELP_COLL")) { /* simrun --help-coll */
    coll_help(stdout);
    fflush(stdout);
    rt_exit_process(0);
  }
  int sgc;
  char **sgv = simgrid_argv(&sgc);
  check_simgrid_setup(sgc, sgv);
  if (rt_opts.np > BIG_RUN)
    heap_stacks();
  kern_init(&sgc, sgv);
  rt_stop_install(finish_early); /* also replaces SimGrid's own SIGINT handler */
  if (check_memory(err, sizeof err) || rt_setup_platform(err, sizeof err)) {
    fprintf(stderr, "simpi: %s\n", err);
    return 1;
  }
  comm_init_builtin();
  if (rt_opts.trace || rt_opts.otf2) {
    /* the OTF2 archive is made from the lines the TI recorder writes (files or not) */
    if ((rt_opts.trace ? trace_open(rt_opts.trace, rt_nranks, err, sizeof err) : trace_open_lines(rt_nranks)) ||
        (rt_opts.otf2 && otw_open(rt_opts.otf2, rt_nranks, err, sizeof err))) {
      fprintf(stderr, "simpi: %s\n", err);
      return 1;
    }
    cmp_trace_hook = act_compute_traced;
    if (rt_opts.otf2)
      cmp_trace_done_hook = otw_compute_done;
    rt_early_end_hook = trace_close_stopped;
    cmp_trace_sleep_hook = trace_sleep_later;
  }
  if (rt_opts.stats_json && rt_stats_open(err, sizeof err)) {
    fprintf(stderr, "simpi: %s\n", err);
    return 1;
  }
  if (rt_opts.timeline && rt_timeline_open(err, sizeof err)) {
    fprintf(stderr, "simpi: %s\n", err);
    return 1;
  }
  if (rt_opts.paje && rt_paje_open(err, sizeof err)) {
    fprintf(stderr, "simpi: %s\n", err);
    return 1;
  }
  rt_crash_handlers_install();
  cmp_cputime_init();
  cmp_clock_start();
  if (rt_opts.privatize) {
    rt_priv_init();
    rt_exit_adopt_process_handlers(&rt_ranks[0]); /* the constructors built rank 0's globals */
  }
  cmp_fp_init();
  kern_set_resume_hook(on_resume);
  kern_set_blocking_hooks(on_suspend, on_continue);
  /* what bursts below it are not simulated either; a Paje trace is one stream in time order for
   * all ranks, which a rank running ahead of the others would break */
  kern_set_lag_limit(rt_opts.paje ? 0 : rt_opts.cpu_threshold);
  if (rt_opts.time_limit > 0)
    kern_set_deadline(rt_opts.time_limit, rt_stop_time_limit);
  for (int i = 0; i < rt_nranks; i++) {
    if (rt_stop_pending)
      stopped_at_start(i);
    if (!(i & 4095))
      rt_progress_startup(i, rt_nranks);
    rt_libc_rank_init(&rt_ranks[i]);
    rt_thread_rank_init(&rt_ranks[i]);
    char name[24];
    snprintf(name, sizeof name, "rank-%d", i);
    rt_ranks[i].main.actor = kern_spawn(name, rt_ranks[i].host, rank_body, &rt_ranks[i].main, rt_opts.stack_kib);
  }
  rt_progress_start();
  kern_run();
  rt_tls_set(NULL);
  rt_progress_end();
  if (rt_self)
    rt_libc_switch_out(rt_self);
  rt_self = NULL;
  rt_thr = NULL;
  if (rt_exit_job_due(1))
    end_job();
  if (rt_ranks_ended < rt_nranks)
    rt_report_deadlock();
  if (!rt_opts.privatize)
    rt_exit_run_process_handlers(); /* the globals' destructors, once all ranks are done */
  trace_close();
  trace_report_skipped();
  rt_report_unreceived();
  check_coll_report();
  rt_stats_report();
  rt_timeline_close(0);
  rt_paje_close();
  int status = job_status();
  rt_final_report(wall_now() - wall_start);
  if (fflush(NULL) || ferror(stdout)) {
    if (errno == EPIPE) /* the reader went away (a pipe into head): as a stop by SIGPIPE, quietly */
      rt_exit_process(128 + SIGPIPE);
    rt_output_failed("program's output", "stdout", errno);
  }
  rt_exit_process(status ? status : rt_outputs_lost ? 1 : 0);
}

static int simpi_main(int argc, char **argv, char **envp)
{
  (void)envp;
  wall_start = wall_now();
  user_argc = argc;
  user_argv = argv;
  return simulate();
}

typedef int (*start_fn)(main_fn, int, char **, void (*)(void), void (*)(void), void (*)(void), void *);

__attribute__((visibility("default"))) int __libc_start_main(main_fn main, int argc, char **argv,
                                                             void (*init)(void), void (*fini)(void),
                                                             void (*rtld_fini)(void), void *stack_end)
{
  start_fn real = (start_fn)dlsym(RTLD_NEXT, "__libc_start_main");
  user_main = main;
  char err[256]; /* errors are reported once main runs */
  rt_priv_snapshot(!rt_parse_options(err, sizeof err) && rt_opts.privatize); /* before the constructors run */
  return real(simpi_main, argc, argv, init, fini, rtld_fini, stack_end);
}
