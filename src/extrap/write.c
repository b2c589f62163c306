/* Writes the trace at the target size: an index and one file per rank, as
 * simrun --trace-ti does (gzip-compressed if asked: simpi-replay reads
 * both), each rank's events being its class's with the values the laws
 * give at the target (computation: times the variability of its bursts,
 * bursts.c), peers put back as ranks of the target grid, and communicator
 * colors, keys and sizes those of its slices. */
#include "extrap.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <zlib.h>

#define BUF (1 << 20)
typedef struct out {
  FILE *f;   /* plain, */
  gzFile gz; /* or compressed */
  char *buf;
  size_t len;
  const char *name;
  const grid_t *g;
  long rank, nbcs; /* nonblocking collectives so far */
  int c[EX_MAXD];
  int smooth; /* every burst its typical value: no variability */
  int prev;   /* the last event written */
} out_t;

static void flush(out_t *o)
{
  int bad = o->gz ? gzwrite(o->gz, o->buf, (unsigned)o->len) != (int)o->len : fwrite(o->buf, 1, o->len, o->f) != o->len;
  if (o->len && bad)
    ex_fail("cannot write %s: %s", o->name, strerror(errno));
  o->len = 0;
}

/* " TEXT" */
static void put(out_t *o, const char *s)
{
  size_t n = strlen(s);
  if (o->len + n + 2 > BUF)
    flush(o);
  o->buf[o->len++] = ' ';
  memcpy(o->buf + o->len, s, n);
  o->len += n;
}

/* " V", or "V" at the start of a line */
static void put_long(out_t *o, long v, int space)
{
  char tmp[24];
  int n = 0;
  unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;
  if (o->len + 32 > BUF)
    flush(o);
  do
    tmp[n++] = (char)('0' + u % 10);
  while (u /= 10);
  if (space)
    o->buf[o->len++] = ' ';
  if (v < 0)
    o->buf[o->len++] = '-';
  while (n)
    o->buf[o->len++] = tmp[--n];
}

static void put_value(out_t *o, double v, int integral)
{
  if (integral && fabs(v) < 9e18) {
    put_long(o, (long)llround(v), 1);
    return;
  }
  if (o->len + 40 > BUF)
    flush(o);
  o->len += (size_t)snprintf(o->buf + o->len, 40, " %.9g", v);
}

/* Row-major index of the coordinates along the dimensions in mask. */
static long index_in(const out_t *o, int mask)
{
  long x = 0;
  for (int d = 0; d < o->g->nd; d++)
    if (mask >> d & 1)
      x = x * o->g->dims[d] + o->c[d];
  return x;
}

static long peer_rank(const out_t *o, const signed char off[EX_MAXD])
{
  int c[EX_MAXD];
  for (int d = 0; d < EX_MAXD; d++) {
    c[d] = o->c[d] + (d < o->g->nd ? off[d] : 0);
    if (d >= o->g->nd)
      continue;
    int D = o->g->dims[d];
    if (o->g->periods[d])
      c[d] = ((c[d] % D) + D) % D;
    else if (c[d] < 0 || c[d] >= D)
      ex_fail("internal error: a neighbour of rank %ld falls outside the target grid", o->rank);
  }
  return grid_rank(o->g, c);
}

static void line(out_t *o, const char *word)
{
  put_long(o, o->rank, 0);
  put(o, word);
}

static void emit(out_t *o, mnode_t *x)
{
  const sym_t *s = syms[x->sym];
  mctx_t *c = bursts_context(x, o->prev);
  double flops = c ? c->val : 0;
  if (c && !o->smooth)
    flops *= variab_ratio(&c->var, o->rank, x->id * 64 + (uint64_t)(c - x->ctx), c->written) *
             variab_ratio(&rank_slowdown, o->rank, 0x51f0, B_WARM);
  if (c)
    c->written++;
  o->prev = x->sym;
  if (flops >= 0.5) {
    line(o, "compute");
    put_value(o, flops, 1);
    o->buf[o->len++] = '\n';
  }
  if (x->val[NV_SLEEP] > 0) {
    line(o, "sleep");
    put_value(o, x->val[NV_SLEEP], 0);
    o->buf[o->len++] = '\n';
  }
  if (!s->action)
    return; /* the end of the trace */
  line(o, s->action);
  o->nbcs += s->nbc;
  for (int i = 0; i < s->nf; i++) {
    const field_t *fd = &s->f[i];
    long n = grid_slice_size(o->g, fd->mask);
    switch (fd->kind) {
    case F_LIT: put(o, fd->lit); break;
    case F_PEER:
      if (*fd->lit) {
        put(o, fd->lit); /* "src=" then the rank */
        put_long(o, peer_rank(o, fd->off), 0);
      } else
        put_long(o, peer_rank(o, fd->off), 1);
      break;
    case F_NUM: put_value(o, x->val[fd->num], s->integral[fd->num]); break;
    case F_ROOT: put_long(o, fd->num >= 0 ? fd->num : n - 1 - (-1 - fd->num), 1); break;
    case F_VEC:
      for (long j = 0; j < n; j++)
        put_value(o, x->val[fd->num], 1);
      break;
    case F_SUM: put_value(o, (double)n * x->val[s->f[i + 1].num], 1); break;
    case F_COLOR: put_long(o, index_in(o, ~fd->mask), 1); break;
    case F_KEY: put_long(o, index_in(o, fd->mask), 1); break;
    case F_NBC: put_long(o, -(o->nbcs + fd->num), 1); break;
    case F_CART:
      if (fd->num)
        put_long(o, n, 1);
      else
        for (int d = 0; d < o->g->nd; d++)
          if (fd->mask >> d & 1)
            put_long(o, o->g->dims[d], 1);
      break;
    }
  }
  o->buf[o->len++] = '\n';
}

static void restart(mnode_t *const *v, int n)
{
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < v[i]->nctx; j++)
      v[i]->ctx[j].written = 0;
    restart(v[i]->body, v[i]->n);
  }
}

static void walk(out_t *o, mnode_t *const *v, int n)
{
  for (int i = 0; i < n; i++) {
    mnode_t *x = v[i];
    if (x->sym >= 0)
      emit(o, x);
    else
      for (long k = 0; k < x->count; k++)
        walk(o, x->body, x->n);
  }
}

void write_trace(const char *path, const grid_t *g, int gzip, int smooth)
{
  long n = grid_slice_size(g, (1 << g->nd) - 1);
  size_t len = strlen(path) + 64;
  char *dir = ex_alloc(len), *name = ex_alloc(len + 32);
  snprintf(dir, len, "%s_files", path);
  if (mkdir(dir, 0755) && errno != EEXIST)
    ex_fail("cannot create %s: %s", dir, strerror(errno));
  FILE *idx = fopen(path, "w");
  if (!idx)
    ex_fail("cannot write %s: %s", path, strerror(errno));
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path, *ext = gzip ? ".gz" : "";
  for (long r = 0; r < n; r++) /* relative to the index's directory, which simpi-replay looks in */
    fprintf(idx, "%s_files/simpi_rank-%ld.txt%s\n", base, r + 1, ext);
  if (fclose(idx))
    ex_fail("cannot write %s: %s", path, strerror(errno));
  out_t o = {.buf = ex_alloc(BUF), .name = name, .g = g, .smooth = smooth};
  for (long r = 0; r < n; r++) {
    snprintf(name, len + 32, "%s/simpi_rank-%ld.txt%s", dir, r + 1, ext);
    if (gzip ? !(o.gz = gzopen(name, "wb1")) : !(o.f = fopen(name, "w")))
      ex_fail("cannot write %s: %s", name, strerror(errno));
    o.rank = r;
    o.nbcs = 0;
    grid_coords(g, r, o.c);
    const mclass_t *c = &classes[model_class(g, r)];
    restart(c->model, c->nmodel);
    o.prev = -1;
    walk(&o, c->model, c->nmodel);
    flush(&o);
    if (gzip ? gzclose(o.gz) != Z_OK : fclose(o.f) != 0)
      ex_fail("cannot write %s: %s", name, strerror(errno));
    o.gz = NULL;
    o.f = NULL;
  }
  free(o.buf);
  free(dir);
  free(name);
}
