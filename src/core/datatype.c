/* Datatypes: the predefined type table, the table of derived types behind
 * handles, typemap flattening, and the pack/unpack/copy/external32 engine.
 * A type keeps one element's data as merged (offset, length) blocks; a type
 * mixing predefined types also keeps its values as runs of one type each.
 * Everything else walks those. */
#include "datatype.h"
#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* Address arithmetic that also works from MPI_BOTTOM (a null pointer). */
#define AT(p, off) ((char *)((uintptr_t)(p) + (uintptr_t)(MPI_Aint)(off)))

/* ---------------------------------------------------------------- predefined types */

/* external32 conversion of one value: count scalars of nsize native bytes,
 * xsize bytes each in external32. */
enum { X_RAW = 1, X_SINT, X_UINT, X_FLOAT, X_LDBL };
typedef struct {
  unsigned char kind, nsize, xsize, count;
} xconv_t;

/* integers of one size share a kind (struct padding); other types are their own */
#define KI(T) (100 + (int)sizeof(T))

/* X(idx, C type, name, external32 kind, external32 size of one scalar, scalars, kind) */
#define SCALAR_TYPES(X)                                                                                                \
  X(1, char, "MPI_CHAR", X_RAW, 1, 1, KI(char))                                                                         \
  X(2, signed char, "MPI_SIGNED_CHAR", X_RAW, 1, 1, KI(char))                                                           \
  X(3, unsigned char, "MPI_UNSIGNED_CHAR", X_RAW, 1, 1, KI(char))                                                       \
  X(4, unsigned char, "MPI_BYTE", X_RAW, 1, 1, 4)                                                                       \
  X(5, wchar_t, "MPI_WCHAR", X_UINT, 2, 1, 5)                                                                           \
  X(6, short, "MPI_SHORT", X_SINT, 2, 1, KI(short))                                                                     \
  X(7, unsigned short, "MPI_UNSIGNED_SHORT", X_UINT, 2, 1, KI(short))                                                   \
  X(8, int, "MPI_INT", X_SINT, 4, 1, KI(int))                                                                           \
  X(9, unsigned, "MPI_UNSIGNED", X_UINT, 4, 1, KI(int))                                                                 \
  X(10, long, "MPI_LONG", X_SINT, 4, 1, KI(long))                                                                       \
  X(11, unsigned long, "MPI_UNSIGNED_LONG", X_UINT, 4, 1, KI(long))                                                     \
  X(12, long long, "MPI_LONG_LONG_INT", X_SINT, 8, 1, KI(long long))                                                    \
  X(13, unsigned long long, "MPI_UNSIGNED_LONG_LONG", X_UINT, 8, 1, KI(long long))                                      \
  X(14, float, "MPI_FLOAT", X_FLOAT, 4, 1, 14)                                                                          \
  X(15, double, "MPI_DOUBLE", X_FLOAT, 8, 1, 15)                                                                        \
  X(16, long double, "MPI_LONG_DOUBLE", X_LDBL, 16, 1, 16)                                                              \
  X(17, int8_t, "MPI_INT8_T", X_RAW, 1, 1, KI(int8_t))                                                                  \
  X(18, int16_t, "MPI_INT16_T", X_SINT, 2, 1, KI(int16_t))                                                              \
  X(19, int32_t, "MPI_INT32_T", X_SINT, 4, 1, KI(int32_t))                                                              \
  X(20, int64_t, "MPI_INT64_T", X_SINT, 8, 1, KI(int64_t))                                                              \
  X(21, uint8_t, "MPI_UINT8_T", X_RAW, 1, 1, KI(uint8_t))                                                               \
  X(22, uint16_t, "MPI_UINT16_T", X_UINT, 2, 1, KI(uint16_t))                                                           \
  X(23, uint32_t, "MPI_UINT32_T", X_UINT, 4, 1, KI(uint32_t))                                                           \
  X(24, uint64_t, "MPI_UINT64_T", X_UINT, 8, 1, KI(uint64_t))                                                           \
  X(25, bool, "MPI_C_BOOL", X_RAW, 1, 1, KI(bool))                                                                      \
  X(26, float _Complex, "MPI_C_FLOAT_COMPLEX", X_FLOAT, 4, 2, 26)                                                       \
  X(27, double _Complex, "MPI_C_DOUBLE_COMPLEX", X_FLOAT, 8, 2, 27)                                                     \
  X(28, long double _Complex, "MPI_C_LONG_DOUBLE_COMPLEX", X_LDBL, 16, 2, 28)                                           \
  X(29, MPI_Aint, "MPI_AINT", X_SINT, 8, 1, KI(MPI_Aint))                                                               \
  X(30, MPI_Offset, "MPI_OFFSET", X_SINT, 8, 1, KI(MPI_Offset))                                                         \
  X(31, MPI_Count, "MPI_COUNT", X_SINT, 8, 1, KI(MPI_Count))                                                            \
  X(32, unsigned char, "MPI_PACKED", X_RAW, 1, 1, 32)

/* {T value; int index} for MINLOC/MAXLOC: P(idx, T, name, external32 kind and size of the value) */
#define PAIR_TYPES(P)                                                                                                  \
  P(33, float, "MPI_FLOAT_INT", X_FLOAT, 4)                                                                             \
  P(34, double, "MPI_DOUBLE_INT", X_FLOAT, 8)                                                                           \
  P(35, long, "MPI_LONG_INT", X_SINT, 4)                                                                                \
  P(36, int, "MPI_2INT", X_SINT, 4)                                                                                     \
  P(37, short, "MPI_SHORT_INT", X_SINT, 2)                                                                              \
  P(38, long double, "MPI_LONG_DOUBLE_INT", X_LDBL, 16)

#define PAIR(T) struct { T a; int b; }
/* where the int of a pair lies: after the value, aligned as an int */
#define PAIR_IOFF(T) ((sizeof(T) + _Alignof(int) - 1) / _Alignof(int) * _Alignof(int))
#define PAIR_SIZE(T) (sizeof(T) + sizeof(int))
#define PAIR_CONTIG(T) (PAIR_SIZE(T) == sizeof(PAIR(T)))

#define S_BLOCK(idx, T, nm, xk, xs, cnt, kl) [idx] = {{0, sizeof(T)}, {0, 0}},
#define PAIR_GAP(T) (PAIR_IOFF(T) != sizeof(T)) /* padding between the value and the int */
#define P_BLOCK(idx, T, nm, xk, xs) [idx] = {{0, PAIR_GAP(T) ? sizeof(T) : PAIR_SIZE(T)}, {PAIR_IOFF(T), sizeof(int)}},
static dt_block_t basic_blocks[SIMPI_NUM_BASIC_TYPES][2] = {SCALAR_TYPES(S_BLOCK) PAIR_TYPES(P_BLOCK)};

#define S_RUN(idx, T, nm, xk, xs, cnt, kl) [idx] = {0, 1, idx},
#define P_RUN(idx, T, nm, xk, xs) [idx] = {0, 1, idx},
static dt_run_t basic_runs[SIMPI_NUM_BASIC_TYPES] = {SCALAR_TYPES(S_RUN) PAIR_TYPES(P_RUN)};

#define S_TYPE(idx, T, nm, xk, xs, cnt, kl)                                                                            \
  [idx] = {.size = sizeof(T), .extent = sizeof(T), .contig = 1, .dense = 1, .basic = idx, .nblocks = 1,               \
           .blocks = basic_blocks[idx], .name = nm, .true_extent = sizeof(T), .nruns = 1, .runs = &basic_runs[idx],   \
           .nelems = 1, .id = idx, .committed = 1, .align = _Alignof(T), .klass = kl},
#define P_TYPE(idx, T, nm, xk, xs)                                                                                     \
  [idx] = {.size = PAIR_SIZE(T), .extent = sizeof(PAIR(T)), .contig = PAIR_CONTIG(T), .dense = PAIR_CONTIG(T),      \
           .basic = idx,                                                                                               \
           .nblocks = PAIR_GAP(T) ? 2 : 1, .blocks = basic_blocks[idx], .name = nm,                                    \
           .true_extent = PAIR_IOFF(T) + sizeof(int), .nruns = 1, .runs = &basic_runs[idx], .nelems = 2, .id = idx,   \
           .committed = 1, .align = _Alignof(PAIR(T)), .klass = idx},
static dt_t basic[SIMPI_NUM_BASIC_TYPES] = {SCALAR_TYPES(S_TYPE) PAIR_TYPES(P_TYPE)};

#define S_CONV(idx, T, nm, xk, xs, cnt, kl) [idx] = {xk, sizeof(T) / cnt, xs, cnt},
#define P_CONV(idx, T, nm, xk, xs) [idx] = {xk, sizeof(T), xs, 1},
static const xconv_t xconv[SIMPI_NUM_BASIC_TYPES] = {SCALAR_TYPES(S_CONV) PAIR_TYPES(P_CONV)};

dt_t *dt_basic(int idx) { return idx > 0 && idx < SIMPI_NUM_BASIC_TYPES ? &basic[idx] : NULL; }

/* ---------------------------------------------------------------- handles and references */

static dt_t **utab;       /* derived types by handle index (indices below SIMPI_NUM_BASIC_TYPES unused) */
static unsigned ucap;
static unsigned *ufree, nufree;

dt_t *dt_lookup(MPI_Datatype h)
{
  unsigned idx = (unsigned)h & 0xffffff;
  if (((unsigned)h >> 24) != SIMPI_KIND_TYPE || idx == 0)
    return NULL;
  if (idx < SIMPI_NUM_BASIC_TYPES)
    return &basic[idx];
  return idx < ucap ? utab[idx] : NULL;
}

dt_t *dt_get(MPI_Datatype h)
{
  dt_t *t = dt_lookup(h);
  return t && t->committed ? t : NULL;
}

MPI_Datatype dt_handle_new(dt_t *t)
{
  if (!nufree) {
    unsigned ncap = ucap ? ucap * 2 : 256;
    if (ncap > (1u << 24))
      return MPI_DATATYPE_NULL;
    dt_t **nt = realloc(utab, sizeof *nt * ncap);
    unsigned *nf = nt ? realloc(ufree, sizeof *nf * ncap) : NULL;
    if (nt)
      utab = nt;
    if (!nf)
      return MPI_DATATYPE_NULL;
    ufree = nf;
    unsigned from = ucap ? ucap : SIMPI_NUM_BASIC_TYPES;
    for (unsigned i = ucap; i < ncap; i++)
      utab[i] = NULL;
    for (unsigned i = ncap; i-- > from;) /* lowest index first */
      ufree[nufree++] = i;
    ucap = ncap;
  }
  unsigned idx = ufree[--nufree];
  utab[idx] = t;
  return SIMPI_HANDLE(SIMPI_KIND_TYPE, idx);
}

void dt_handle_free(MPI_Datatype h)
{
  unsigned idx = (unsigned)h & 0xffffff;
  dt_t *t = dt_lookup(h);
  if (!t || !t->derived)
    return;
  utab[idx] = NULL;
  ufree[nufree++] = idx;
  dt_release(t);
}

void dt_retain(const dt_t *t)
{
  if (t && t->derived)
    ((dt_t *)t)->refs++;
}

void dt_release(const dt_t *ct)
{
  dt_t *t = (dt_t *)ct;
  if (!t || !t->derived || --t->refs > 0)
    return;
  for (int i = 0; i < t->how.nd; i++)
    dt_release(t->how.types[i]);
  free(t->how.ints);
  free(t->how.aints);
  free(t->how.types);
  free(t->blocks);
  free(t->runs);
  free(t->owned_name);
  free(t);
}

int dt_set_name(dt_t *t, const char *name)
{
  char *copy = strdup(name);
  if (!copy)
    return -1;
  free(t->owned_name);
  t->owned_name = copy;
  t->name = copy;
  t->named = 1;
  return 0;
}

int dt_set_contents(dt_t *t, int combiner, int ni, const int *ints, int na, const MPI_Aint *aints, int nd,
                    dt_t *const *types)
{
  dt_contents_t *h = &t->how;
  h->combiner = combiner;
  h->ints = ni ? malloc(sizeof *ints * (size_t)ni) : NULL;
  h->aints = na ? malloc(sizeof *aints * (size_t)na) : NULL;
  h->types = nd ? malloc(sizeof *types * (size_t)nd) : NULL;
  if ((ni && !h->ints) || (na && !h->aints) || (nd && !h->types))
    return -1;
  h->ni = ni;
  h->na = na;
  h->nd = nd;
  if (ni)
    memcpy(h->ints, ints, sizeof *ints * (size_t)ni);
  if (na)
    memcpy(h->aints, aints, sizeof *aints * (size_t)na);
  for (int i = 0; i < nd; i++) {
    h->types[i] = types[i];
    dt_retain(types[i]);
  }
  return 0;
}

/* ---------------------------------------------------------------- construction */

static dt_t *new_derived(void)
{
  dt_t *t = calloc(1, sizeof *t);
  if (!t)
    return NULL;
  t->derived = 1;
  t->refs = 1;
  t->name = "a derived datatype";
  return t;
}

/* Growing lists that merge with their last entry when adjacent. While every
 * value so far is of one non-pair predefined type (scalar > 0), the blocks
 * are the runs and no run list is kept; it is written out from the blocks
 * the first time a value of another type arrives. */
typedef struct {
  dt_t *t;
  size_t bcap, rcap;
  int oom;
  int scalar; /* -1: no value yet; > 0: the one scalar type so far; 0: mixed, runs kept */
} builder_t;

/* The runs of a type, whether it keeps them or they are its blocks. */
size_t dt_nruns(const dt_t *t) { return t->runs ? t->nruns : t->nblocks; }

dt_run_t dt_run(const dt_t *t, size_t i)
{
  if (t->runs)
    return t->runs[i];
  return (dt_run_t){t->blocks[i].off, t->blocks[i].len / basic[t->basic].size, t->basic};
}

static void add_block(builder_t *b, MPI_Aint off, size_t len)
{
  dt_t *t = b->t;
  if (!len)
    return;
  if (t->nblocks) {
    dt_block_t *l = &t->blocks[t->nblocks - 1];
    if (l->off + (MPI_Aint)l->len == off) {
      l->len += len;
      return;
    }
  }
  if (t->nblocks == b->bcap) {
    size_t ncap = b->bcap ? 2 * b->bcap : 4;
    dt_block_t *nb = realloc(t->blocks, sizeof *nb * ncap);
    if (!nb) {
      b->oom = 1;
      return;
    }
    t->blocks = nb;
    b->bcap = ncap;
  }
  t->blocks[t->nblocks++] = (dt_block_t){off, len};
}

static void add_run(builder_t *b, MPI_Aint off, size_t n, int type)
{
  dt_t *t = b->t;
  if (!n)
    return;
  if (t->nruns) {
    dt_run_t *l = &t->runs[t->nruns - 1];
    if (l->basic == type && l->off + (MPI_Aint)l->n * basic[type].extent == off) {
      l->n += n;
      return;
    }
  }
  if (t->nruns == b->rcap) {
    size_t ncap = b->rcap ? 2 * b->rcap : 4;
    dt_run_t *nr = realloc(t->runs, sizeof *nr * ncap);
    if (!nr) {
      b->oom = 1;
      return;
    }
    t->runs = nr;
    b->rcap = ncap;
  }
  t->runs[t->nruns++] = (dt_run_t){off, n, type};
}

static int scalar_of(const dt_t *c) { return c->basic && basic[c->basic].nelems == 1 ? c->basic : 0; }

/* Appends blocklen copies of c (which holds data) at disp, one extent apart. */
static void add_copies(builder_t *b, const dt_t *c, size_t blocklen, MPI_Aint disp)
{
  MPI_Aint ext = c->extent;
  int cs = scalar_of(c);
  if (b->scalar == -1)
    b->scalar = cs;
  else if (b->scalar != cs && b->scalar > 0) { /* the first mixed value: runs from here on */
    for (size_t i = 0; i < b->t->nblocks && !b->oom; i++)
      add_run(b, b->t->blocks[i].off, b->t->blocks[i].len / basic[b->scalar].size, b->scalar);
    b->scalar = 0;
  }
  if (c->dense)
    add_block(b, disp + c->blocks[0].off, blocklen * c->size);
  else
    for (size_t k = 0; k < blocklen && !b->oom; k++)
      for (size_t i = 0; i < c->nblocks; i++)
        add_block(b, disp + (MPI_Aint)k * ext + c->blocks[i].off, c->blocks[i].len);
  if (b->scalar)
    return;
  size_t nr = dt_nruns(c);
  dt_run_t r0 = dt_run(c, 0);
  if (nr == 1 && (MPI_Aint)r0.n * basic[r0.basic].extent == ext)
    add_run(b, disp + r0.off, blocklen * r0.n, r0.basic);
  else
    for (size_t k = 0; k < blocklen && !b->oom; k++)
      for (size_t i = 0; i < nr; i++) {
        dt_run_t r = dt_run(c, i);
        add_run(b, disp + (MPI_Aint)k * ext + r.off, r.n, r.basic);
      }
}

static void shrink(dt_t *t)
{
  if (t->nblocks) {
    dt_block_t *nb = realloc(t->blocks, sizeof *nb * t->nblocks);
    if (nb)
      t->blocks = nb;
  }
  if (t->nruns) {
    dt_run_t *nr = realloc(t->runs, sizeof *nr * t->nruns);
    if (nr)
      t->runs = nr;
  }
}

static void set_contig(dt_t *t)
{
  t->dense = t->nblocks == 1 && (MPI_Aint)t->blocks[0].len == t->extent;
  t->contig = t->dense && t->blocks[0].off == 0;
}

static MPI_Aint amin(MPI_Aint a, MPI_Aint b) { return a < b ? a : b; }
static MPI_Aint amax(MPI_Aint a, MPI_Aint b) { return a > b ? a : b; }

/* Pieces from an array, or (p == NULL) count pieces of blocklen copies of
 * one type, stride bytes apart: vectors need no array. */
typedef struct {
  const dt_piece_t *p;
  size_t blocklen;
  MPI_Aint stride;
  const dt_t *type;
} pieces_t;

static dt_piece_t piece(const pieces_t *ps, size_t i)
{
  return ps->p ? ps->p[i] : (dt_piece_t){ps->blocklen, (MPI_Aint)i * ps->stride, ps->type};
}

static dt_t *build(const pieces_t *ps, size_t n, int is_struct)
{
  dt_t *t = new_derived();
  if (!t)
    return NULL;
  builder_t b = {t, 0, 0, 0, -1};
  int bounded = 0, touched = 0, same = 1, klass = -1, type = -1, align = 1;
  MPI_Aint lb = 0, ub = 0, tlb = 0, tub = 0;
  const dt_t *first = NULL;
  for (size_t i = 0; i < n && !b.oom; i++) {
    dt_piece_t pc = piece(ps, i);
    const dt_piece_t *p = &pc;
    const dt_t *c = p->type;
    if (!p->blocklen)
      continue; /* an empty block adds nothing to the typemap, not even bounds */
    MPI_Aint span = (MPI_Aint)(p->blocklen - 1) * c->extent, d = p->disp;
    MPI_Aint l = d + c->lb + amin(0, span), u = d + c->lb + c->extent + amax(0, span);
    lb = bounded ? amin(lb, l) : l;
    ub = bounded ? amax(ub, u) : u;
    bounded = 1;
    if (!first)
      first = c;
    else if (first != c)
      same = 0;
    klass = klass == -1 || klass == c->klass ? c->klass : 0;
    if (c->align > align)
      align = c->align;
    if (!c->size)
      continue;
    MPI_Aint tl = d + c->true_lb + amin(0, span), tu = d + c->true_lb + c->true_extent + amax(0, span);
    tlb = touched ? amin(tlb, tl) : tl;
    tub = touched ? amax(tub, tu) : tu;
    touched = 1;
    type = type == -1 || type == c->basic ? c->basic : 0;
    t->size += p->blocklen * c->size;
    t->nelems += p->blocklen * c->nelems;
    add_copies(&b, c, p->blocklen, d);
  }
  if (b.oom) {
    dt_release(t);
    return NULL;
  }
  t->lb = lb;
  t->extent = ub - lb;
  /* MPICH rounds a struct's extent up to its strictest alignment unless all
   * its members are of one type (or one kind); we do the same so that
   * programs see the same extents (checked against MPICH 4.0). */
  if (is_struct && !same && klass <= 0 && align > 1 && t->extent % align)
    t->extent += align - ((t->extent % align) + align) % align;
  t->true_lb = touched ? tlb : 0;
  t->true_extent = touched ? tub - tlb : 0;
  t->basic = type > 0 ? type : 0;
  t->klass = klass > 0 ? klass : 0;
  t->align = align;
  shrink(t);
  set_contig(t);
  return t;
}

dt_t *dt_build(const dt_piece_t *p, size_t n, int is_struct)
{
  pieces_t ps = {p, 0, 0, NULL};
  return build(&ps, n, is_struct);
}

dt_t *dt_build_strided(size_t count, size_t blocklen, MPI_Aint stride, const dt_t *old)
{
  pieces_t ps = {NULL, blocklen, stride, old};
  return build(&ps, count, 0);
}

static dt_t *copy_type(const dt_t *old)
{
  dt_t *t = new_derived();
  if (!t)
    return NULL;
  t->size = old->size;
  t->lb = old->lb;
  t->extent = old->extent;
  t->basic = old->basic;
  t->true_lb = old->true_lb;
  t->true_extent = old->true_extent;
  t->nelems = old->nelems;
  t->align = old->align;
  t->klass = old->klass;
  t->blocks = old->nblocks ? malloc(sizeof *t->blocks * old->nblocks) : NULL;
  t->runs = old->nruns ? malloc(sizeof *t->runs * old->nruns) : NULL;
  if ((old->nblocks && !t->blocks) || (old->nruns && !t->runs)) {
    dt_release(t);
    return NULL;
  }
  t->nblocks = old->nblocks;
  t->nruns = old->nruns;
  if (t->nblocks)
    memcpy(t->blocks, old->blocks, sizeof *t->blocks * t->nblocks);
  if (t->nruns)
    memcpy(t->runs, old->runs, sizeof *t->runs * t->nruns);
  set_contig(t);
  return t;
}

dt_t *dt_resized(const dt_t *old, MPI_Aint lb, MPI_Aint extent)
{
  dt_t *t = copy_type(old);
  if (t) {
    t->lb = lb;
    t->extent = extent;
    set_contig(t);
  }
  return t;
}

dt_t *dt_dup(const dt_t *old)
{
  dt_t *t = copy_type(old);
  if (t)
    t->committed = old->committed;
  return t;
}

/* ---------------------------------------------------------------- moving data */

void dt_pack(const void *buf, int count, const dt_t *t, void *out)
{
  if (count <= 0 || !t->size)
    return;
  if (t->dense) {
    memcpy(out, AT(buf, t->blocks[0].off), (size_t)count * t->size);
    return;
  }
  char *o = out;
  const dt_block_t *bl = t->blocks, *end = bl + t->nblocks;
  for (int i = 0; i < count; i++) {
    const char *e = AT(buf, (MPI_Aint)i * t->extent);
    for (const dt_block_t *b = bl; b < end; b++) {
      memcpy(o, AT(e, b->off), b->len);
      o += b->len;
    }
  }
}

void dt_unpack(const void *in, size_t bytes, void *buf, int count, const dt_t *t)
{
  if (count <= 0 || !t->size)
    return;
  if (t->dense) {
    size_t n = (size_t)count * t->size;
    memcpy(AT(buf, t->blocks[0].off), in, bytes < n ? bytes : n);
    return;
  }
  const char *p = in;
  const char *pend = p + bytes;
  for (int i = 0; i < count && p < pend; i++) {
    char *e = AT(buf, (MPI_Aint)i * t->extent);
    for (size_t b = 0; b < t->nblocks && p < pend; b++) {
      size_t len = t->blocks[b].len;
      if ((size_t)(pend - p) < len)
        len = (size_t)(pend - p);
      memcpy(AT(e, t->blocks[b].off), p, len);
      p += len;
    }
  }
}

/* Packs the first max bytes of count elements. */
static void pack_upto(const void *buf, int count, const dt_t *t, void *out, size_t max)
{
  size_t whole = t->size ? max / t->size : 0;
  if (whole > (size_t)count)
    whole = (size_t)count;
  dt_pack(buf, (int)whole, t, out);
  size_t rest = max - whole * t->size;
  char *o = (char *)out + whole * t->size;
  const char *e = AT(buf, (MPI_Aint)whole * t->extent);
  for (size_t b = 0; b < t->nblocks && rest; b++) {
    size_t len = t->blocks[b].len < rest ? t->blocks[b].len : rest;
    memcpy(o, AT(e, t->blocks[b].off), len);
    o += len;
    rest -= len;
  }
}

void dt_copy(const void *sbuf, int scount, const dt_t *st, void *dbuf, int dcount, const dt_t *dtt)
{
  size_t sent = (size_t)scount * st->size;
  size_t cap = (size_t)dcount * dtt->size;
  size_t n = sent < cap ? sent : cap;
  if (n == 0)
    return;
  if (st->dense && dtt->dense) {
    memmove(AT(dbuf, dtt->blocks[0].off), AT(sbuf, st->blocks[0].off), n);
    return;
  }
  if (st->dense) {
    dt_unpack(AT(sbuf, st->blocks[0].off), n, dbuf, dcount, dtt);
    return;
  }
  if (dtt->dense) {
    pack_upto(sbuf, scount, st, AT(dbuf, dtt->blocks[0].off), n);
    return;
  }
  void *tmp = malloc(n);
  pack_upto(sbuf, scount, st, tmp, n);
  dt_unpack(tmp, n, dbuf, dcount, dtt);
  free(tmp);
}

MPI_Count dt_elements(const dt_t *t, MPI_Count bytes)
{
  if (bytes <= 0 || !t->size)
    return 0;
  MPI_Count whole = bytes / (MPI_Count)t->size, rest = bytes % (MPI_Count)t->size;
  MPI_Count n = whole * (MPI_Count)t->nelems;
  for (size_t i = 0; i < dt_nruns(t) && rest; i++) {
    dt_run_t r = dt_run(t, i);
    const dt_t *b = &basic[r.basic];
    MPI_Count all = (MPI_Count)r.n * (MPI_Count)b->size;
    if (rest >= all) {
      n += (MPI_Count)r.n * (MPI_Count)b->nelems;
      rest -= all;
      continue;
    }
    n += rest / (MPI_Count)b->size * (MPI_Count)b->nelems;
    rest %= (MPI_Count)b->size;
    if (rest && b->nelems == 2 && rest == (MPI_Count)(b->size - sizeof(int))) /* a pair cut after its value */
      return n + 1;
    break;
  }
  return rest ? -1 : n;
}

/* ---------------------------------------------------------------- external32 */

static uint64_t load_native(const void *p, int n)
{
  switch (n) {
  case 1: { uint8_t v; memcpy(&v, p, 1); return v; }
  case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
  case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
  default: { uint64_t v; memcpy(&v, p, 8); return v; }
  }
}

static void store_native(void *p, uint64_t v, int n)
{
  switch (n) {
  case 1: { uint8_t x = (uint8_t)v; memcpy(p, &x, 1); return; }
  case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); return; }
  case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); return; }
  default: memcpy(p, &v, 8); return;
  }
}

static void put_be(unsigned char *o, uint64_t v, int n)
{
  for (int j = n - 1; j >= 0; j--) {
    o[j] = (unsigned char)v;
    v >>= 8;
  }
}

static uint64_t get_be(const unsigned char *p, int n)
{
  uint64_t v = 0;
  for (int j = 0; j < n; j++)
    v = v << 8 | p[j];
  return v;
}

#if LDBL_MANT_DIG == 64 && (defined(__x86_64__) || defined(__i386__))
#define X87_LDBL 1 /* 80-bit extended, little-endian: converted bit by bit */
#endif

/* long double <-> IEEE binary128 (sign, 15-bit exponent, 112-bit fraction
 * as hi: 48 bits, lo: 64 bits). x87 80-bit values convert exactly. */
static void ldbl_to_quad(const void *p, uint64_t *hi, uint64_t *lo)
{
#ifdef X87_LDBL
  uint64_t mant;
  uint16_t se;
  memcpy(&mant, p, 8);
  memcpy(&se, (const char *)p + 8, 2);
  uint64_t f = mant & 0x7fffffffffffffffULL; /* the explicit integer bit is implied in a quad */
  *hi = (uint64_t)se << 48 | f >> 15;
  *lo = f << 49;
#else
  long double x;
  memcpy(&x, p, sizeof x);
  uint64_t s = signbit(x) ? 1ULL << 63 : 0;
  *lo = 0;
  if (isnan(x))
    *hi = s | 0x7fffULL << 48 | 1ULL << 47;
  else if (isinf(x))
    *hi = s | 0x7fffULL << 48;
  else if (x == 0)
    *hi = s;
  else {
    int e;
    long double m = frexpl(fabsl(x), &e) * 2 - 1; /* |x| = (1 + m) 2^(e-1) */
    long double a = ldexpl(m, 48);
    uint64_t f1 = (uint64_t)a;
    *lo = (uint64_t)ldexpl(a - (long double)f1, 64);
    *hi = s | (uint64_t)(e - 1 + 16383) << 48 | f1;
  }
#endif
}

static void quad_to_ldbl(uint64_t hi, uint64_t lo, void *p)
{
  uint64_t exp = hi >> 48 & 0x7fff;
#ifdef X87_LDBL
  uint64_t f = (hi & 0xffffffffffffULL) << 15 | lo >> 49;
  uint64_t mant = (exp ? 1ULL << 63 : 0) | f;
  uint16_t se = (uint16_t)(hi >> 48);
  memset(p, 0, sizeof(long double));
  memcpy(p, &mant, 8);
  memcpy((char *)p + 8, &se, 2);
#else
  long double x;
  uint64_t f1 = hi & 0xffffffffffffULL;
  if (exp == 0x7fff)
    x = f1 || lo ? NAN : INFINITY;
  else if (exp == 0 && !f1 && !lo)
    x = 0;
  else {
    long double m = (exp ? 1.0L : 0.0L) + ldexpl((long double)f1, -48) + ldexpl((long double)lo, -112);
    x = ldexpl(m, (int)(exp ? exp : 1) - 16383);
  }
  if (hi >> 63)
    x = -x;
  memcpy(p, &x, sizeof x);
#endif
}

/* One scalar: native at p to external32 at o, and back. */
static void scalar_out(const void *p, unsigned char *o, int kind, int nsize, int xsize)
{
  if (kind == X_RAW)
    memcpy(o, p, (size_t)xsize);
  else if (kind == X_LDBL) {
    uint64_t hi, lo;
    ldbl_to_quad(p, &hi, &lo);
    put_be(o, hi, 8);
    put_be(o + 8, lo, 8);
  } else
    put_be(o, load_native(p, nsize), xsize); /* narrower external types keep the low bytes */
}

static void scalar_in(const unsigned char *in, void *p, int kind, int nsize, int xsize)
{
  if (kind == X_RAW)
    memcpy(p, in, (size_t)xsize);
  else if (kind == X_LDBL)
    quad_to_ldbl(get_be(in, 8), get_be(in + 8, 8), p);
  else {
    uint64_t v = get_be(in, xsize);
    if (kind == X_SINT && xsize < 8 && (v >> (8 * xsize - 1) & 1))
      v |= ~0ULL << (8 * xsize);
    store_native(p, v, nsize);
  }
}

static MPI_Count basic_ext32_size(int idx)
{
  const xconv_t *x = &xconv[idx];
  return (MPI_Count)x->xsize * x->count + (basic[idx].nelems == 2 ? 4 : 0);
}

MPI_Count dt_ext32_size(const dt_t *t)
{
  MPI_Count n = 0;
  if (!t->runs) /* one predefined type */
    return t->size ? (MPI_Count)(t->size / basic[t->basic].size) * basic_ext32_size(t->basic) : 0;
  for (size_t i = 0; i < t->nruns; i++)
    n += (MPI_Count)t->runs[i].n * basic_ext32_size(t->runs[i].basic);
  return n;
}

/* Converts n values of predefined type idx at p (one extent apart) to or from o. */
static unsigned char *run_ext32(char *p, unsigned char *o, size_t n, int idx, int out)
{
  const xconv_t *x = &xconv[idx];
  const dt_t *b = &basic[idx];
  for (size_t k = 0; k < n; k++, p += b->extent) {
    for (int c = 0; c < x->count; c++, o += x->xsize) {
      if (out)
        scalar_out(p + c * x->nsize, o, x->kind, x->nsize, x->xsize);
      else
        scalar_in(o, p + c * x->nsize, x->kind, x->nsize, x->xsize);
    }
    if (b->nelems == 2) { /* pair: the int index ends the pair's data */
      MPI_Aint ioff = b->true_extent - (MPI_Aint)sizeof(int);
      if (out)
        scalar_out(p + ioff, o, X_SINT, 4, 4);
      else
        scalar_in(o, p + ioff, X_SINT, 4, 4);
      o += 4;
    }
  }
  return o;
}

static void walk_ext32(const void *buf, int count, const dt_t *t, unsigned char *o, int out)
{
  for (int i = 0; i < count; i++)
    for (size_t k = 0, nr = dt_nruns(t); k < nr; k++) {
      dt_run_t r = dt_run(t, k);
      o = run_ext32(AT(buf, (MPI_Aint)i * t->extent + r.off), o, r.n, r.basic, out);
    }
}

void dt_pack_ext32(const void *buf, int count, const dt_t *t, void *out) { walk_ext32(buf, count, t, out, 1); }

void dt_unpack_ext32(const void *in, void *buf, int count, const dt_t *t)
{
  walk_ext32(buf, count, t, (unsigned char *)(uintptr_t)in, 0);
}

/* ---------------------------------------------------------------- reductions, scratch buffers */

void dt_apply_runs(MPI_Op op, const void *in, void *inout, int count, const dt_t *t, dt_run_fn *fn)
{
  for (int i = 0; i < count; i++)
    for (size_t k = 0, nr = dt_nruns(t); k < nr; k++) {
      dt_run_t r = dt_run(t, k);
      MPI_Aint off = (MPI_Aint)i * t->extent + r.off;
      const dt_t *b = &basic[r.basic];
      for (size_t done = 0, n; done < r.n; done += n) {
        n = r.n - done;
        if (n > (size_t)1 << 30)
          n = (size_t)1 << 30;
        MPI_Aint o = off + (MPI_Aint)done * b->extent;
        fn(op, AT(in, o), AT(inout, o), (int)n, b);
      }
    }
}

/* Elements count-1 .. 0 lie at true_lb + k * extent. With extent >= 0 the
 * allocation starts where element 0's data starts; with a negative one it
 * ends where element 0's data ends, and the allocation's address is kept
 * just after it. */
void *dt_tmp_alloc(int count, const dt_t *t)
{
  MPI_Aint n = count > 1 ? count - 1 : 0, lo = t->true_lb, hi = t->true_lb + t->true_extent;
  if (t->extent >= 0) {
    char *p = malloc((size_t)(hi - lo + n * t->extent) + 1);
    return p ? AT(p, -lo) : NULL;
  }
  size_t span = (size_t)(hi - lo - n * t->extent);
  char *p = malloc(span + sizeof p);
  if (!p)
    return NULL;
  char *base = AT(p, -(lo + n * t->extent));
  memcpy(AT(base, hi), &p, sizeof p);
  return base;
}

void dt_tmp_free(void *base, const dt_t *t)
{
  if (!base)
    return;
  if (t->extent >= 0) {
    free(AT(base, t->true_lb));
    return;
  }
  char *p;
  memcpy(&p, AT(base, t->true_lb + t->true_extent), sizeof p);
  free(p);
}
