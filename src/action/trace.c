/* Time-independent trace writer. Each rank's lines go to a buffer that is
 * appended to its file when full and at the end, so that thousands of ranks
 * never hold thousands of open files. The index lists the files, one per
 * rank, as smpirun -trace-ti writes it (PATH_files/..._rank-K.txt, K from 1,
 * relative to the directory the run started in when PATH is). */
#include "trace.h"
#include "../runtime/runtime.h"
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int trace_on;

typedef struct rank_buf {
  char *data;
  size_t len;
  int started; /* file created */
} rank_buf_t;

#define BUF_SIZE (64 * 1024)
static rank_buf_t *bufs;
static int nbufs;
static char *dir;

static void file_name(int rank, char *out, size_t len) { snprintf(out, len, "%s/simpi_rank-%d.txt", dir, rank + 1); }

static void flush_rank(int rank)
{
  rank_buf_t *b = &bufs[rank];
  if (!b->len && b->started)
    return;
  char name[4096];
  file_name(rank, name, sizeof name);
  FILE *f = fopen(name, b->started ? "a" : "w");
  if (!f)
    rt_fatal(1, "cannot write the trace file '%s': %s", name, strerror(errno));
  fwrite(b->data, 1, b->len, f);
  fclose(f);
  b->started = 1;
  b->len = 0;
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
  FILE *idx = fopen(path, "w");
  if (!idx) {
    snprintf(err, errlen, "cannot write the trace index '%s': %s", path, strerror(errno));
    return -1;
  }
  /* as smpirun writes them: the path given, so relative to where it ran */
  for (int i = 0; i < nranks; i++)
    fprintf(idx, "%s/simpi_rank-%d.txt\n", dir, i + 1);
  fclose(idx);
  bufs = calloc((size_t)nranks, sizeof *bufs);
  nbufs = nranks;
  trace_on = 1;
  return 0;
}

void trace_line(int rank, const char *fmt, ...)
{
  rank_buf_t *b = &bufs[rank];
  if (!b->data)
    b->data = malloc(BUF_SIZE);
  if (b->len > BUF_SIZE - 512)
    flush_rank(rank);
  va_list ap;
  va_start(ap, fmt);
  int n = snprintf(b->data + b->len, BUF_SIZE - b->len, "%d ", rank);
  n += vsnprintf(b->data + b->len + n, BUF_SIZE - b->len - (size_t)n, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
  b->data[b->len++] = '\n';
}

void trace_close(void)
{
  if (!trace_on)
    return;
  for (int i = 0; i < nbufs; i++)
    flush_rank(i);
  trace_on = 0;
}

/* SMPI 3.32's datatype ids, as its -trace-ti writes them, by simpi's basic index. */
static const int smpi_ids[SIMPI_NUM_BASIC_TYPES] = {
    [1] = 2,   [2] = 8,   [3] = 9,   [4] = 6,   [5] = 15,  [6] = 3,   [7] = 10,  [8] = 1,   [9] = 11,  [10] = 4,
    [11] = 12, [12] = 7,  [13] = 13, [14] = 5,  [15] = 0,  [16] = 14, [17] = 17, [18] = 18, [19] = 19, [20] = 20,
    [21] = 21, [22] = 22, [23] = 23, [24] = 24, [25] = 16, [26] = 25, [27] = 26, [28] = 27, [29] = 28, [30] = 29,
    [31] = 59, [32] = 57, [33] = 30, [34] = 32, [35] = 31, [36] = 34, [37] = 33, [38] = 50};

int trace_type(const dt_t *t, long count, long *out_count)
{
  for (int i = 1; i < SIMPI_NUM_BASIC_TYPES; i++)
    if (t == dt_get(SIMPI_T(i))) {
      *out_count = count;
      return smpi_ids[i];
    }
  *out_count = count * (long)t->size;
  return smpi_ids[4]; /* MPI_BYTE */
}

MPI_Datatype simpi_trace_datatype(int id)
{
  for (int i = 1; i < SIMPI_NUM_BASIC_TYPES; i++)
    if (smpi_ids[i] == id)
      return SIMPI_T(i);
  return MPI_DATATYPE_NULL;
}

void simpi_trace_position(const char *file, long line)
{
  if (!rt_self)
    return;
  /* a copy: the report may come after the rank's stack is gone */
  if (!rt_self->trace_file || strcmp(rt_self->trace_file, file)) {
    free((char *)rt_self->trace_file);
    rt_self->trace_file = strdup(file);
  }
  rt_self->trace_line = line;
}
