/* The second pass over an input trace: each line becomes an event made of
 * a symbol (what stays the same across ranks of a class and across sizes:
 * the action, tags, datatypes, communicators, peers as offsets on the grid,
 * roots, communicator slices) and numeric values (counts, flops, and the
 * computation and sleep since the previous event), then goes into its
 * rank's loop tree. compute and sleep lines are not events: they add to the
 * next one's gap. */
#include "extrap.h"
#include "../action/ti_reader.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

sym_t **syms;
int nsyms;

typedef struct interned {
  char *key;
  int id;
  UT_hash_handle hh;
} interned_t;
static interned_t *table;

static void sym_free(sym_t *s)
{
  for (int i = 0; i < s->nf; i++)
    free(s->f[i].lit);
  free(s->f);
  free(s->integral);
  free(s->face);
  free(s->vname);
  free(s->key);
  free(s->action);
  free(s);
}

int sym_intern(sym_t *s)
{
  interned_t *e;
  HASH_FIND_STR(table, s->key, e);
  if (e) {
    sym_free(s);
    return e->id;
  }
  e = ex_alloc(sizeof *e);
  e->key = s->key;
  e->id = nsyms;
  HASH_ADD_KEYPTR(hh, table, e->key, strlen(e->key), e);
  if ((nsyms & (nsyms - 1)) == 0)
    syms = ex_grow(syms, sizeof *syms * (size_t)(nsyms ? 2 * nsyms : 1));
  syms[nsyms] = s;
  return nsyms++;
}

/* One line being turned into a symbol and its values. */
typedef struct line {
  const input_t *in;
  long rank;
  ti_reader_t *rd;
  char **tok;
  int ntok;
  sym_t *s;
  size_t klen, kcap;
  double *vals;
  int cap; /* of f, vals, integral, vname */
  int *comm_mask; /* this rank's communicators by id: their slice (-2: none) */
  int ncomm;
  int nsplit; /* comm_split lines so far */
  int prev;   /* the previous event's symbol (-1: none yet) */
  long nbcs;  /* nonblocking collectives so far */
} line_t;

static void fail_line(line_t *l, const char *what)
{
  ex_fail("%s: %s ('%s' line)", input_where(l->in, l->rank, l->rd->lineno), what, l->tok[1]);
}

static void key(line_t *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void key(line_t *l, const char *fmt, ...)
{
  va_list ap;
  for (;;) {
    va_start(ap, fmt);
    int n = vsnprintf(l->s->key + l->klen, l->kcap - l->klen, fmt, ap);
    va_end(ap);
    if ((size_t)n < l->kcap - l->klen) {
      l->klen += (size_t)n;
      return;
    }
    l->kcap = 2 * l->kcap + (size_t)n;
    l->s->key = ex_grow(l->s->key, l->kcap);
  }
}

static field_t *field(line_t *l, int kind)
{
  sym_t *s = l->s;
  if (s->nf == l->cap || s->nnum == l->cap) {
    l->cap *= 2;
    s->f = ex_grow(s->f, sizeof *s->f * (size_t)l->cap);
    l->vals = ex_grow(l->vals, sizeof *l->vals * (size_t)l->cap);
    s->integral = ex_grow(s->integral, (size_t)l->cap);
    s->face = ex_grow(s->face, (size_t)l->cap);
    s->vname = ex_grow(s->vname, sizeof *s->vname * (size_t)l->cap);
  }
  field_t *f = &s->f[s->nf++];
  memset(f, 0, sizeof *f);
  f->kind = (unsigned char)kind;
  return f;
}

static int value(line_t *l, double v, int integral, const char *name)
{
  int k = l->s->nnum++;
  field(l, F_NUM)->num = k; /* makes room; the caller's field comes next */
  l->s->nf--;
  l->vals[k] = v;
  l->s->integral[k] = (unsigned char)integral;
  l->s->face[k] = -1;
  l->s->vname[k] = name;
  return k;
}

static double real_at(line_t *l, int i, const char *what)
{
  double v;
  if (i >= l->ntok || ti_real(l->tok[i], &v))
    fail_line(l, what);
  return v;
}

static long long_at(line_t *l, int i, const char *what)
{
  long v;
  if (i >= l->ntok || ti_long(l->tok[i], &v))
    fail_line(l, what);
  return v;
}

static void lit(line_t *l, int i)
{
  if (i >= l->ntok)
    return;
  field(l, F_LIT)->lit = ex_strdup(l->tok[i]);
  key(l, " %s", l->tok[i]);
}

static void lits_from(line_t *l, int i)
{
  for (; i < l->ntok; i++)
    lit(l, i);
}

static void num(line_t *l, int i, int integral, const char *name)
{
  if (i >= l->ntok)
    return;
  int k = value(l, real_at(l, i, "expected a number"), integral, name);
  field(l, F_NUM)->num = k;
  key(l, " #");
}

/* The last value read is what goes to or comes from the last peer: if that
 * is a neighbour along one dimension only, the value is a face of it. */
static void face(line_t *l)
{
  const field_t *p = NULL;
  for (int i = l->s->nf - 1; i >= 0 && !p; i--)
    if (l->s->f[i].kind == F_PEER)
      p = &l->s->f[i];
  int d = -1, n = 0;
  for (int i = 0; p && i < l->in->g.nd; i++)
    if (p->off[i])
      d = i, n++;
  if (n == 1 && l->s->nnum > 2)
    l->s->face[l->s->nnum - 1] = (signed char)d;
}

/* A world rank (prefix: "src=" for the extension), as an offset. */
static void peer(line_t *l, const char *prefix, long w)
{
  if (w < 0) { /* MPI_ANY_SOURCE */
    char buf[64];
    snprintf(buf, sizeof buf, "%s%ld", prefix, w);
    field(l, F_LIT)->lit = ex_strdup(buf);
    key(l, " %s", buf);
    return;
  }
  if (w >= l->in->n)
    fail_line(l, "names a rank that does not exist");
  int d[EX_MAXD];
  grid_offset(&l->in->g, l->rank, w, d);
  field_t *f = field(l, F_PEER);
  f->lit = ex_strdup(prefix);
  key(l, " %s@", prefix);
  for (int i = 0; i < l->in->g.nd; i++) {
    f->off[i] = (signed char)d[i];
    key(l, "%s%+d", i ? "," : "", d[i]);
  }
}

static int mask_of(line_t *l, long id)
{
  if (id == -1)
    return 0; /* MPI_COMM_SELF: a slice of no dimension */
  if (id < 0 || id >= l->ncomm || l->comm_mask[id] < 0)
    fail_line(l, "names a communicator no comm_split line made");
  return l->comm_mask[id];
}

static void set_comm(line_t *l, long id, int mask)
{
  if (id < 0)
    return;
  if (id >= l->ncomm) {
    l->comm_mask = ex_grow(l->comm_mask, sizeof(int) * (size_t)(id + 1));
    for (long i = l->ncomm; i <= id; i++)
      l->comm_mask[i] = -2;
    l->ncomm = (int)id + 1;
  }
  l->comm_mask[id] = mask;
}

static void root(line_t *l, int i, int mask)
{
  if (i >= l->ntok)
    return;
  long r = long_at(l, i, "expected a root"), s = grid_slice_size(&l->in->g, mask);
  if (r < 0 || r >= s)
    fail_line(l, "has a root outside its communicator");
  field_t *f = field(l, F_ROOT);
  f->mask = mask;
  f->num = r == s - 1 && r > 0 ? -1 : (int)r; /* the last rank, or rank r */
  key(l, f->num < 0 ? " root=last" : " root=%d", f->num);
}

/* A v-collective's counts (one per member of the communicator) at tok[i]: their mean. */
static int vec(line_t *l, int i, int mask, const char *name)
{
  long s = grid_slice_size(&l->in->g, mask);
  if (i + s > l->ntok)
    fail_line(l, "has fewer counts than its communicator has ranks");
  double sum = 0;
  for (long j = 0; j < s; j++)
    sum += real_at(l, i + (int)j, "expected a count");
  int k = value(l, sum / (double)s, 1, name);
  field_t *f = field(l, F_VEC);
  f->num = k;
  f->mask = mask;
  key(l, " V");
  return i + (int)s;
}

static int sum_vec(line_t *l, int i, int mask, const char *name)
{
  field(l, F_SUM)->mask = mask;
  key(l, " S");
  return vec(l, i + 1, mask, name);
}

/* The arguments of the action at tok[b] (b = 1, or 3 after "coll_init P"). */
static void args(line_t *l, int a, int b, int mask)
{
  int c = a >= TI_IBARRIER && a < TI_IBARRIER + TI_NCOLL ? a - TI_NCOLL : a; /* I-forms as their blocking ones */
  switch (c) {
  case TI_SEND: case TI_ISEND: case TI_SSEND: case TI_ISSEND: case TI_BSEND: case TI_IBSEND: case TI_RECV:
  case TI_IRECV:
    peer(l, "", long_at(l, b + 1, "expected a peer"));
    lit(l, b + 2);
    num(l, b + 3, 1, "count");
    face(l);
    lits_from(l, b + 4);
    break;
  case TI_WAIT:
  case TI_CANCEL:
    if (a == TI_WAIT && l->ntok == b + 4 && !strcmp(l->tok[b + 1], "0") && !strcmp(l->tok[b + 2], "0") &&
        long_at(l, b + 3, "expected a tag") < 0 && long_at(l, b + 3, "") != -444) { /* "wait 0 0 -K" */
      lit(l, b + 1);
      lit(l, b + 2);
      field(l, F_NBC)->num = (int)(-long_at(l, b + 3, "") - l->nbcs);
      key(l, " -K%+d", l->s->f[l->s->nf - 1].num);
      break;
    }
    if (l->ntok < b + 4) { /* "wait": the oldest request */
      lits_from(l, b + 1);
      break;
    }
    peer(l, "", long_at(l, b + 1, "expected a source"));
    peer(l, "", long_at(l, b + 2, "expected a destination"));
    lits_from(l, b + 3);
    break;
  case TI_SENDRECV:
    num(l, b + 1, 1, "send count");
    peer(l, "", long_at(l, b + 2, "expected a destination"));
    face(l);
    num(l, b + 3, 1, "receive count");
    peer(l, "", long_at(l, b + 4, "expected a source"));
    face(l);
    lits_from(l, b + 5);
    break;
  case TI_BCAST:
    num(l, b + 1, 1, "count");
    root(l, b + 2, mask);
    lits_from(l, b + 3);
    break;
  case TI_REDUCE:
    num(l, b + 1, 1, "count");
    num(l, b + 2, 1, "flops");
    root(l, b + 3, mask);
    lits_from(l, b + 4);
    break;
  case TI_ALLREDUCE: case TI_SCAN: case TI_EXSCAN: case TI_REDUCESCATTERBLOCK:
    num(l, b + 1, 1, "count");
    num(l, b + 2, 1, "flops");
    lits_from(l, b + 3);
    break;
  case TI_GATHER: case TI_SCATTER:
    num(l, b + 1, 1, "send count");
    num(l, b + 2, 1, "receive count");
    root(l, b + 3, mask);
    lits_from(l, b + 4);
    break;
  case TI_ALLGATHER: case TI_ALLTOALL:
    num(l, b + 1, 1, "send count");
    num(l, b + 2, 1, "receive count");
    lits_from(l, b + 3);
    break;
  case TI_GATHERV: {
    num(l, b + 1, 1, "send count");
    int i = vec(l, b + 2, mask, "receive counts");
    root(l, i, mask);
    lits_from(l, i + 1);
    break;
  }
  case TI_SCATTERV: {
    int i = vec(l, b + 1, mask, "send counts");
    num(l, i, 1, "receive count");
    root(l, i + 1, mask);
    lits_from(l, i + 2);
    break;
  }
  case TI_ALLGATHERV:
    num(l, b + 1, 1, "send count");
    lits_from(l, vec(l, b + 2, mask, "receive counts"));
    break;
  case TI_ALLTOALLV: case TI_ALLTOALLW:
    lits_from(l, sum_vec(l, sum_vec(l, b + 1, mask, "send counts"), mask, "receive counts"));
    break;
  case TI_REDUCESCATTER: {
    int i = vec(l, b + 1, mask, "receive counts");
    num(l, i, 1, "flops");
    lits_from(l, i + 1);
    break;
  }
  case TI_BARRIER: case TI_INIT: case TI_FINALIZE: case TI_COMM_SIZE: case TI_TEST: case TI_WAITALL:
  case TI_BUFFER_DETACH: case TI_COMM_FREE: case TI_COLL_START:
    lits_from(l, b + 1);
    break;
  case TI_NEIGHBOR_ALLGATHER: case TI_NEIGHBOR_ALLGATHERV: case TI_NEIGHBOR_ALLTOALL: case TI_NEIGHBOR_ALLTOALLV:
  case TI_NEIGHBOR_ALLTOALLW:
    for (int i = b + 1; i < l->ntok; i++)
      num(l, i, 1, "count");
    break;
  case TI_COMM_SPLIT: {
    long parent = long_at(l, b + 1, "expected a communicator"), id = long_at(l, b + 4, "expected a communicator");
    mask_of(l, parent);
    int m = l->in->masks[l->rank][l->nsplit++];
    lit(l, b + 1);
    if (m < 0) /* not a member: "comm_split P -1 0 -1" */
      lits_from(l, b + 2);
    else {
      field(l, F_COLOR)->mask = m;
      field(l, F_KEY)->mask = m;
      key(l, " color/%d key/%d", m, m);
      lits_from(l, b + 4);
    }
    set_comm(l, id, m);
    break;
  }
  case TI_COMM_IDUP:
    set_comm(l, long_at(l, b + 2, "expected a communicator"), mask_of(l, long_at(l, b + 1, "expected a communicator")));
    lits_from(l, b + 1);
    break;
  case TI_COMM_CART: {
    int m = mask_of(l, long_at(l, b + 1, "expected a communicator"));
    long nd = long_at(l, b + 2, "expected a number of dimensions");
    int same = 1, n = 0;
    for (int d = 0; d < l->in->g.nd; d++)
      if (m >> d & 1) {
        same &= n < nd && long_at(l, b + 3 + n, "expected a dimension") == l->in->g.dims[d];
        n++;
      }
    lit(l, b + 1);
    lit(l, b + 2);
    field_t *f = field(l, F_CART);
    f->mask = m;
    if (nd == n && same)
      f->num = 0;
    else if (nd == 1 && long_at(l, b + 3, "expected a dimension") == grid_slice_size(&l->in->g, m))
      f->num = 1; /* the slice as one dimension */
    else
      fail_line(l, "the dimensions of this Cartesian communicator are not those of its slice of the grid");
    key(l, " dims/%d/%d", m, f->num);
    lits_from(l, b + 3 + (int)nd); /* the periods */
    break;
  }
  default: fail_line(l, "simextrap does not extrapolate these lines");
  }
}

/* One line: its gap if it is a compute or sleep line, else an event. */
static void one_line(line_t *l, seq_t *seq, double gap[2])
{
  char **tok = l->tok;
  int ntok = l->ntok, plain = ntok, mask = (1 << l->in->g.nd) - 1;
  while (plain > 2 && strchr(tok[plain - 1], '=')) /* extensions: trailing KEY=VALUE */
    plain--;
  for (int i = plain; i < ntok; i++)
    if (!strncmp(tok[i], "comm=", 5))
      mask = mask_of(l, atol(tok[i] + 5));
    else if (!strncmp(tok[i], "region=", 7))
      fail_line(l, "simextrap does not extrapolate one-sided communication");
  int a = ti_action(tok[1], strlen(tok[1]));
  if (a < 0)
    fail_line(l, "unknown action");
  if (a == TI_COMPUTE || a == TI_SLEEP) {
    gap[a == TI_SLEEP] += real_at(l, 2, "expected a number");
    return;
  }
  sym_t *s = l->s = ex_alloc(sizeof *s);
  l->klen = 0;
  l->kcap = 128;
  s->key = ex_alloc(l->kcap);
  s->action = ex_strdup(tok[1]);
  l->cap = 16;
  s->f = ex_alloc(sizeof *s->f * (size_t)l->cap);
  s->integral = ex_alloc((size_t)l->cap);
  s->face = ex_alloc((size_t)l->cap);
  s->vname = ex_alloc(sizeof *s->vname * (size_t)l->cap);
  l->vals = ex_grow(l->vals, sizeof *l->vals * (size_t)l->cap);
  key(l, "%s", tok[1]);
  value(l, gap[0], 1, "compute"); /* flops: written whole */
  value(l, gap[1], 0, "sleep");
  l->ntok = plain;
  if (a == TI_COLL_INIT) { /* "coll_init P" then a nonblocking collective's line */
    lit(l, 2);
    lit(l, 3);
    int c = plain > 3 ? ti_action(tok[3], strlen(tok[3])) : -1;
    if (c < TI_IBARRIER || c >= TI_IBARRIER + TI_NCOLL)
      fail_line(l, "coll_init needs a nonblocking collective");
    args(l, c, 3, mask);
  } else
    args(l, a, 1, mask);
  if ((a >= TI_IBARRIER && a < TI_IBARRIER + TI_NCOLL) || a == TI_COLL_START)
    s->nbc = 1, l->nbcs++;
  l->ntok = ntok;
  for (int i = plain; i < ntok; i++)
    if (!strncmp(tok[i], "src=", 4))
      peer(l, "src=", atol(tok[i] + 4));
    else
      lit(l, i);
  int id = sym_intern(s);
  seq_push(seq, node_event(id, l->vals, l->rd->lineno, l->prev));
  l->prev = id;
  gap[0] = gap[1] = 0;
}

void input_parse(input_t *in)
{
  in->seqs = ex_alloc(sizeof *in->seqs * (size_t)in->n);
  line_t l = {.in = in};
  for (long r = 0; r < in->n; r++) {
    ti_reader_t rd;
    if (ti_open(&rd, in->files[r]))
      ex_fail("cannot open %s (rank %ld of %s)", in->files[r], r, in->path);
    l.rank = r;
    l.rd = &rd;
    l.ncomm = 0;
    l.nsplit = 0;
    l.nbcs = 0;
    l.prev = -1;
    set_comm(&l, 0, (1 << in->g.nd) - 1);
    double gap[2] = {0, 0};
    while (ti_next(&rd)) {
      l.tok = rd.tok;
      l.ntok = rd.ntok;
      long who;
      if (ti_long(rd.tok[0], &who) || who != r)
        fail_line(&l, "this line belongs to another rank");
      one_line(&l, &in->seqs[r], gap);
    }
    /* the end of the trace, with the computation after the last line */
    sym_t *s = ex_alloc(sizeof *s);
    s->key = ex_strdup("(end)");
    s->nnum = 2;
    s->integral = ex_alloc(2);
    s->integral[NV_COMPUTE] = 1;
    s->face = ex_alloc(2);
    s->face[0] = s->face[1] = -1;
    s->vname = ex_alloc(2 * sizeof *s->vname);
    s->vname[0] = "compute";
    s->vname[1] = "sleep";
    seq_push(&in->seqs[r], node_event(sym_intern(s), gap, rd.lineno + 1, l.prev));
    seq_settle(&in->seqs[r]);
    ti_close(&rd);
  }
  free(l.vals);
  free(l.comm_mask);
}
