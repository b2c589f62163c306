/* --timeline=PATH.json: every MPI call and every computation burst of every
 * rank as a span over simulated time, in the Chrome trace-event format
 * (chrome://tracing, Perfetto): one thread per rank, times in microseconds,
 * each call with its source line, each message as an arrow (a flow event
 * from the send to the completion of its receive). Spans are written as they end, so memory
 * does not grow with the run. */
#define _GNU_SOURCE
#include "runtime.h"
#include "../kernel/kernel.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

typedef struct site {
  void *pc;
  char *loc; /* JSON-escaped source line */
  UT_hash_handle hh;
} site_t;

static FILE *out;
static site_t *sites;
static long events;

int rt_timeline_open(char *err, size_t errlen)
{
  const char *path = rt_opts.timeline;
  size_t n = strlen(path);
  if (n < 5 || strcmp(path + n - 5, ".json")) {
    snprintf(err, errlen, "--timeline=%s: the timeline is written as Chrome JSON: give a name ending in .json", path);
    return -1;
  }
  if (!(out = fopen(path, "w"))) {
    snprintf(err, errlen, "--timeline=%s: cannot write: %m", path);
    return -1;
  }
  fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n", out);
  for (int i = 0; i < rt_nranks; i++)
    fprintf(out, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":%d,\"args\":{\"name\":\"rank %d\"}},\n", i, i);
  return 0;
}

static const char *where(void *pc)
{
  site_t *s;
  HASH_FIND_PTR(sites, &pc, s);
  if (!s) {
    char loc[600];
    rt_srcloc(pc, loc, sizeof loc);
    s = calloc(1, sizeof *s);
    s->pc = pc;
    s->loc = malloc(2 * strlen(loc) + 1);
    char *o = s->loc;
    for (const char *p = loc; *p; p++) {
      if (*p == '"' || *p == '\\')
        *o++ = '\\';
      *o++ = (unsigned char)*p < 0x20 ? ' ' : *p;
    }
    *o = 0;
    HASH_ADD_PTR(sites, pc, s);
  }
  return s->loc;
}

void rt_timeline_span(int rank, const char *name, double t0, double t1, void *pc)
{
  if (!out)
    return;
  fprintf(out, "{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":0,\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f", name,
          pc ? "mpi" : "compute", rank, t0 * 1e6, (t1 - t0) * 1e6);
  if (pc)
    fprintf(out, ",\"args\":{\"line\":\"%s\"}", where(pc));
  fputs("},\n", out);
  events++;
}

long rt_timeline_flow_start(int sender)
{
  static long flows;
  if (!out)
    return 0;
  fprintf(out, "{\"name\":\"message\",\"cat\":\"msg\",\"ph\":\"s\",\"id\":%ld,\"pid\":0,\"tid\":%d,\"ts\":%.3f},\n",
          ++flows, sender, kern_now() * 1e6);
  return flows;
}

void rt_timeline_flow_end(int receiver, long flow)
{
  if (out)
    fprintf(out,
            "{\"name\":\"message\",\"cat\":\"msg\",\"ph\":\"f\",\"bp\":\"e\",\"id\":%ld,\"pid\":0,\"tid\":%d,"
            "\"ts\":%.3f},\n",
            flow, receiver, kern_now() * 1e6);
}

void rt_timeline_close(int deadlock)
{
  if (!out)
    return;
  /* at a deadlock every rank still running is blocked in a call: up to now */
  for (int i = 0; deadlock && i < rt_nranks; i++) {
    rt_rank_t *r = &rt_ranks[i];
    if (r->state == RT_RUNNING && r->call)
      fprintf(out,
              "{\"name\":\"%s\",\"cat\":\"mpi\",\"ph\":\"X\",\"pid\":0,\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f,"
              "\"args\":{\"line\":\"%s\",\"blocked\":true}},\n",
              r->call, i, r->mpi_t0 * 1e6, (kern_now() - r->mpi_t0) * 1e6, where(r->call_pc));
  }
  /* a last metadata event: JSON has no trailing comma */
  fprintf(out, "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":0,\"args\":{\"name\":\"simpi, %d ranks, %ld spans\"}}\n]}\n",
          rt_nranks, events);
  fclose(out);
  out = NULL;
}
