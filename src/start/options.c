/* Options: simrun passes its command line as SIMPI_* environment variables;
 * smpi/ configuration keys are ours, the rest go to SimGrid. A program run
 * without simrun behaves as one rank on the default platform. */
#include "start.h"
#include "../compute/compute.h"
#include "../coll/select.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_size(const char *v, double *out)
{
  char *end;
  errno = 0;
  double d = strtod(v, &end);
  if (errno || end == v || d < 0)
    return -1;
  if (*end == 'k' || *end == 'K')
    d *= 1e3, end++;
  else if (*end == 'M')
    d *= 1e6, end++;
  else if (*end == 'G')
    d *= 1e9, end++;
  else if (*end == 'T')
    d *= 1e12, end++;
  if (*end == 'f' || *end == 'B')
    end++;
  if (!strcmp(end, "ps") || !strcmp(end, "/s"))
    end += 2;
  if (*end)
    return -1;
  *out = d;
  return 0;
}

/* A piecewise spec: "size:offset:factor" segments separated by ';' (smpi/os, or, ois). */
static int valid_piecewise(const char *v)
{
  const char *p = v;
  while (*p) {
    double size, off, fac;
    int n = 0;
    if (sscanf(p, "%lf:%lf:%lf%n", &size, &off, &fac, &n) != 3 || !n || size < 0 || off < 0 || fac < 0)
      return 0;
    p += n;
    if (*p && *p != ';')
      return 0;
    while (*p == ';' || *p == ' ')
      p++;
  }
  return p != v;
}

/* An integer of at least min (SimGrid's contexts/ keys, which crash below). */
static int integer_at_least(const char *v, long min)
{
  char *end;
  errno = 0;
  long x = strtol(v, &end, 10);
  return !errno && end != v && !*end && x >= min;
}

static int parse_bool(const char *v, int *out)
{
  if (!strcmp(v, "yes") || !strcmp(v, "1") || !strcmp(v, "on") || !strcmp(v, "true"))
    *out = 1;
  else if (!strcmp(v, "no") || !strcmp(v, "0") || !strcmp(v, "off") || !strcmp(v, "false"))
    *out = 0;
  else
    return -1;
  return 0;
}

/* Applies one smpi/ key; returns 1 if it is ours, 0 if SimGrid's, -1 on a bad value. */
static int smpi_key(const char *key, const char *val, char *err, size_t errlen)
{
  int rc = 0;
  if (!strcmp(key, "smpi/host-speed")) {
    if (!strcmp(val, "auto"))
      rt_opts.host_speed = -1;
    else if ((rc = parse_size(val, &rt_opts.host_speed)) == 0 && !(rt_opts.host_speed > 0 && rt_opts.host_speed < 1e300)) {
      snprintf(err, errlen, "--cfg=smpi/host-speed:%s: the flop/s a second of computation is worth must be above 0 "
               "(0 would make every computation free)", val);
      return -1;
    }
  } else if (!strcmp(key, "smpi/simulate-computation"))
    rc = parse_bool(val, &rt_opts.simulate_computation);
  else if (!strcmp(key, "smpi/cpu-threshold")) {
    rc = parse_size(val, &rt_opts.cpu_threshold);
  } else if (!strcmp(key, "smpi/send-is-detached-thresh"))
    rc = parse_size(val, &rt_opts.detached_thresh);
  else if (!strcmp(key, "smpi/test") || !strcmp(key, "smpi/iprobe")) {
    double *pause = key[5] == 't' ? &rt_opts.test_sleep : &rt_opts.iprobe_sleep;
    if ((rc = parse_size(val, pause)) == 0 && !(*pause > 0)) {
      /* SMPI takes 0 and then hangs: a polling loop never lets the clock move, nor a message in flight arrive */
      snprintf(err, errlen, "--cfg=%s:%s: the pause must be above 0, or a loop of %s would never let simulated time "
               "advance (try a small one, such as 1e-7)", key, val, key[5] == 't' ? "MPI_Test" : "MPI_Iprobe");
      return -1;
    }
  }
  else if (!strcmp(key, "smpi/wtime"))
    rc = parse_size(val, &rt_opts.wtime_sleep);
  else if (!strcmp(key, "smpi/grow-injected-times"))
    rc = parse_bool(val, &rt_opts.grow_injected);
  else if (!strcmp(key, "smpi/shared-malloc")) {
    if (!strcmp(val, "no") || !strcmp(val, "0"))
      rt_opts.shared_malloc = SHARED_NO;
    else if (!strcmp(val, "local"))
      rt_opts.shared_malloc = SHARED_LOCAL;
    else if (!strcmp(val, "global") || !strcmp(val, "yes") || !strcmp(val, "1"))
      rt_opts.shared_malloc = SHARED_GLOBAL;
    else
      rc = -1;
  } else if (!strcmp(key, "smpi/shared-malloc-blocksize"))
    rc = parse_size(val, &rt_opts.shared_block);
  else if (!strcmp(key, "smpi/display-timing"))
    rc = parse_bool(val, &rt_opts.display_timing);
  else if (!strcmp(key, "smpi/os") || !strcmp(key, "smpi/or") || !strcmp(key, "smpi/ois")) {
    if (!valid_piecewise(val)) {
      snprintf(err, errlen, "bad value '%s' for --cfg=%s: expected SIZE:OFFSET:FACTOR segments separated by ';' "
               "(non-negative numbers: bytes, seconds, seconds per byte)", val, key);
      return -1;
    }
    *(key[6] == 's' ? &rt_opts.os : key[7] == 's' ? &rt_opts.ois : &rt_opts.or_) = strdup(val);
  } else if (!strcmp(key, "contexts/stack-size") || !strcmp(key, "contexts/guard-size")) {
    int stack = key[9] == 's';
    if (!integer_at_least(val, stack ? 16 : 0)) {
      snprintf(err, errlen, "bad value '%s' for --cfg=%s: expected %s", val, key,
               stack ? "a number of KiB, at least 16 (a rank needs that much stack to start)"
                     : "a number of pages, 0 or more");
      return -1;
    }
    return 0; /* SimGrid's */
  }
  else if (!strcmp(key, "smpi/privatization") || !strcmp(key, "smpi/privatize-global-variables")) {
    if (!strcmp(val, "dlopen") || !strcmp(val, "mmap") || !strcmp(val, "copy"))
      rt_opts.privatize = 1;
    else
      rc = parse_bool(val, &rt_opts.privatize);
  } else if (!strcmp(key, "io/data"))
    rc = parse_bool(val, &rt_opts.io_data);
  else if (!strcmp(key, "io/storage")) {
    if (!strcmp(val, "pfs"))
      rt_opts.io_storage = RT_IO_PFS;
    else if (!strcmp(val, "local"))
      rt_opts.io_storage = RT_IO_LOCAL;
    else
      rc = -1;
  } else if (!strcmp(key, "io/servers")) {
    double d = 0;
    rc = parse_size(val, &d);
    if (!rc && (d < 1 || d > 100000 || d != (int)d))
      rc = -1;
    rt_opts.io_servers = (int)d;
  } else if (!strcmp(key, "io/disk-read-bw") || !strcmp(key, "io/disk-write-bw")) {
    double *bw = key[8] == 'r' ? &rt_opts.io_read_bw : &rt_opts.io_write_bw;
    rc = parse_size(val, bw);
    if (!rc && !(*bw > 0))
      rc = -1;
  } else if (!strcmp(key, "io/stripe-size")) {
    rc = parse_size(val, &rt_opts.io_stripe_size);
    if (!rc && !(rt_opts.io_stripe_size >= 1))
      rc = -1;
  } else if (!strcmp(key, "io/stripe-count")) {
    double d = 0;
    rc = parse_size(val, &d);
    if (!rc && (d != (int)d || d > 100000))
      rc = -1;
    rt_opts.io_stripe_count = (int)d;
  } else if ((rc = coll_set_option(key, val, err, errlen)) < 0)
    return -1; /* err lists the valid values */
  else if (rc > 0)
    rc = 0;
  else
    return 0;
  if (rc) {
    snprintf(err, errlen, "bad value '%s' for --cfg=%s", val, key);
    return -1;
  }
  return 1;
}

/* Splits SIMPI_CFG ("key:value" lines) into ours and SimGrid's. */
static int parse_cfg(char *err, size_t errlen)
{
  const char *cfg = getenv("SIMPI_CFG");
  if (!cfg)
    return 0;
  char *copy = strdup(cfg);
  size_t cap = strlen(cfg) + 1, used = 0;
  char *rest = calloc(cap, 1);
  for (char *tok = strtok(copy, "\n"); tok; tok = strtok(NULL, "\n")) {
    char *colon = strchr(tok, ':');
    if (!colon) {
      snprintf(err, errlen, "--cfg=%s: expected KEY:VALUE", tok);
      return -1;
    }
    *colon = 0;
    int r = smpi_key(tok, colon + 1, err, errlen);
    if (r < 0)
      return -1;
    if (r == 0) {
      *colon = ':';
      used += (size_t)snprintf(rest + used, cap - used, "%s\n", tok);
    }
  }
  setenv("SIMPI_SIMGRID_CFG", rest, 1);
  free(copy);
  free(rest);
  return 0;
}

/* A time limit from the environment variable var (option: how the user gave it). */
static int seconds(const char *var, const char *option, double *out, char *err, size_t errlen)
{
  const char *v = getenv(var);
  if (!v || !*v)
    return 0;
  char *end;
  double s = strtod(v, &end);
  if (*end || !(s > 0) || s > 1e15) {
    snprintf(err, errlen, "%s=%s: expected a positive number of seconds", option, v);
    return -1;
  }
  *out = s;
  return 0;
}

int rt_parse_options(char *err, size_t errlen)
{
  rt_opts = (rt_opts_t){.np = 1, .privatize = 1, .host_speed = 1e9, .simulate_computation = 1,
                        .cpu_threshold = 1e-6, .detached_thresh = 65536, .test_sleep = 1e-4,
                        .iprobe_sleep = 1e-4, .grow_injected = 1, .wtime_sleep = 1e-8, .quiet = 1,
                        .shared_malloc = SHARED_GLOBAL, .shared_block = 1 << 20, .io_data = 1,
                        .io_servers = 4, .io_read_bw = 2e9, .io_write_bw = 1e9, .io_stripe_size = 1 << 20};
  const char *v;
  if ((v = getenv("SIMPI_NP"))) {
    char *end;
    double n = strtod(v, &end); /* 1e8 as well as 100000000; the memory check says what fits */
    if (*end || end == v || !(n >= 1) || n != (double)(long)n) {
      snprintf(err, errlen, "invalid number of ranks '%s' (-np must be a positive integer)", v);
      return -1;
    }
    if (n > 2147483647.0) {
      snprintf(err, errlen, "-np %s: simpi runs at most 2147483647 ranks", v);
      return -1;
    }
    rt_opts.np = (int)n;
    rt_opts.quiet = 0;
  }
  if ((v = getenv("SIMPI_PLATFORM")) && *v)
    rt_opts.platform = v;
  if ((v = getenv("SIMPI_HOSTFILE")) && *v)
    rt_opts.hostfile = v;
  rt_opts.map = (v = getenv("SIMPI_MAP")) && *v == '1';
  if ((v = getenv("SIMPI_QUIET")))
    rt_opts.quiet = *v == '1';
  rt_opts.stats = (v = getenv("SIMPI_STATS")) && *v == '1';
  if ((v = getenv("SIMPI_STATS_JSON")) && *v) {
    rt_opts.stats_json = v;
    rt_opts.stats = 1;
  }
  if ((v = getenv("SIMPI_TIMELINE")) && *v)
    rt_opts.timeline = v;
  if ((v = getenv("SIMPI_PAJE")) && *v)
    rt_opts.paje = v;
  if ((v = getenv("SIMPI_TRACE_TI")) && *v)
    rt_opts.trace = v;
  if ((v = getenv("SIMPI_OTF2")) && *v)
    rt_opts.otf2 = v;
  rt_opts.trace_compat = (v = getenv("SIMPI_TRACE_COMPAT")) && *v == '1';
  if ((v = getenv("SIMPI_REPLAY")) && *v)
    rt_opts.replay = v;
  if ((v = getenv("SIMPI_PRIVATIZE")))
    rt_opts.privatize = *v != '0';
  if (seconds("SIMPI_TIMEOUT", "--timeout", &rt_opts.timeout, err, errlen) ||
      seconds("SIMPI_TIME_LIMIT", "--time-limit", &rt_opts.time_limit, err, errlen))
    return -1;
  if (parse_cfg(err, errlen))
    return -1;
  if (rt_opts.host_speed < 0)
    rt_opts.host_speed = rt_measure_host_speed();
  return 0;
}

double rt_piecewise(const char *spec, double bytes)
{
  /* "size:offset:factor;size:offset:factor": the last segment whose size <= bytes applies */
  if (!spec)
    return 0;
  double cost = 0;
  const char *p = spec;
  while (*p) {
    double size, off, fac;
    int n;
    if (sscanf(p, "%lf:%lf:%lf%n", &size, &off, &fac, &n) != 3)
      break;
    if (bytes >= size)
      cost = off + fac * bytes;
    p += n;
    while (*p == ';' || *p == ' ')
      p++;
  }
  return cost;
}
