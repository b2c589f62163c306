/* Opening an OTF2 archive for one rank and handing out its lines (see otf2_in.h). */
#define OTR_INTERNAL
#include "otf2_in.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Opens path's archive and reads its definitions into d; the reader, NULL with err. */
static OTF2_Reader *open_archive(const char *path, otr_defs_t *d, char *err, size_t len)
{
  otr_quiet();
  struct stat st;
  if (stat(path, &st) || !S_ISREG(st.st_mode)) {
    snprintf(err, len, "'%s' not found (an OTF2 trace is named by its anchor file, NAME.otf2)", path);
    return NULL;
  }
  OTF2_Reader *rd = OTF2_Reader_Open(path);
  if (!rd) {
    snprintf(err, len, "'%s' is not an OTF2 archive's anchor file (%s)", path, otr_lib_error());
    return NULL;
  }
  OTF2_Reader_SetSerialCollectiveCallbacks(rd);
  if (otr_defs_read(rd, d)) {
    snprintf(err, len, "'%s': %s", path, d->err);
    otr_defs_free(d);
    OTF2_Reader_Close(rd);
    return NULL;
  }
  return rd;
}

int otr_ranks(const char *path, char *err, size_t len)
{
  otr_defs_t d;
  OTF2_Reader *rd = open_archive(path, &d, err, len);
  if (!rd)
    return -1;
  int n = d.nranks;
  otr_defs_free(&d);
  OTF2_Reader_Close(rd);
  return n;
}

otr_t *otr_open(const char *path, int rank, double speed, char *err, size_t len)
{
  otr_t *r = calloc(1, sizeof *r);
  r->rd = open_archive(path, &r->d, err, len);
  if (!r->rd) {
    free(r);
    return NULL;
  }
  if (rank >= r->d.nranks) {
    snprintf(err, len, "'%s' holds the trace of %d ranks: there is no rank %d in it", path, r->d.nranks, rank);
    otr_close(r);
    return NULL;
  }
  r->rank = rank;
  r->speed = speed;
  r->created = r->destroyed = OTF2_UNDEFINED_COMM;
  if (otr_events_open(r)) {
    snprintf(err, len, "'%s': %s", path, r->err);
    otr_close(r);
    return NULL;
  }
  return r;
}

char *otr_next(otr_t *r)
{
  while (r->at == r->used && !r->err[0]) {
    r->at = r->used = 0;
    if (otr_fill(r, 1) || r->len == r->head)
      return NULL;
    otr_ev_t e = r->q[r->head++]; /* a copy: reading ahead may move the queue */
    otr_translate(r, &e);
  }
  if (r->err[0])
    return NULL;
  char *line = r->out + r->at, *nl = memchr(line, '\n', r->used - r->at);
  *nl = 0;
  r->at = (size_t)(nl - r->out) + 1;
  return line;
}

const char *otr_error(const otr_t *r) { return r->err; }
long otr_position(const otr_t *r) { return r->pos; }

void otr_skipped(const otr_t *r, void (*fn)(const char *kind, long n, void *arg), void *arg)
{
  static const char *const kinds[SK_KINDS] = {
      [SK_USER] = "entries into user regions (their time counts as computation)",
      [SK_ACCEL] = "entries into accelerator regions (CUDA, HIP, OpenCL, OpenACC, Kokkos)",
      [SK_OPENMP] = "OpenMP records (their time counts as computation)",
      [SK_THREADS] = "thread records (fork, join, locks, tasks)",
      [SK_IO] = "I/O records (their time counts as computation)",
      [SK_PARAMETER] = "parameter records",
      [SK_SAMPLING] = "calling-context and sampling records",
      [SK_MEASUREMENT] = "measurement records (buffer flushes, measurement on/off)",
      [SK_PROGRAM] = "program begin/end records",
      [SK_UNKNOWN] = "records of kinds unknown to this OTF2 library",
      [SK_SHMEM] = "SHMEM collectives",
      [SK_METRIC] = "metric records other than a flops counter",
      [SK_RECV_UNKNOWN] = "receive requests never completed (their source is unknown: not posted)",
      [SK_NBC_UNKNOWN] = "nonblocking collectives never completed (their arguments are unknown: not started)",
  };
  for (int k = 0; k < SK_KINDS; k++)
    if (r->skipped[k])
      fn(kinds[k], r->skipped[k], arg);
}

void otr_other_locations(const otr_t *r, long *locations, long *events)
{
  *locations = r->d.other_locs;
  *events = r->d.other_events;
}

void otr_close(otr_t *r)
{
  if (!r)
    return;
  if (r->rd)
    OTF2_Reader_Close(r->rd); /* closes its readers too */
  otr_free_requests(r);
  otr_rma_free(r);
  otr_defs_free(&r->d);
  free(r->q);
  free(r->out);
  free(r);
}
