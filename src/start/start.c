/* Process start-up: takes over the program's main (by interposing
 * __libc_start_main), builds the platform, spawns one actor per rank that
 * runs the user's main, runs the simulation and reports. */
#define _GNU_SOURCE
#include "../runtime/runtime.h"
#include "../kernel/kernel.h"
#include "../compute/compute.h"
#include "../core/comm.h"
#include "../action/action.h"
#include "../action/trace.h"
#include "../coll/select.h"
#include <dlfcn.h>
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

static int simulating;
static int ended_ranks;

static double wall_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
static double wall_start;

static void on_resume(void *data)
{
  rt_rank_t *r = data;
  rt_self = r;
  if (rt_opts.privatize)
    rt_priv_switch(r);
  rt_progress_tick();
}

static void rank_body(void *arg)
{
  rt_rank_t *r = arg;
  r->state = RT_RUNNING;
  char **argv = malloc(sizeof(char *) * (size_t)(user_argc + 1));
  for (int i = 0; i < user_argc; i++)
    argv[i] = user_argv[i];
  argv[user_argc] = NULL;
  r->bench_off = rt_opts.replay != NULL; /* a replayer's own work is not the program's */
  cmp_burst_begin(r);
  int rc = user_main(user_argc, argv, environ);
  free(argv);
  rt_self = r;
  if (r->initialized && !r->finalized)
    rt_warn("rank %d returned from main without calling MPI_Finalize", r->id);
  r->exit_code = rc;
  r->state = RT_ENDED;
  ended_ranks++;
}

/* A rank called exit(): the whole simulation ends with that status. */
static void on_exit_hook(int status, void *unused)
{
  (void)unused;
  if (!simulating)
    return;
  rt_rank_t *r = rt_self;
  int all_finalized = 1;
  for (int i = 0; i < rt_nranks; i++)
    all_finalized &= rt_ranks[i].finalized || rt_ranks[i].state == RT_ENDED;
  if (r && (status != 0 || !all_finalized))
    fprintf(stderr, "simpi: rank %d called exit(%d)%s: the simulation ends here\n", r->id, status,
            r->finalized ? "" : " before MPI_Finalize");
  else
    rt_final_report(wall_now() - wall_start);
  trace_close();
  rt_timeline_close(0);
  rt_paje_close();
  fflush(NULL);
  _exit(status);
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
    _exit(0);
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
  fprintf(stderr, "simpi: cannot set up the simulation: %s\n", msg ? msg : "SimGrid refused the configuration");
  exit(1);
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
    _exit(0);
  }
  int sgc;
  char **sgv = simgrid_argv(&sgc);
  check_simgrid_setup(sgc, sgv);
  if (rt_opts.np > BIG_RUN)
    heap_stacks();
  kern_init(&sgc, sgv);
  if (rt_setup_platform(err, sizeof err)) {
    fprintf(stderr, "simpi: %s\n", err);
    return 1;
  }
  comm_init_builtin();
  if (rt_opts.trace) {
    if (trace_open(rt_opts.trace, rt_nranks, err, sizeof err)) {
      fprintf(stderr, "simpi: %s\n", err);
      return 1;
    }
    cmp_trace_hook = act_compute_traced;
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
  if (rt_opts.privatize)
    rt_priv_init();
  kern_set_resume_hook(on_resume);
  on_exit(on_exit_hook, NULL);
  for (int i = 0; i < rt_nranks; i++) {
    char name[24];
    snprintf(name, sizeof name, "rank-%d", i);
    kern_spawn(name, rt_ranks[i].host, rank_body, &rt_ranks[i], rt_opts.stack_kib);
  }
  simulating = 1;
  rt_progress_start();
  kern_run();
  rt_progress_end();
  rt_self = NULL;
  if (ended_ranks < rt_nranks)
    rt_report_deadlock();
  simulating = 0;
  trace_close();
  rt_report_unreceived();
  rt_stats_report();
  rt_timeline_close(0);
  rt_paje_close();
  int status = 0;
  for (int i = 0; i < rt_nranks && !status; i++)
    if ((status = rt_ranks[i].exit_code))
      fprintf(stderr, "simpi: rank %d returned %d from main\n", i, status);
  rt_final_report(wall_now() - wall_start);
  fflush(NULL);
  _exit(status);
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
  return real(simpi_main, argc, argv, init, fini, rtld_fini, stack_end);
}
