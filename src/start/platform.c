/* Platform and placement: loads the user's platform file or the embedded
 * default cluster (one host per rank, and storage servers), places ranks on
 * hosts: the hostfile's lines in order, or the platform's hosts but its
 * storage servers round-robin; then sets up the MPI-IO storage model. */
#define _GNU_SOURCE
#include "start.h"
#include "../kernel/kernel.h"
#include "../p2p/p2p.h"
#include "../io/io.h"
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The embedded default platform; documented in README and simrun --help: the
 * cluster, and a parallel file system of io/servers storage servers (oss-K,
 * each with one disk ost-K) behind a router on the cluster's backbone. The
 * backbone grows with the cluster beyond 64 hosts (100 Gbit/s per 64 hosts,
 * platforms/cluster.xml's ratio of host links to backbone): one 100 Gbit/s
 * switch for 4,096 hosts made every large run congestion-bound, in simulated
 * time and in the simulator's (bench/RESULTS.md, the weak-scaling halo). */
#define DEFAULT_CLUSTER                                                                                                \
  "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n"                          \
  "<platform version=\"4.1\">\n<zone id=\"simpi-world\" routing=\"Full\">\n"                                          \
  "  <cluster id=\"simpi\" prefix=\"node-\" suffix=\"\" radical=\"0-%d\" speed=\"1Gf\" core=\"16\"\n"                           \
  "           bw=\"10Gbps\" lat=\"10us\" bb_bw=\"%.17gGbps\" bb_lat=\"1us\"\n"                                         \
  "           loopback_bw=\"100Gbps\" loopback_lat=\"0.1us\" router_id=\"simpi-router\"/>\n"                         \
  "  <zone id=\"simpi-storage\" routing=\"Full\">\n"
#define DEFAULT_SERVER                                                                                                 \
  "    <host id=\"oss-%d\" speed=\"1Gf\"><prop id=\"simpi/storage\" value=\"server\"/>\n"                             \
  "      <disk id=\"ost-%d\" read_bw=\"%.17gBps\" write_bw=\"%.17gBps\"/></host>\n"
#define DEFAULT_SERVER_LINK "    <link id=\"oss-%d-link\" bandwidth=\"25Gbps\" latency=\"10us\"/>\n"
#define DEFAULT_SERVER_ROUTE                                                                                           \
  "    <route src=\"oss-%d\" dst=\"simpi-storage-router\"><link_ctn id=\"oss-%d-link\"/></route>\n"
#define DEFAULT_END                                                                                                    \
  "  </zone>\n  <link id=\"simpi-storage-uplink\" bandwidth=\"100Gbps\" latency=\"1us\"/>\n"                          \
  "  <zoneRoute src=\"simpi\" dst=\"simpi-storage\" gw_src=\"simpi-router\" gw_dst=\"simpi-storage-router\">\n"       \
  "    <link_ctn id=\"simpi-storage-uplink\"/></zoneRoute>\n</zone>\n</platform>\n"

static int load_default(char *err, size_t errlen)
{
  int fd = memfd_create("simpi-platform.xml", 0);
  FILE *f = fd < 0 ? NULL : fdopen(fd, "w+");
  if (!f) {
    snprintf(err, errlen, "cannot create the default platform in memory");
    return -1;
  }
  fprintf(f, DEFAULT_CLUSTER, rt_opts.np - 1, rt_opts.np > 64 ? 100.0 * rt_opts.np / 64 : 100.0);
  for (int i = 0; i < rt_opts.io_servers; i++)
    fprintf(f, DEFAULT_SERVER, i, i, rt_opts.io_read_bw, rt_opts.io_write_bw);
  fputs("    <router id=\"simpi-storage-router\"/>\n", f);
  for (int i = 0; i < rt_opts.io_servers; i++)
    fprintf(f, DEFAULT_SERVER_LINK, i);
  for (int i = 0; i < rt_opts.io_servers; i++)
    fprintf(f, DEFAULT_SERVER_ROUTE, i, i);
  fputs(DEFAULT_END, f);
  fflush(f);
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  int rc = kern_load_platform(path, err, errlen);
  fclose(f);
  return rc;
}

/* The values SimGrid would take and then fail on, deep inside a run ("The Impossible Did
 * Happen") or silently (a negative latency): speeds and bandwidths must be above 0, latencies
 * 0 or more, core counts 1 or more. Units do not change a value's sign; lists (a host's
 * pstates) are checked value by value. */
static const struct {
  const char *attr;
  int positive; /* 1: above 0; 0: 0 or more */
  const char *what;
} checked[] = {{"speed", 1, "a speed"},           {"bandwidth", 1, "a bandwidth"},
               {"bw", 1, "a bandwidth"},          {"bb_bw", 1, "a backbone bandwidth"},
               {"loopback_bw", 1, "a loopback bandwidth"}, {"limiter_link", 1, "a limiter bandwidth"},
               {"core", 1, "a core count"},       {"latency", 0, "a latency"},
               {"lat", 0, "a latency"},           {"bb_lat", 0, "a backbone latency"},
               {"loopback_lat", 0, "a loopback latency"}};

static int bad_value(const char *v, int positive)
{
  for (const char *p = v;;) {
    char *end;
    double x = strtod(p, &end);
    if (end == p || x != x || (positive ? !(x > 0) : x < 0))
      return 1;
    p = strchr(end, ',');
    if (!p)
      return 0;
    p++;
  }
}

static int check_platform_values(const char *path, const char *text, char *err, size_t errlen)
{
  int line = 1;
  for (const char *p = text; *p; p++) {
    if (*p == '\n')
      line++;
    if (*p != '<' || !isalpha((unsigned char)p[1]))
      continue;
    const char *tag = p + 1, *end = strchr(p, '>');
    if (!end)
      break;
    size_t taglen = strcspn(tag, " \t\r\n/>");
    for (const char *a = tag + taglen; a < end; a++) {
      if (!isalpha((unsigned char)*a) || isalnum((unsigned char)a[-1]) || a[-1] == '_')
        continue;
      size_t alen = strcspn(a, "= \t\r\n");
      const char *eq = a + alen;
      while (eq < end && isspace((unsigned char)*eq))
        eq++;
      if (eq >= end || *eq != '=')
        continue;
      const char *q = eq + 1;
      while (q < end && isspace((unsigned char)*q))
        q++;
      if (q >= end || (*q != '"' && *q != '\''))
        continue;
      const char *vend = strchr(q + 1, *q);
      if (!vend || vend > end)
        break;
      for (size_t i = 0; i < sizeof checked / sizeof *checked; i++) {
        if (strlen(checked[i].attr) != alen || strncmp(a, checked[i].attr, alen))
          continue;
        char val[128];
        snprintf(val, sizeof val, "%.*s", (int)(vend - q - 1), q + 1);
        if (bad_value(val, checked[i].positive)) {
          const char *id = strstr(tag, " id=");
          char idbuf[160] = "";
          if (id && id < end)
            snprintf(idbuf, sizeof idbuf, " %.*s", (int)strcspn(id + 1, " \t\r\n/>"), id + 1);
          int at = line; /* the attribute's own line */
          for (const char *c = p; c < a; c++)
            at += *c == '\n';
          snprintf(err, errlen, "platform file '%s' line %d: <%.*s%s>: %s=\"%s\" is not %s %s", path, at,
                   (int)taglen, tag, idbuf, checked[i].attr, val, checked[i].what,
                   checked[i].positive ? "above 0" : "of 0 or more");
          return -1;
        }
      }
      a = vend;
    }
  }
  return 0;
}

static int check_platform_file(const char *path, char *err, size_t errlen)
{
  FILE *f = fopen(path, "r");
  if (!f) {
    snprintf(err, errlen, "cannot open platform file '%s': %m", path);
    return -1;
  }
  char head[512] = {0};
  size_t n = fread(head, 1, sizeof head - 1, f);
  fclose(f);
  head[n] = 0;
  if (!strstr(head, "<platform") && !strstr(head, "<?xml")) {
    snprintf(err, errlen, "platform file '%s' is not a SimGrid XML platform (no <platform> element)", path);
    return -1;
  }
  f = fopen(path, "r");
  char *text = NULL;
  size_t cap = 0;
  ssize_t got = f ? getdelim(&text, &cap, '\0', f) : -1;
  if (f)
    fclose(f);
  int rc = got > 0 ? check_platform_values(path, text, err, errlen) : 0;
  free(text);
  return rc;
}

static int host_order(const void *a, const void *b)
{
  return strverscmp(kern_host_name(*(const size_t *)a), kern_host_name(*(const size_t *)b));
}

static int place_from_hostfile(char *err, size_t errlen)
{
  FILE *f = fopen(rt_opts.hostfile, "r");
  if (!f) {
    snprintf(err, errlen, "cannot open hostfile '%s': %m", rt_opts.hostfile);
    return -1;
  }
  char line[512];
  int next = 0, lineno = 0;
  while (fgets(line, sizeof line, f)) { /* every line is checked, even past the slots needed */
    lineno++;
    char *s = line;
    while (isspace((unsigned char)*s))
      s++;
    char *e = s + strcspn(s, "#\r\n");
    while (e > s && isspace((unsigned char)e[-1]))
      e--;
    *e = 0;
    if (!*s)
      continue;
    long slots = 1;
    char *colon = strchr(s, ':');
    if (colon) {
      *colon = 0;
      char *end;
      slots = strtol(colon + 1, &end, 10);
      if (*end || slots <= 0 || slots > 10000000) {
        snprintf(err, errlen, "hostfile '%s' line %d: bad slot count '%s'", rt_opts.hostfile, lineno, colon + 1);
        fclose(f);
        return -1;
      }
    }
    int h = kern_host_index(s);
    if (h < 0) {
      snprintf(err, errlen, "hostfile '%s' line %d: the platform has no host '%s'", rt_opts.hostfile, lineno, s);
      fclose(f);
      return -1;
    }
    for (long k = 0; k < slots && next < rt_opts.np; k++)
      rt_ranks[next++].host = (size_t)h;
  }
  fclose(f);
  if (next < rt_opts.np) {
    snprintf(err, errlen, "hostfile '%s' lists %d host slot%s but -np is %d", rt_opts.hostfile, next,
             next == 1 ? "" : "s", rt_opts.np);
    return -1;
  }
  return 0;
}

/* Every host a rank runs on must reach rank 0's host and be reached from it
 * (SimGrid would stop at the first message with a backtrace). One check per
 * host in use, not per pair: a platform connected through rank 0's host
 * but not elsewhere is left to SimGrid. */
static int check_routes(char *err, size_t errlen)
{
  size_t h0 = rt_ranks[0].host;
  unsigned char *seen = calloc(kern_host_count(), 1);
  int rc = 0;
  for (int i = 1; i < rt_nranks && !rc; i++) {
    size_t h = rt_ranks[i].host;
    if (seen[h] || h == h0)
      continue;
    seen[h] = 1;
    int to = kern_route_exists(h0, h), from = kern_route_exists(h, h0);
    if (!to || !from) {
      snprintf(err, errlen, "the platform%s%s%s has no route from host %s to host %s (ranks %d and %d)",
               rt_opts.platform ? " file '" : "", rt_opts.platform ? rt_opts.platform : "",
               rt_opts.platform ? "'" : "", kern_host_name(to ? h : h0), kern_host_name(to ? h0 : h), to ? i : 0,
               to ? 0 : i);
      rc = -1;
    }
  }
  free(seen);
  return rc;
}

int rt_setup_platform(char *err, size_t errlen)
{
  if (rt_opts.platform) {
    if (check_platform_file(rt_opts.platform, err, errlen))
      return -1;
    if (kern_load_platform(rt_opts.platform, err, errlen))
      return -1;
  } else if (load_default(err, errlen))
    return -1;
  size_t nh = kern_host_count();
  if (nh == 0) {
    snprintf(err, errlen, "the platform%s%s%s defines no host", rt_opts.platform ? " file '" : "",
             rt_opts.platform ? rt_opts.platform : "", rt_opts.platform ? "'" : "");
    return -1;
  }
  rt_nranks = rt_opts.np;
  /* on cache lines of their own (runtime.h) */
  rt_ranks = aligned_alloc(_Alignof(rt_rank_t), (size_t)rt_nranks * sizeof *rt_ranks);
  if (!rt_ranks) {
    snprintf(err, errlen, "out of memory for %d ranks", rt_nranks);
    return -1;
  }
  memset(rt_ranks, 0, (size_t)rt_nranks * sizeof *rt_ranks);
  for (int i = 0; i < rt_nranks; i++) {
    rt_ranks[i].id = i;
    p2p_rank_init(&rt_ranks[i].q);
  }
  if (rt_opts.hostfile) {
    if (place_from_hostfile(err, errlen))
      return -1;
  } else { /* the compute hosts: all but the storage servers */
    size_t *order = malloc(nh * sizeof *order), nc = 0;
    for (size_t i = 0; i < nh; i++) {
      const char *role = kern_host_property(i, "simpi/storage");
      if (!role || strcmp(role, "server"))
        order[nc++] = i;
    }
    if (nc == 0) {
      snprintf(err, errlen, "the platform%s%s%s has only storage servers (simpi/storage=server): no host for ranks",
               rt_opts.platform ? " file '" : "", rt_opts.platform ? rt_opts.platform : "",
               rt_opts.platform ? "'" : "");
      free(order);
      return -1;
    }
    qsort(order, nc, sizeof *order, host_order);
    for (int i = 0; i < rt_nranks; i++)
      rt_ranks[i].host = order[(size_t)i % nc];
    free(order);
  }
  if (rt_opts.map)
    for (int i = 0; i < rt_nranks; i++)
      fprintf(stderr, "[rank %d] -> %s\n", i, kern_host_name(rt_ranks[i].host));
  io_storage_setup();
  return check_routes(err, errlen);
}
