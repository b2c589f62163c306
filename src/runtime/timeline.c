/* --timeline=PATH: every MPI call and every computation burst of every rank
 * as a span over simulated time, each call with its source line and the
 * messages it sent and received, each message as an arrow from its send to
 * the completion of its receive. PATH.json is the Chrome trace-event format
 * (chrome://tracing, Perfetto); PATH.html is one self-contained page, the
 * viewer of timeline.html with the events embedded as JSON. Both are written
 * as the run goes (spans as they end), so memory does not grow with the run. */
#define _GNU_SOURCE
#include "runtime.h"
#include "../kernel/kernel.h"
#include <stdarg.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

/* An interned string (call name or source line): its JSON text and, for the
 * HTML page, its index in the page's table. */
typedef struct str {
  const void *key; /* the call site (lines) or the name's text (names) */
  char *json;      /* JSON-escaped, '<' escaped too (the page embeds it in a script) */
  int index;
  UT_hash_handle hh;
} str_t;

/* The messages of the call a rank is in: peers are world ranks, -1 none,
 * -2 several. */
typedef struct call_msgs {
  int to, from;
  double sent, recvd;
} call_msgs_t;

static FILE *out;
static int html;
static const char *html_tail; /* the template after the data */
static str_t *sites, *names;
static int nsites, nnames;
static call_msgs_t *calls;
static long events, records;

char *rt_json_escape(const char *s)
{
  char *o = malloc(6 * strlen(s) + 1), *p = o;
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      *p++ = '\\';
    if (*s == '<')
      p += sprintf(p, "\\u003c");
    else
      *p++ = (unsigned char)*s < 0x20 ? ' ' : *s;
  }
  *p = 0;
  return o;
}

static str_t *site_of(void *pc)
{
  str_t *s;
  HASH_FIND_PTR(sites, &pc, s);
  if (!s) {
    char loc[600];
    rt_srcloc(pc, loc, sizeof loc);
    s = calloc(1, sizeof *s);
    s->key = pc;
    s->json = rt_json_escape(loc);
    s->index = nsites++;
    HASH_ADD_PTR(sites, key, s);
  }
  return s;
}

/* Call names are string constants of the MPI layer, but look them up by text all the same. */
static str_t *name_of(const char *name)
{
  str_t *s;
  HASH_FIND_STR(names, name, s);
  if (!s) {
    s = calloc(1, sizeof *s);
    s->json = rt_json_escape(name);
    s->key = s->json;
    s->index = nnames++;
    HASH_ADD_KEYPTR(hh, names, s->json, strlen(s->json), s);
  }
  return s;
}

/* Microseconds, to the nanosecond, without trailing zeros (HTML: the data is most of the file). */
static const char *us(double seconds, char *buf)
{
  int n = sprintf(buf, "%.3f", seconds * 1e6);
  while (buf[n - 1] == '0')
    buf[--n] = 0;
  if (buf[n - 1] == '.')
    buf[n - 1] = 0;
  if (!strcmp(buf, "-0"))
    strcpy(buf, "0");
  return buf;
}

/* A record of the page's flat event array, comma-separated from the previous one. */
static void record(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void record(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  if (records++)
    fputc(',', out);
  vfprintf(out, fmt, ap);
  va_end(ap);
  fputc('\n', out);
}

int rt_timeline_open(char *err, size_t errlen)
{
  const char *path = rt_opts.timeline;
  size_t n = strlen(path);
  html = n >= 5 && !strcmp(path + n - 5, ".html");
  if (!html && (n < 5 || strcmp(path + n - 5, ".json"))) {
    snprintf(err, errlen,
             "--timeline=%s: give a name ending in .json (Chrome trace-event format) or .html (a page to open "
             "in a browser)",
             path);
    return -1;
  }
  if (!(out = fopen(path, "w"))) {
    snprintf(err, errlen, "--timeline=%s: cannot write: %m", path);
    return -1;
  }
  calls = calloc((size_t)rt_nranks, sizeof *calls);
  for (int i = 0; i < rt_nranks; i++)
    calls[i] = (call_msgs_t){-1, -1, 0, 0};
  if (html) {
    const char *mark = strstr(rt_timeline_html, "@DATA@");
    fwrite(rt_timeline_html, 1, (size_t)(mark - rt_timeline_html), out);
    html_tail = mark + strlen("@DATA@");
    fprintf(out, "{\"events\":[\n");
    return 0;
  }
  fputs("{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n", out);
  for (int i = 0; i < rt_nranks; i++)
    fprintf(out, "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":0,\"tid\":%d,\"args\":{\"name\":\"rank %d\"}},\n", i, i);
  return 0;
}

/* Writes one span; a call's messages are taken (and reset) with it. */
static void span(int rank, const char *name, double t0, double t1, void *pc, int blocked)
{
  char a[64], b[64];
  call_msgs_t m = {-1, -1, 0, 0};
  if (pc) {
    m = calls[rank];
    calls[rank] = (call_msgs_t){-1, -1, 0, 0};
  }
  if (html) {
    if (!pc)
      record("0,%d,%s,%s", rank, us(t0, a), us(t1 - t0, b));
    else
      record("%d,%d,%s,%s,%d,%d,%d,%.0f,%d,%.0f", blocked ? 2 : 1, rank, us(t0, a), us(t1 - t0, b),
             name_of(name)->index, site_of(pc)->index, m.to, m.sent, m.from, m.recvd);
    events++;
    return;
  }
  fprintf(out, "{\"name\":\"%s\",\"cat\":\"%s\",\"ph\":\"X\",\"pid\":0,\"tid\":%d,\"ts\":%.3f,\"dur\":%.3f", name,
          pc ? "mpi" : "compute", rank, t0 * 1e6, (t1 - t0) * 1e6);
  if (pc) {
    fprintf(out, ",\"args\":{\"line\":\"%s\"", site_of(pc)->json);
    if (m.to != -1)
      fprintf(out, ",\"to\":%d,\"sent\":%.0f", m.to, m.sent);
    if (m.from != -1)
      fprintf(out, ",\"from\":%d,\"received\":%.0f", m.from, m.recvd);
    fputs(blocked ? ",\"blocked\":true}" : "}", out);
  }
  fputs("},\n", out);
  events++;
}

void rt_timeline_span(int rank, const char *name, double t0, double t1, void *pc)
{
  if (out)
    span(rank, name, t0, t1, pc, 0);
}

static void add_peer(int *peer, int rank) { *peer = *peer == -1 || *peer == rank ? rank : -2; }

/* One numbering of messages for both the timeline's arrows and the Paje trace's links. */
long rt_message_id(void)
{
  static long messages;
  return rt_opts.timeline || rt_opts.paje ? ++messages : 0;
}

void rt_timeline_flow_start(long flow, int sender, int receiver, double bytes)
{
  if (!out)
    return;
  /* a message sent by a nonblocking collective's helper counts for the rank's call in progress (or its next) */
  add_peer(&calls[sender].to, receiver);
  calls[sender].sent += bytes;
  char t[64];
  if (html)
    record("3,%ld,%d,%s", flow, sender, us(kern_now(), t));
  else
    fprintf(out, "{\"name\":\"message\",\"cat\":\"msg\",\"ph\":\"s\",\"id\":%ld,\"pid\":0,\"tid\":%d,\"ts\":%.3f},\n",
            flow, sender, kern_now() * 1e6);
}

void rt_timeline_flow_end(int receiver, long flow, int sender, double bytes)
{
  if (!out)
    return;
  add_peer(&calls[receiver].from, sender);
  calls[receiver].recvd += bytes;
  char t[64];
  if (html)
    record("4,%ld,%d,%s", flow, receiver, us(kern_now(), t));
  else
    fprintf(out,
            "{\"name\":\"message\",\"cat\":\"msg\",\"ph\":\"f\",\"bp\":\"e\",\"id\":%ld,\"pid\":0,\"tid\":%d,"
            "\"ts\":%.3f},\n",
            flow, receiver, kern_now() * 1e6);
}

/* The page's string tables, in index order. */
static void table(const char *key, str_t *h, int n)
{
  const char **v = calloc((size_t)n + 1, sizeof *v);
  str_t *s, *tmp;
  HASH_ITER(hh, h, s, tmp)
  v[s->index] = s->json;
  fprintf(out, ",\n\"%s\":[", key);
  for (int i = 0; i < n; i++)
    fprintf(out, "%s\"%s\"", i ? "," : "", v[i]);
  fputc(']', out);
  free(v);
}

void rt_timeline_close(int deadlock)
{
  if (!out)
    return;
  /* at a deadlock every rank still running is blocked in a call: up to now */
  for (int i = 0; deadlock && i < rt_nranks; i++) {
    rt_rank_t *r = &rt_ranks[i];
    if (r->state == RT_RUNNING && r->call)
      span(i, r->call, r->mpi_t0, kern_now(), r->call_pc, 1);
  }
  if (html) {
    char t[64];
    fprintf(out, "],\n\"ranks\":%d,\n\"end\":%s", rt_nranks, us(kern_now(), t));
    table("names", names, nnames);
    table("lines", sites, nsites);
    fputc('}', out);
    fputs(html_tail, out);
  } else {
    /* a last metadata event: JSON has no trailing comma */
    fprintf(out,
            "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":0,\"args\":{\"name\":\"simpi, %d ranks, %ld spans\"}}\n]}\n",
            rt_nranks, events);
  }
  int failed = ferror(out);
  if (fclose(out) || failed)
    rt_output_failed("timeline", rt_opts.timeline, errno);
  out = NULL;
}
