/* Datatypes: the predefined type table (with each type's external32 form,
 * which pack.c converts), the table of derived types behind handles,
 * references, and the constructors, which flatten a typemap: a type keeps
 * one element's data as merged (offset, length) blocks; a type mixing
 * predefined types also keeps its values as runs of one type each. The
 * engine in pack.c walks those. */
#include "datatype.h"
#include "ext32.h"
#include <complex.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* ---------------------------------------------------------------- predefined types */

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
  X(26, float _Complex, "MPI_C_COMPLEX", X_FLOAT, 4, 2, 26) /* MPICH's name of it */                                                     \
  X(27, double _Complex, "MPI_C_DOUBLE_COMPLEX", X_FLOAT, 8, 2, 27)                                                     \
  X(28, long double _Complex, "MPI_C_LONG_DOUBLE_COMPLEX", X_LDBL, 16, 2, 28)                                           \
  X(29, MPI_Aint, "MPI_AINT", X_SINT, 8, 1, KI(MPI_Aint))                                                               \
  X(30, MPI_Offset, "MPI_OFFSET", X_SINT, 8, 1, KI(MPI_Offset))                                                         \
  X(31, MPI_Count, "MPI_COUNT", X_SINT, 8, 1, KI(MPI_Count))                                                            \
  X(32, unsigned char, "MPI_PACKED", X_RAW, 1, 1, 32)                                                                   \
  X(39, __float128, "MPI_REAL16", X_QUAD, 16, 1, 39)                                                                   \
  X(42, dt_complex_quad, "MPI_COMPLEX32", X_QUAD, 16, 2, 42)

/* {T value; int index} for MINLOC/MAXLOC: P(idx, T, name, external32 kind and size of the value) */
#define PAIR_TYPES(P)                                                                                                  \
  P(33, float, "MPI_FLOAT_INT", X_FLOAT, 4)                                                                             \
  P(34, double, "MPI_DOUBLE_INT", X_FLOAT, 8)                                                                           \
  P(35, long, "MPI_LONG_INT", X_SINT, 4)                                                                                \
  P(36, int, "MPI_2INT", X_SINT, 4)                                                                                     \
  P(37, short, "MPI_SHORT_INT", X_SINT, 2)                                                                              \
  P(38, long double, "MPI_LONG_DOUBLE_INT", X_LDBL, 16)                                                                \
  P(58, int, "MPI_2INTEGER", X_SINT, 4)

/* Fortran's and C++'s own types: named apart from the C type of the same layout, which
 * they move and reduce as (dt_twin). L(idx, twin, C type, name, external32 kind and size
 * of one scalar, scalars, kind) */
#define LANG_TYPES(L)                                                                                                  \
  L(43, 1, char, "MPI_CHARACTER", X_RAW, 1, 1, KI(char))                                                                 \
  L(44, 8, int, "MPI_INTEGER", X_SINT, 4, 1, KI(int))                                                                     \
  L(45, 8, int, "MPI_LOGICAL", X_SINT, 4, 1, KI(int))                                                                     \
  L(46, 14, float, "MPI_REAL", X_FLOAT, 4, 1, 14)                                                                         \
  L(47, 15, double, "MPI_DOUBLE_PRECISION", X_FLOAT, 8, 1, 15)                                                            \
  L(48, 26, float _Complex, "MPI_COMPLEX", X_FLOAT, 4, 2, 26)                                                             \
  L(49, 27, double _Complex, "MPI_DOUBLE_COMPLEX", X_FLOAT, 8, 2, 27)                                                     \
  L(50, 17, int8_t, "MPI_INTEGER1", X_RAW, 1, 1, KI(int8_t))                                                              \
  L(51, 18, int16_t, "MPI_INTEGER2", X_SINT, 2, 1, KI(int16_t))                                                           \
  L(52, 19, int32_t, "MPI_INTEGER4", X_SINT, 4, 1, KI(int32_t))                                                           \
  L(53, 20, int64_t, "MPI_INTEGER8", X_SINT, 8, 1, KI(int64_t))                                                           \
  L(54, 14, float, "MPI_REAL4", X_FLOAT, 4, 1, 14)                                                                        \
  L(55, 15, double, "MPI_REAL8", X_FLOAT, 8, 1, 15)                                                                       \
  L(56, 26, float _Complex, "MPI_COMPLEX8", X_FLOAT, 4, 2, 26)                                                            \
  L(57, 27, double _Complex, "MPI_COMPLEX16", X_FLOAT, 8, 2, 27)                                                          \
  L(61, 25, bool, "MPI_CXX_BOOL", X_RAW, 1, 1, KI(bool))                                                                  \
  L(62, 26, float _Complex, "MPI_CXX_FLOAT_COMPLEX", X_FLOAT, 4, 2, 26)                                                   \
  L(63, 27, double _Complex, "MPI_CXX_DOUBLE_COMPLEX", X_FLOAT, 8, 2, 27)                                                 \
  L(64, 28, long double _Complex, "MPI_CXX_LONG_DOUBLE_COMPLEX", X_LDBL, 16, 2, 28)
/* Fortran's MINLOC/MAXLOC pairs of two values of one type (the index is of that type too):
 * W(idx, T, name, external32 kind and size of one value) */
#define TWO_TYPES(W)                                                                                                   \
  W(59, float, "MPI_2REAL", X_FLOAT, 4)                                                                                 \
  W(60, double, "MPI_2DOUBLE_PRECISION", X_FLOAT, 8)

#define PAIR(T) struct { T a; int b; }
/* where the int of a pair lies: after the value, aligned as an int */
#define PAIR_IOFF(T) ((sizeof(T) + _Alignof(int) - 1) / _Alignof(int) * _Alignof(int))
#define PAIR_SIZE(T) (sizeof(T) + sizeof(int))
#define PAIR_CONTIG(T) (PAIR_SIZE(T) == sizeof(PAIR(T)))

#define S_BLOCK(idx, T, nm, xk, xs, cnt, kl) [idx] = {{0, sizeof(T)}, {0, 0}},
#define PAIR_GAP(T) (PAIR_IOFF(T) != sizeof(T)) /* padding between the value and the int */
#define P_BLOCK(idx, T, nm, xk, xs) [idx] = {{0, PAIR_GAP(T) ? sizeof(T) : PAIR_SIZE(T)}, {PAIR_IOFF(T), sizeof(int)}},
#define L_BLOCK(idx, tw, ...) S_BLOCK(idx, __VA_ARGS__)
#define W_BLOCK(idx, T, nm, xk, xs) [idx] = {{0, 2 * sizeof(T)}, {0, 0}},
static dt_block_t basic_blocks[SIMPI_NUM_BASIC_TYPES][2] = {SCALAR_TYPES(S_BLOCK) PAIR_TYPES(P_BLOCK)
                                                                LANG_TYPES(L_BLOCK) TWO_TYPES(W_BLOCK)};

#define S_RUN(idx, T, nm, xk, xs, cnt, kl) [idx] = {0, 1, idx},
#define P_RUN(idx, T, nm, xk, xs) [idx] = {0, 1, idx},
#define L_RUN(idx, tw, ...) S_RUN(idx, __VA_ARGS__)
#define W_RUN(idx, T, nm, xk, xs) [idx] = {0, 1, idx},
static dt_run_t basic_runs[SIMPI_NUM_BASIC_TYPES] = {SCALAR_TYPES(S_RUN) PAIR_TYPES(P_RUN) LANG_TYPES(L_RUN)
                                                         TWO_TYPES(W_RUN)};

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
/* MPI_LB and MPI_UB: no data, no extent (build() gives them their meaning in a struct) */
#define MARKER(idx, nm) [idx] = {.name = nm, .id = idx, .committed = 1, .align = 1, .klass = idx, .dense = 1},
#define DT_LB 40
#define DT_UB 41
#define L_TYPE(idx, tw, ...) S_TYPE(idx, __VA_ARGS__)
#define W_TYPE(idx, T, nm, xk, xs)                                                                                     \
  [idx] = {.size = 2 * sizeof(T), .extent = 2 * sizeof(T), .contig = 1, .dense = 1, .basic = idx, .nblocks = 1,       \
           .blocks = basic_blocks[idx], .name = nm, .true_extent = 2 * sizeof(T), .nruns = 1,                         \
           .runs = &basic_runs[idx], .nelems = 2, .id = idx, .committed = 1, .align = _Alignof(T), .klass = idx},
static dt_t basic[SIMPI_NUM_BASIC_TYPES] = {SCALAR_TYPES(S_TYPE) PAIR_TYPES(P_TYPE) LANG_TYPES(L_TYPE)
                                                TWO_TYPES(W_TYPE) MARKER(DT_LB, "MPI_LB") MARKER(DT_UB, "MPI_UB")};

#define S_CONV(idx, T, nm, xk, xs, cnt, kl) [idx] = {xk, sizeof(T) / cnt, xs, cnt},
#define P_CONV(idx, T, nm, xk, xs) [idx] = {xk, sizeof(T), xs, 1},
#define L_CONV(idx, tw, ...) S_CONV(idx, __VA_ARGS__)
#define W_CONV(idx, T, nm, xk, xs) [idx] = {xk, sizeof(T), xs, 2},
const dt_xconv_t dt_xconv[SIMPI_NUM_BASIC_TYPES] = {SCALAR_TYPES(S_CONV) PAIR_TYPES(P_CONV) LANG_TYPES(L_CONV)
                                                        TWO_TYPES(W_CONV)};

dt_t *dt_basic(int idx) { return idx > 0 && idx < SIMPI_NUM_BASIC_TYPES ? &basic[idx] : NULL; }

#define L_TWIN(idx, tw, ...) [idx] = tw,
static const unsigned char twins[SIMPI_NUM_BASIC_TYPES] = {LANG_TYPES(L_TWIN)[58] = 36};

int dt_twin(int idx) { return idx > 0 && idx < SIMPI_NUM_BASIC_TYPES && twins[idx] ? twins[idx] : idx; }

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
  free(t->how.counts);
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

int dt_set_contents(dt_t *t, int combiner, int ni, const int *ints, int na, const MPI_Aint *aints, int nc,
                    const MPI_Count *counts, int nd, dt_t *const *types)
{
  dt_contents_t *h = &t->how;
  h->combiner = combiner;
  h->ints = ni ? malloc(sizeof *ints * (size_t)ni) : NULL;
  h->aints = na ? malloc(sizeof *aints * (size_t)na) : NULL;
  h->counts = nc ? malloc(sizeof *counts * (size_t)nc) : NULL;
  h->types = nd ? malloc(sizeof *types * (size_t)nd) : NULL;
  if ((ni && !h->ints) || (na && !h->aints) || (nc && !h->counts) || (nd && !h->types))
    return -1;
  h->ni = ni;
  h->na = na;
  h->nc = nc;
  h->nd = nd;
  if (ni)
    memcpy(h->ints, ints, sizeof *ints * (size_t)ni);
  if (na)
    memcpy(h->aints, aints, sizeof *aints * (size_t)na);
  if (nc)
    memcpy(h->counts, counts, sizeof *counts * (size_t)nc);
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
  int bounded = 0, touched = 0, same = 1, klass = -1, type = -1, align = 1, marks = 0;
  MPI_Aint lb = 0, ub = 0, tlb = 0, tub = 0, mark_lb = 0, mark_ub = 0;
  const dt_t *first = NULL;
  for (size_t i = 0; i < n && !b.oom; i++) {
    dt_piece_t pc = piece(ps, i);
    const dt_piece_t *p = &pc;
    const dt_t *c = p->type;
    if (is_struct && (c == &basic[DT_LB] || c == &basic[DT_UB])) {
      /* MPI_LB/MPI_UB in a struct, as MPICH 4.0: the struct of the other pieces, then the last
       * marker of each kind sets that bound */
      marks |= c == &basic[DT_LB] ? 1 : 2;
      *(c == &basic[DT_LB] ? &mark_lb : &mark_ub) = p->disp;
      continue;
    }
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
  if (marks) {
    MPI_Aint end = marks & 2 ? mark_ub : t->lb + t->extent;
    t->lb = marks & 1 ? mark_lb : t->lb;
    t->extent = end - t->lb;
  }
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
