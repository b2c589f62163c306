/* libc's per-process state, per rank. The variables that libc and the
 * program share (environ, optind, opterr, optopt, optarg, signgam) are
 * swapped when the running rank changes. Functions whose state libc hides
 * in static storage are replaced here and in libc_rand.c, libc_getopt.c and
 * exit.c by versions that keep it in the rank: strtok, the environment
 * setters (glibc's reuse one array for everybody), localtime, gmtime,
 * asctime, ctime. errno is kept across every switch by the kernel adapter.
 * Each rank starts with the defaults a new process has and the environment
 * the simulation started with. */
#define _GNU_SOURCE
#include "libc.h"
#include "runtime.h"
#include <dlfcn.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define EXPORT __attribute__((visibility("default")))

static rt_libc_t process_state;
static char **start_environ;

int rt_in_rank(void) { return rt_self != NULL; }

rt_libc_t *rt_libc(void)
{
  rt_rank_t *r = rt_self;
  if (!r)
    return &process_state;
  if (!r->libc)
    r->libc = calloc(1, sizeof *r->libc);
  return r->libc;
}

void *rt_libc_next(const char *name)
{
  void *f = dlsym(RTLD_NEXT, name);
  if (!f)
    rt_fatal(1, "cannot find libc's %s", name);
  return f;
}

void rt_libc_rank_init(rt_rank_t *r)
{
  if (!start_environ)
    start_environ = environ;
  r->environ = start_environ;
  r->optind = 1;
  r->opterr = 1;
  r->optopt = '?';
}

void rt_libc_switch_out(rt_rank_t *r)
{
  r->environ = environ;
  r->optarg = optarg;
  r->optind = optind;
  r->opterr = opterr;
  r->optopt = optopt;
  r->signgam = signgam;
}

void rt_libc_switch_in(rt_rank_t *r)
{
  environ = r->environ;
  optarg = r->optarg;
  optind = r->optind;
  opterr = r->opterr;
  optopt = r->optopt;
  signgam = r->signgam;
}

/* The environment */

static size_t env_len(char **env)
{
  size_t n = 0;
  while (env && env[n])
    n++;
  return n;
}

/* The rank's own array, with room for one more entry. */
static char **own_env(rt_rank_t *r, size_t *n)
{
  *n = env_len(environ);
  if (environ != r->env_own) {
    char **copy = malloc((*n + 2) * sizeof *copy);
    memcpy(copy, environ ? environ : (char *[]){NULL}, (*n + 1) * sizeof *copy);
    r->env_own = environ = copy;
  } else {
    r->env_own = environ = realloc(environ, (*n + 2) * sizeof *environ);
  }
  return environ;
}

static int bad_name(const char *name)
{
  if (!name || !*name || strchr(name, '=')) {
    errno = EINVAL;
    return 1;
  }
  return 0;
}

/* Index of NAME in env (name ends at len), or -1. */
static long env_find(char **env, const char *name, size_t len)
{
  for (long i = 0; env && env[i]; i++)
    if (!strncmp(env[i], name, len) && env[i][len] == '=')
      return i;
  return -1;
}

/* Puts entry (NAME=VALUE) in the rank's environment, replacing NAME's. */
static void env_put(rt_rank_t *r, char *entry, size_t len)
{
  size_t n;
  char **env = own_env(r, &n);
  long i = env_find(env, entry, len);
  if (i >= 0) {
    env[i] = entry;
  } else {
    env[n] = entry;
    env[n + 1] = NULL;
  }
}

EXPORT int setenv(const char *name, const char *value, int overwrite)
{
  if (!rt_in_rank())
    return ((int (*)(const char *, const char *, int))rt_libc_next("setenv"))(name, value, overwrite);
  if (bad_name(name))
    return -1;
  size_t len = strlen(name);
  if (!overwrite && env_find(environ, name, len) >= 0)
    return 0;
  char *entry = malloc(len + strlen(value) + 2);
  if (!entry) {
    errno = ENOMEM;
    return -1;
  }
  sprintf(entry, "%s=%s", name, value);
  env_put(rt_self, entry, len);
  return 0;
}

EXPORT int unsetenv(const char *name)
{
  if (!rt_in_rank())
    return ((int (*)(const char *))rt_libc_next("unsetenv"))(name);
  if (bad_name(name))
    return -1;
  size_t len = strlen(name), n;
  if (env_find(environ, name, len) < 0)
    return 0;
  char **env = own_env(rt_self, &n), **out = env;
  for (char **p = env; *p; p++)
    if (strncmp(*p, name, len) || (*p)[len] != '=')
      *out++ = *p;
  *out = NULL;
  return 0;
}

EXPORT int putenv(char *string)
{
  if (!rt_in_rank())
    return ((int (*)(char *))rt_libc_next("putenv"))(string);
  const char *eq = strchr(string, '=');
  if (!eq) /* glibc: a name alone removes it */
    return unsetenv(string);
  env_put(rt_self, string, (size_t)(eq - string));
  return 0;
}

EXPORT int clearenv(void)
{
  if (!rt_in_rank())
    return ((int (*)(void))rt_libc_next("clearenv"))();
  environ = NULL;
  return 0;
}

/* Functions that return static storage */

EXPORT char *strtok(char *s, const char *delim) { return strtok_r(s, delim, &rt_libc()->strtok_pos); }

EXPORT struct tm *localtime(const time_t *t)
{
  tzset(); /* as localtime does: TZ may have changed */
  return localtime_r(t, &rt_libc()->tm);
}

EXPORT struct tm *gmtime(const time_t *t) { return gmtime_r(t, &rt_libc()->tm); }

EXPORT char *asctime(const struct tm *tm) { return asctime_r(tm, rt_libc()->asc); }

EXPORT char *ctime(const time_t *t)
{
  struct tm *tm = localtime(t);
  return tm ? asctime(tm) : NULL;
}
