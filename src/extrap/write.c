/* Writes the trace at the target size: an index and one file per rank, as
 * simrun --trace-ti does, each rank's events being its class's with the
 * values the laws give at the target, peers put back as ranks of the target
 * grid, and communicator colors, keys and sizes those of its slices. */
#include "extrap.h"
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct out {
  FILE *f;
  const grid_t *g;
  long rank;
  int c[EX_MAXD];
} out_t;

/* Row-major index of the coordinates along the dimensions in (or out of) mask. */
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

static void emit(const out_t *o, const mnode_t *x)
{
  FILE *f = o->f;
  const sym_t *s = syms[x->sym];
  if (x->val[NV_COMPUTE] >= 0.5)
    fprintf(f, "%ld compute %.0f\n", o->rank, x->val[NV_COMPUTE]);
  if (x->val[NV_SLEEP] > 0)
    fprintf(f, "%ld sleep %.9g\n", o->rank, x->val[NV_SLEEP]);
  if (!s->action)
    return; /* the end of the trace */
  fprintf(f, "%ld %s", o->rank, s->action);
  for (int i = 0; i < s->nf; i++) {
    const field_t *fd = &s->f[i];
    long n = grid_slice_size(o->g, fd->mask);
    switch (fd->kind) {
    case F_LIT: fprintf(f, " %s", fd->lit); break;
    case F_PEER: fprintf(f, " %s%ld", fd->lit, peer_rank(o, fd->off)); break;
    case F_NUM:
      if (s->integral[fd->num])
        fprintf(f, " %.0f", x->val[fd->num]);
      else
        fprintf(f, " %.9g", x->val[fd->num]);
      break;
    case F_ROOT: fprintf(f, " %ld", fd->num >= 0 ? fd->num : n - 1 - (-1 - fd->num)); break;
    case F_VEC:
      for (long j = 0; j < n; j++)
        fprintf(f, " %.0f", x->val[fd->num]);
      break;
    case F_SUM: fprintf(f, " %.0f", (double)n * x->val[s->f[i + 1].num]); break;
    case F_COLOR: fprintf(f, " %ld", index_in(o, ~fd->mask)); break;
    case F_KEY: fprintf(f, " %ld", index_in(o, fd->mask)); break;
    case F_CART:
      if (fd->num)
        fprintf(f, " %ld", n);
      else
        for (int d = 0; d < o->g->nd; d++)
          if (fd->mask >> d & 1)
            fprintf(f, " %d", o->g->dims[d]);
      break;
    }
  }
  fputc('\n', f);
}

static void walk(const out_t *o, mnode_t *const *v, int n)
{
  for (int i = 0; i < n; i++) {
    const mnode_t *x = v[i];
    if (x->sym >= 0)
      emit(o, x);
    else
      for (long k = 0; k < x->count; k++)
        walk(o, x->body, x->n);
  }
}

long write_trace(const char *path, const grid_t *g)
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
  const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  for (long r = 0; r < n; r++) /* relative to the index's directory, which simpi-replay looks in */
    fprintf(idx, "%s_files/simpi_rank-%ld.txt\n", base, r + 1);
  if (fclose(idx))
    ex_fail("cannot write %s: %s", path, strerror(errno));
  static char buf[1 << 20];
  for (long r = 0; r < n; r++) {
    snprintf(name, len + 32, "%s/simpi_rank-%ld.txt", dir, r + 1);
    out_t o = {fopen(name, "w"), g, r, {0}};
    if (!o.f)
      ex_fail("cannot write %s: %s", name, strerror(errno));
    setvbuf(o.f, buf, _IOFBF, sizeof buf);
    grid_coords(g, r, o.c);
    const mclass_t *c = &classes[model_class(g, r)];
    walk(&o, c->model, c->nmodel);
    if (fclose(o.f))
      ex_fail("cannot write %s: %s", name, strerror(errno));
  }
  free(dir);
  free(name);
  return n;
}
