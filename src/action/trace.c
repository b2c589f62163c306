/* Time-independent trace writer. Each rank's lines go to a buffer that is
 * appended to its file when full and at the end, so that thousands of ranks
 * never hold thousands of open files. The index lists the files, one per
 * rank, as smpirun -trace-ti writes it (PATH_files/..._rank-K.txt, K from 1,
 * relative to the directory the run started in when PATH is). The files are
 * opened relative to the folder, held open from the start, so that a
 * program's chdir changes nothing; a file that cannot be written is said
 * once (the run's status is then non-zero) and the trace is written no more. */
#include "trace.h"
#include "action.h"
#include "otf2_out.h"
#include "../runtime/runtime.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

int trace_on;

typedef struct rank_buf {
  char *data;
  size_t len, cap;
  long long flushed; /* bytes already in the file: data[0] is at this offset */
  struct hold {
    long long id, at; /* at: offset of a line that may still be patched */
  } *holds;           /* oldest first */
  long long next_hold;
  int nholds, hcap;
  int started; /* file created */
  double sleep; /* simulated time spent reading the clock, written before the next line */
} rank_buf_t;

#define BUF_SIZE (64 * 1024)
/* A held line keeps what follows it in memory, up to this much per rank;
 * beyond, the holds are dropped (those lines stay unpatched). */
#define HOLD_MAX (16 * 1024 * 1024)
static rank_buf_t *bufs;
static int nbufs;
static char *dir;
static int dir_fd = -1; /* the folder, open since the start */
static int write_failed; /* a file could not be written: the trace is lost, nothing more is written */

static int write_all(int fd, const char *p, size_t n)
{
  while (n > 0) {
    ssize_t k = write(fd, p, n);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0)
      return -1;
    p += k;
    n -= (size_t)k;
  }
  return 0;
}

/* Appends the first n bytes of the rank's buffer to its file. */
static void flush_bytes(int rank, size_t n)
{
  rank_buf_t *b = &bufs[rank];
  if (!n && b->started)
    return;
  if (!write_failed && dir_fd >= 0) { /* else the bytes are dropped (or only the OTF2 archive is written) */
    char name[64];
    snprintf(name, sizeof name, "simpi_rank-%d.txt", rank + 1);
    int fd = openat(dir_fd, name, O_WRONLY | O_CREAT | O_CLOEXEC | (b->started ? O_APPEND : O_TRUNC), 0644);
    int ok = fd >= 0 && !write_all(fd, b->data, n);
    int err = errno;
    if ((fd >= 0 && close(fd)) || !ok) {
      char full[4200];
      snprintf(full, sizeof full, "%s/%s", dir, name);
      write_failed = 1;
      rt_output_failed("trace file", full, ok ? errno : err);
    }
  }
  b->started = 1;
  memmove(b->data, b->data + n, b->len - n);
  b->len -= n;
  b->flushed += (long long)n;
}

static void flush_rank(int rank)
{
  bufs[rank].nholds = 0;
  flush_bytes(rank, bufs[rank].len);
}

/* Room for one more line: flush what precedes the oldest held line, else grow. */
static void make_room(int rank)
{
  rank_buf_t *b = &bufs[rank];
  if (!b->data) {
    b->cap = BUF_SIZE;
    b->data = malloc(b->cap);
  }
  if (b->len + 512 <= b->cap)
    return;
  if (!b->nholds) {
    flush_rank(rank);
    return;
  }
  size_t keep_from = (size_t)(b->holds[0].at - b->flushed);
  if (keep_from > 0)
    flush_bytes(rank, keep_from);
  if (b->len + 512 > b->cap) {
    if (b->cap >= HOLD_MAX) {
      flush_rank(rank);
      return;
    }
    b->cap *= 2;
    b->data = realloc(b->data, b->cap);
  }
}

int trace_open(const char *path, int nranks, char *err, size_t errlen)
{
  size_t n = strlen(path) + 8;
  dir = malloc(n);
  snprintf(dir, n, "%s_files", path);
  if (mkdir(dir, 0755) && errno != EEXIST) {
    snprintf(err, errlen, "cannot create the trace directory '%s': %s", dir, strerror(errno));
    return -1;
  }
  if ((dir_fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) {
    snprintf(err, errlen, "cannot open the trace directory '%s': %s", dir, strerror(errno));
    return -1;
  }
  FILE *idx = fopen(path, "w");
  if (!idx) {
    snprintf(err, errlen, "cannot write the trace index '%s': %s", path, strerror(errno));
    return -1;
  }
  /* as smpirun writes them: the path given, so relative to where it ran */
  for (int i = 0; i < nranks; i++)
    fprintf(idx, "%s/simpi_rank-%d.txt\n", dir, i + 1);
  int failed = ferror(idx);
  if (fclose(idx) || failed) {
    snprintf(err, errlen, "cannot write the trace index '%s': %s", path, strerror(errno));
    return -1;
  }
  bufs = calloc((size_t)nranks, sizeof *bufs);
  nbufs = nranks;
  trace_on = 1;
  return 0;
}

int trace_open_lines(int nranks)
{
  bufs = calloc((size_t)nranks, sizeof *bufs);
  nbufs = nranks;
  trace_on = 1;
  return 0;
}

/* The line just written at b->data[start..] goes to the OTF2 archive too. */
static void to_otf2(int rank, size_t start)
{
  if (!otw_on)
    return;
  rank_buf_t *b = &bufs[rank];
  const char *p = memchr(b->data + start, ' ', b->len - start);
  if (p)
    otw_line(rank, p + 1, (size_t)(b->data + b->len - 1 - (p + 1)));
}

void trace_sleep_later(int rank, double seconds) { bufs[rank].sleep += seconds; }

/* The clock reads since the last line, as one sleep line. */
static void write_sleep(int rank)
{
  rank_buf_t *b = &bufs[rank];
  if (b->sleep > 0) {
    double s = b->sleep;
    b->sleep = 0;
    trace_line(rank, "sleep %.9g", s);
  }
}

void trace_line(int rank, const char *fmt, ...)
{
  write_sleep(rank);
  make_room(rank);
  rank_buf_t *b = &bufs[rank];
  size_t start = b->len;
  va_list ap;
  va_start(ap, fmt);
  size_t room = b->cap - b->len;
  int n = snprintf(b->data + b->len, room, "%d ", rank);
  n += vsnprintf(b->data + b->len + n, room - (size_t)n, fmt, ap);
  va_end(ap);
  if ((size_t)n >= room) { /* a long line (v-collectives on many ranks): again with room for it */
    b->cap += (size_t)n + 512;
    b->data = realloc(b->data, b->cap);
    va_start(ap, fmt);
    n = snprintf(b->data + b->len, b->cap - b->len, "%d ", rank);
    n += vsnprintf(b->data + b->len + n, b->cap - b->len - (size_t)n, fmt, ap);
    va_end(ap);
  }
  b->len += (size_t)n;
  b->data[b->len++] = '\n';
  to_otf2(rank, start);
}

/* Digits of v at p; returns the end. */
static char *put_long(char *p, long v)
{
  char tmp[24];
  int n = 0;
  unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;
  do
    tmp[n++] = (char)('0' + u % 10);
  while (u /= 10);
  if (v < 0)
    *p++ = '-';
  while (n)
    *p++ = tmp[--n];
  return p;
}

void trace_ints(int rank, const char *word, int n, const long *v, const char *suffix)
{
  size_t wl = strlen(word), sl = suffix ? strlen(suffix) : 0;
  if (wl + sl + 24 * (size_t)(n + 1) > 480) { /* not a short line: the general path */
    char *line = NULL;
    size_t len;
    FILE *f = open_memstream(&line, &len);
    fputs(word, f);
    for (int i = 0; i < n; i++)
      fprintf(f, " %ld", v[i]);
    if (suffix)
      fputs(suffix, f);
    fclose(f);
    trace_line(rank, "%s", line);
    free(line);
    return;
  }
  write_sleep(rank);
  make_room(rank);
  rank_buf_t *b = &bufs[rank];
  size_t start = b->len;
  char *p = put_long(b->data + b->len, rank);
  *p++ = ' ';
  memcpy(p, word, wl);
  p += wl;
  for (int i = 0; i < n; i++) {
    *p++ = ' ';
    p = put_long(p, v[i]);
  }
  if (sl) {
    memcpy(p, suffix, sl);
    p += sl;
  }
  *p++ = '\n';
  b->len = (size_t)(p - b->data);
  to_otf2(rank, start);
}

long long trace_hold_last(int rank)
{
  rank_buf_t *b = &bufs[rank];
  if (!b->len)
    return -1;
  size_t start = b->len - 1;
  while (start > 0 && b->data[start - 1] != '\n')
    start--;
  if (b->nholds == b->hcap) {
    b->hcap = b->hcap ? 2 * b->hcap : 4;
    b->holds = realloc(b->holds, sizeof *b->holds * (size_t)b->hcap);
  }
  b->holds[b->nholds++] = (struct hold){++b->next_hold, b->flushed + (long long)start};
  return b->next_hold;
}

void trace_patch(int rank, long long mark, const char *text, int replace)
{
  rank_buf_t *b = &bufs[rank];
  int i = 0;
  while (i < b->nholds && b->holds[i].id != mark)
    i++;
  if (i == b->nholds) /* flushed meanwhile: the line stays as it is */
    return;
  long long at = b->holds[i].at;
  memmove(b->holds + i, b->holds + i + 1, sizeof *b->holds * (size_t)(b->nholds - i - 1));
  b->nholds--;
  if (!text)
    return;
  size_t n = strlen(text);
  if (b->len + n + 512 > b->cap) {
    b->cap += n + 512;
    b->data = realloc(b->data, b->cap);
  }
  char *line = b->data + (at - b->flushed), *eol = memchr(line, '\n', b->len - (size_t)(at - b->flushed));
  char *from = replace ? memchr(line, ' ', (size_t)(eol - line)) + 1 : eol; /* after "<rank> " */
  long delta = (long)n - (long)(eol - from);
  memmove(from + n, eol, (size_t)(b->data + b->len - eol));
  memcpy(from, text, n);
  b->len = (size_t)((long)b->len + delta);
  for (int k = i; k < b->nholds; k++) /* the later held lines moved */
    b->holds[k].at += delta;
}

void trace_close_stopped(const char *why)
{
  if (!trace_on)
    return;
  for (int i = 0; i < nbufs; i++) {
    if (rt_ranks[i].state == RT_ENDED)
      continue;
    write_sleep(i);
    make_room(i);
    rank_buf_t *b = &bufs[i];
    int n = snprintf(b->data + b->len, b->cap - b->len, "# stopped: %s\n", why);
    if (n > 0 && (size_t)n < b->cap - b->len)
      b->len += (size_t)n;
  }
  trace_close();
}

void trace_close(void)
{
  if (!trace_on)
    return;
  for (int i = 0; i < nbufs; i++)
    flush_rank(i);
  trace_on = 0;
  otw_close();
}

/* SMPI 3.32's datatype ids, as its -trace-ti writes them, by simpi's basic index. */
static const int smpi_ids[SIMPI_NUM_BASIC_TYPES] = {
    [1] = 2,   [2] = 8,   [3] = 9,   [4] = 6,   [5] = 15,  [6] = 3,   [7] = 10,  [8] = 1,   [9] = 11,  [10] = 4,
    [11] = 12, [12] = 7,  [13] = 13, [14] = 5,  [15] = 0,  [16] = 14, [17] = 17, [18] = 18, [19] = 19, [20] = 20,
    [21] = 21, [22] = 22, [23] = 23, [24] = 24, [25] = 16, [26] = 25, [27] = 26, [28] = 27, [29] = 28, [30] = 29,
    [31] = 59, [32] = 57, [33] = 30, [34] = 32, [35] = 31, [36] = 34, [37] = 33, [38] = 50,
    [39] = -1, [40] = -1, [41] = -1, [42] = -1, /* none in SMPI: written as bytes */
    [59] = -1, [60] = -1 /* the others (Fortran's and C++'s) are written as their C twins (dt_twin) */};

int trace_type(const dt_t *t, long count, long *out_count)
{
  if (!t->derived && t->id > 0 && t->id < SIMPI_NUM_BASIC_TYPES && smpi_ids[dt_twin(t->id)] >= 0) { /* predefined */
    *out_count = count;
    return smpi_ids[dt_twin(t->id)];
  }
  *out_count = count * (long)t->size;
  return smpi_ids[4]; /* MPI_BYTE */
}

MPI_Datatype simpi_trace_datatype(int id)
{
  for (int i = 1; i < SIMPI_NUM_BASIC_TYPES; i++)
    if (dt_twin(i) == i && smpi_ids[i] == id)
      return SIMPI_T(i);
  return MPI_DATATYPE_NULL;
}

void simpi_trace_position(const char *file, long line)
{
  if (!rt_self)
    return;
  /* a copy: the report may come after the rank's stack is gone; NULL: the same file (no
   * string to compare per line, issue 27) */
  if (file && (!rt_self->trace_file || strcmp(rt_self->trace_file, file))) {
    free((char *)rt_self->trace_file);
    rt_self->trace_file = strdup(file);
  }
  rt_self->trace_line = line;
}

void simpi_trace_sleep(double seconds) { act_sleep(seconds); }

void simpi_trace_fail(const char *msg) { rt_fatal(1, "%s", msg); }

void simpi_trace_wildcard(int any)
{
  if (rt_self)
    rt_self->trace_wild = any;
}

void simpi_trace_window(int disp_unit, int flavor)
{
  if (rt_self) {
    rt_self->trace_win_unit = disp_unit;
    rt_self->trace_win_flavor = flavor;
  }
}

void simpi_trace_region(int region)
{
  if (rt_self)
    rt_self->trace_region = region + 1;
}

double simpi_trace_host_speed(void) { return rt_opts.host_speed; }

/* Records of an OTF2 trace that its replay skipped: kinds in the order first met. */
static struct skipped {
  char *kind;
  long n;
} *skips;
static int nskips;

void simpi_trace_skipped(const char *kind, long n)
{
  int i = 0;
  while (i < nskips && strcmp(skips[i].kind, kind))
    i++;
  if (i == nskips) {
    skips = realloc(skips, sizeof *skips * (size_t)(nskips + 1));
    skips[nskips++] = (struct skipped){strdup(kind), 0};
  }
  skips[i].n += n;
}

void trace_report_skipped(void)
{
  for (int i = 0; i < nskips; i++)
    fprintf(stderr, "simpi: skipped from the OTF2 trace: %ld %s\n", skips[i].n, skips[i].kind);
}
