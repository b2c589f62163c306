/* The first pass over an input trace: its index, the communicators its
 * comm_split lines make (every member of one writes the same color, its
 * context), the Cartesian topology rank 0 was part of, and which ranks each
 * rank names in its point-to-point lines. From these: the grid of every
 * input, and each comm_split line as a slice of that grid (a row, a column,
 * a plane, the whole grid), which is what carries over to another size. */
#include "extrap.h"
#include "../action/ti_reader.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <uthash.h>

typedef struct member {
  long rank, key, line;
  int j; /* the rank's j-th comm_split line */
} member_t;
typedef struct group {
  long color;
  member_t *m;
  long n, cap;
  UT_hash_handle hh;
} group_t;

typedef struct cart { /* a comm_cart line of rank 0, with the color of its communicator */
  long color;
  int nd, dims[EX_MAXD], periods[EX_MAXD];
} cart_t;

typedef struct scan { /* an input's, between the passes */
  group_t *groups;
  cart_t *carts;
  int ncarts;
} scan_t;

const char *input_where(const input_t *in, long rank, long line)
{
  static char buf[2][4600];
  static int k;
  k ^= 1;
  if (line > 0)
    snprintf(buf[k], sizeof buf[k], "%s (%ld ranks), rank %ld, line %ld of %s", in->path, in->n, rank, line,
             in->files[rank]);
  else
    snprintf(buf[k], sizeof buf[k], "%s (%ld ranks), rank %ld", in->path, in->n, rank);
  return buf[k];
}

const char *input_line(const input_t *in, long rank, long line)
{
  static char buf[2][512];
  static int k;
  char *b = buf[k ^= 1];
  ti_reader_t rd;
  snprintf(b, sizeof buf[0], "?");
  if (ti_open(&rd, in->files[rank]))
    return b;
  while (ti_next(&rd) && rd.lineno < line)
    ;
  size_t n = 0;
  for (int i = 0; rd.lineno == line && i < rd.ntok && n < sizeof buf[0]; i++)
    n += (size_t)snprintf(b + n, sizeof buf[0] - n, "%s%s", i ? " " : "", rd.tok[i]);
  ti_close(&rd);
  return b;
}

void input_open(input_t *in, const char *path)
{
  memset(in, 0, sizeof *in);
  in->path = path;
  FILE *f = fopen(path, "r");
  if (!f)
    ex_fail("cannot open the trace index %s", path);
  char name[4096];
  long cap = 0;
  const char *slash = strrchr(path, '/');
  while (fgets(name, sizeof name, f)) {
    name[strcspn(name, "\r\n")] = 0;
    if (!*name)
      continue;
    if (in->n == cap) {
      cap = cap ? 2 * cap : 64;
      in->files = ex_grow(in->files, sizeof *in->files * (size_t)cap);
    }
    char full[8400];
    /* as simpi-replay: relative to the current directory, else to the index's */
    if (name[0] == '/' || !slash || access(name, R_OK) == 0)
      snprintf(full, sizeof full, "%s", name);
    else
      snprintf(full, sizeof full, "%.*s/%s", (int)(slash - path), path, name);
    in->files[in->n++] = ex_strdup(full);
  }
  fclose(f);
  if (!in->n)
    ex_fail("%s lists no trace file", path);
}

static long num(const input_t *in, long rank, const ti_reader_t *rd, int i)
{
  long v;
  if (i >= rd->ntok || ti_long(rd->tok[i], &v))
    ex_fail("%s: expected a number in '%s' line", input_where(in, rank, rd->lineno), rd->tok[1]);
  return v;
}

static void add_peer(input_t *in, long rank, long peer, long line)
{
  if (peer < 0 || peer == rank)
    return;
  if (peer >= in->n)
    ex_fail("%s: rank %ld does not exist", input_where(in, rank, line), peer);
  peer_t *p = in->peers[rank];
  int n = in->npeers[rank];
  for (int i = 0; i < n; i++)
    if (p[i].rank == peer)
      return;
  if ((n & (n - 1)) == 0) /* 0, 1, 2, 4, ...: full */
    in->peers[rank] = p = ex_grow(p, sizeof *p * (size_t)(n ? 2 * n : 1));
  p[n] = (peer_t){peer, line};
  in->npeers[rank] = n + 1;
}

static int p2p_action(int a)
{
  return a == TI_SEND || a == TI_ISEND || a == TI_SSEND || a == TI_ISSEND || a == TI_BSEND || a == TI_IBSEND ||
         a == TI_RECV || a == TI_IRECV;
}

void input_scan(input_t *in)
{
  group_t *groups = NULL;
  cart_t *carts = NULL;
  int ncarts = 0;
  in->peers = ex_alloc(sizeof *in->peers * (size_t)in->n);
  in->npeers = ex_alloc(sizeof *in->npeers * (size_t)in->n);
  in->nmasks = ex_alloc(sizeof *in->nmasks * (size_t)in->n);
  in->masks = ex_alloc(sizeof *in->masks * (size_t)in->n);
  for (long r = 0; r < in->n; r++) {
    ti_reader_t rd;
    if (ti_open(&rd, in->files[r]))
      ex_fail("cannot open %s (rank %ld of %s)", in->files[r], r, in->path);
    long idcolor[64]; /* rank 0: the color of the communicators it made, by id */
    for (int i = 0; i < 64; i++)
      idcolor[i] = -1;
    while (ti_next(&rd)) {
      if (rd.ntok < 2)
        ex_fail("%s: expected '<rank> <action> ...'", input_where(in, r, rd.lineno));
      int a = ti_action(rd.tok[1], strlen(rd.tok[1]));
      if (a == TI_COMM_SPLIT) {
        long color = num(in, r, &rd, 3), key = num(in, r, &rd, 4), id = num(in, r, &rd, 5);
        int j = in->nmasks[r]++;
        if ((j & (j - 1)) == 0)
          in->masks[r] = ex_grow(in->masks[r], sizeof(int) * (size_t)(j ? 2 * j : 1));
        in->masks[r][j] = -1;
        if (r == 0 && id >= 0 && id < 64)
          idcolor[id] = color;
        if (color < 0)
          continue;
        group_t *g;
        HASH_FIND(hh, groups, &color, sizeof color, g);
        if (!g) {
          g = ex_alloc(sizeof *g);
          g->color = color;
          HASH_ADD(hh, groups, color, sizeof color, g);
        }
        if (g->n == g->cap) {
          g->cap = g->cap ? 2 * g->cap : 8;
          g->m = ex_grow(g->m, sizeof *g->m * (size_t)g->cap);
        }
        g->m[g->n++] = (member_t){r, key, rd.lineno, j};
      } else if (a == TI_COMM_CART && r == 0) {
        long id = num(in, r, &rd, 2), nd = num(in, r, &rd, 3);
        if (nd < 1 || nd > EX_MAXD || id < 0 || id >= 64)
          continue;
        cart_t c = {idcolor[id], (int)nd, {0}, {0}};
        for (int i = 0; i < nd; i++) {
          c.dims[i] = (int)num(in, r, &rd, 4 + i);
          c.periods[i] = num(in, r, &rd, 4 + (int)nd + i) != 0;
        }
        carts = ex_grow(carts, sizeof *carts * (size_t)(ncarts + 1));
        carts[ncarts++] = c;
      } else if (p2p_action(a)) {
        add_peer(in, r, num(in, r, &rd, 2), rd.lineno);
        for (int i = 6; i < rd.ntok; i++)
          if (!strncmp(rd.tok[i], "src=", 4))
            add_peer(in, r, atol(rd.tok[i] + 4), rd.lineno);
      } else if (a == TI_SENDRECV) {
        add_peer(in, r, num(in, r, &rd, 3), rd.lineno);
        add_peer(in, r, num(in, r, &rd, 5), rd.lineno);
      }
    }
    ti_close(&rd);
  }
  scan_t *sc = ex_alloc(sizeof *sc);
  *sc = (scan_t){groups, carts, ncarts};
  in->scan = sc;
}

/* The grid of a comm_cart line of rank 0 whose communicator is every rank
 * in world order, if there is one. */
static int cart_grid(const input_t *in, grid_t *g)
{
  const scan_t *sc = in->scan;
  for (int c = 0; c < sc->ncarts; c++) {
    const cart_t *ct = &sc->carts[c];
    group_t *grp;
    HASH_FIND(hh, sc->groups, &ct->color, sizeof ct->color, grp);
    long prod = 1;
    for (int i = 0; i < ct->nd; i++)
      prod *= ct->dims[i];
    if (!grp || grp->n != in->n || prod != in->n)
      continue;
    int ordered = 1;
    for (long i = 0; i < grp->n; i++)
      ordered &= grp->m[i].key == grp->m[i].rank;
    if (!ordered)
      continue;
    *g = (grid_t){.nd = ct->nd, .how = "comm_cart lines"};
    memcpy(g->dims, ct->dims, sizeof g->dims);
    memcpy(g->periods, ct->periods, sizeof g->periods);
    return 1;
  }
  return 0;
}

void inputs_grid(input_t *ins, int k)
{
  int nd = 1, carts = 0;
  for (int i = 0; i < k; i++)
    if (cart_grid(&ins[i], &ins[i].g)) {
      carts++;
      if (ins[i].g.nd > nd)
        nd = ins[i].g.nd;
    }
  for (int i = 0; carts && carts < k && i < k; i++)
    if (!cart_grid(&ins[i], &ins[i].g))
      ex_fail("%s has no Cartesian communicator of all its ranks (comm_cart lines) while other inputs have one: "
              "the inputs must come from the same program", ins[i].path);
  for (int pass = 0; !carts && pass < 2; pass++) /* the most dimensions any input needs, then all on that many */
    for (int i = 0; i < k; i++) {
      input_t *in = &ins[i];
      int *np = in->npeers;
      int **pr = ex_alloc(sizeof *pr * (size_t)in->n);
      for (long r = 0; r < in->n; r++) {
        pr[r] = ex_alloc(sizeof(int) * (size_t)(np[r] + 1));
        for (int j = 0; j < np[r]; j++)
          pr[r][j] = (int)in->peers[r][j].rank;
      }
      int ok = grid_infer(in->n, nd, pr, np, &in->g);
      for (long r = 0; r < in->n; r++)
        free(pr[r]);
      free(pr);
      if (!ok || in->g.nd != nd) {
        if (!ok && nd == 1)
          ex_fail("%s: no 1D, 2D or 3D Cartesian grid of %ld ranks makes every peer of every rank a near "
                  "neighbour (no comm_cart line either): simextrap extrapolates stencil and mesh codes only",
                  in->path, in->n);
        if (!ok)
          ex_fail("%s: its ranks fit no %dD grid, which the other inputs need", in->path, nd);
      }
      if (in->g.nd > nd)
        nd = in->g.nd;
    }
  for (int i = 0; i < k; i++) {
    input_t *in = &ins[i];
    if (in->g.nd != ins[0].g.nd)
      ex_fail("%s has a %dD grid and %s a %dD one", ins[0].path, ins[0].g.nd, in->path, in->g.nd);
    for (int d = 0; d < in->g.nd; d++)
      if (in->g.periods[d] != ins[0].g.periods[d] && carts)
        ex_fail("dimension %d of the grid is periodic in %s and not in %s", d, ins[0].path, in->path);
    in->sc = (scale_t){.n = (double)in->n, .nd = in->g.nd};
    for (int d = 0; d < in->g.nd; d++)
      in->sc.d[d] = in->g.dims[d];
  }
  if (!carts) /* a wrap seen at one size holds at all */
    for (int d = 0; d < ins[0].g.nd; d++) {
      int p = 0;
      for (int i = 0; i < k; i++)
        p |= ins[i].g.periods[d];
      for (int i = 0; i < k; i++)
        ins[i].g.periods[d] = p;
    }
}

void inputs_reach(input_t *ins, int k, int reach[EX_MAXD])
{
  for (int d = 0; d < EX_MAXD; d++)
    reach[d] = 1;
  for (int i = 0; i < k; i++) {
    input_t *in = &ins[i];
    for (long r = 0; r < in->n; r++)
      for (int j = 0; j < in->npeers[r]; j++) {
        int off[EX_MAXD];
        grid_offset(&in->g, r, in->peers[r][j].rank, off);
        for (int d = 0; d < in->g.nd; d++) {
          if (abs(off[d]) > EX_REACH)
            ex_fail("%s: rank %ld is %d ranks away along dimension %d of the %s grid: simextrap extrapolates "
                    "exchanges between near neighbours only (at most %d apart)",
                    input_where(in, r, in->peers[r][j].line), in->peers[r][j].rank, abs(off[d]), d,
                    grid_text(&in->g), EX_REACH);
          if (abs(off[d]) > reach[d])
            reach[d] = abs(off[d]);
        }
      }
  }
}


/* Row-major index of rank's coordinates along the dimensions of mask. */
static long slice_index(const grid_t *g, long rank, int mask)
{
  int c[EX_MAXD];
  grid_coords(g, rank, c);
  long x = 0;
  for (int i = 0; i < g->nd; i++)
    if (mask >> i & 1)
      x = x * g->dims[i] + c[i];
  return x;
}

void input_slices(input_t *in)
{
  scan_t *sc = in->scan;
  group_t *grp, *tmp;
  HASH_ITER(hh, sc->groups, grp, tmp) {
    int c0[EX_MAXD], c[EX_MAXD], mask = 0;
    grid_coords(&in->g, grp->m[0].rank, c0);
    for (long i = 1; i < grp->n; i++) {
      grid_coords(&in->g, grp->m[i].rank, c);
      for (int d = 0; d < in->g.nd; d++)
        if (c[d] != c0[d])
          mask |= 1 << d;
    }
    const member_t *m = &grp->m[0];
    if (grp->n != grid_slice_size(&in->g, mask))
      ex_fail("%s: the communicator this comm_split line makes (%ld ranks) is not a row, column or plane of the %s "
              "grid, nor all of it: simextrap carries only those to other sizes",
              input_where(in, m->rank, m->line), grp->n, grid_text(&in->g));
    for (long i = 0; i < grp->n; i++) {
      m = &grp->m[i];
      if (m->key != slice_index(&in->g, m->rank, mask))
        ex_fail("%s: this comm_split line gives the rank position %ld in its communicator, not %ld, its place in "
                "the grid's order: simextrap carries only communicators in grid order to other sizes",
                input_where(in, m->rank, m->line), m->key, slice_index(&in->g, m->rank, mask));
      in->masks[m->rank][m->j] = mask;
    }
  }
}
