/* The datatype engine: packs, unpacks and copies typed buffers (walking
 * each type's merged blocks), counts basic elements, converts to and from
 * external32, walks the runs of predefined values for reductions, and
 * allocates scratch buffers laid out like a type. */
#include "datatype.h"
#include "ext32.h"
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Address arithmetic that also works from MPI_BOTTOM (a null pointer). */
#define AT(p, off) ((char *)((uintptr_t)(p) + (uintptr_t)(MPI_Aint)(off)))

/* ---------------------------------------------------------------- moving data */

void dt_pack(const void *buf, MPI_Count count, const dt_t *t, void *out)
{
  if (count <= 0 || !t->size)
    return;
  if (t->dense) {
    memcpy(out, AT(buf, t->blocks[0].off), (size_t)count * t->size);
    return;
  }
  char *o = out;
  const dt_block_t *bl = t->blocks, *end = bl + t->nblocks;
  for (MPI_Count i = 0; i < count; i++) {
    const char *e = AT(buf, (MPI_Aint)i * t->extent);
    for (const dt_block_t *b = bl; b < end; b++) {
      memcpy(o, AT(e, b->off), b->len);
      o += b->len;
    }
  }
}

void dt_unpack(const void *in, size_t bytes, void *buf, MPI_Count count, const dt_t *t)
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
  for (MPI_Count i = 0; i < count && p < pend; i++) {
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
static void pack_upto(const void *buf, MPI_Count count, const dt_t *t, void *out, size_t max)
{
  size_t whole = t->size ? max / t->size : 0;
  if (whole > (size_t)count)
    whole = (size_t)count;
  dt_pack(buf, (MPI_Count)whole, t, out);
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

void dt_copy(const void *sbuf, MPI_Count scount, const dt_t *st, void *dbuf, MPI_Count dcount, const dt_t *dtt)
{
  size_t sent = (size_t)scount * st->size;
  size_t cap = (size_t)dcount * dtt->size;
  size_t n = sent < cap ? sent : cap;
  if (n == 0 || (sbuf == dbuf && st == dtt && scount == dcount)) /* onto itself (MPI_IN_PLACE) */
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

/* A MINLOC/MAXLOC pair whose index is an int (MPI_2INT; not MPI_2REAL, whose two values are its scalars). */
static int int_index(int idx) { return dt_basic(idx)->nelems > dt_xconv[idx].count; }

MPI_Count dt_elements(const dt_t *t, MPI_Count bytes)
{
  if (bytes <= 0 || !t->size)
    return 0;
  MPI_Count whole = bytes / (MPI_Count)t->size, rest = bytes % (MPI_Count)t->size;
  MPI_Count n = whole * (MPI_Count)t->nelems;
  for (size_t i = 0; i < dt_nruns(t) && rest; i++) {
    dt_run_t r = dt_run(t, i);
    const dt_t *b = dt_basic(r.basic);
    MPI_Count all = (MPI_Count)r.n * (MPI_Count)b->size;
    if (rest >= all) {
      n += (MPI_Count)r.n * (MPI_Count)b->nelems;
      rest -= all;
      continue;
    }
    n += rest / (MPI_Count)b->size * (MPI_Count)b->nelems;
    rest %= (MPI_Count)b->size;
    if (rest && int_index(r.basic) && rest == (MPI_Count)(b->size - sizeof(int))) /* a pair cut after its value */
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
  else if (kind == X_QUAD) { /* already IEEE quad: big-endian bytes */
    uint64_t w[2];
    memcpy(w, p, sizeof w);
    put_be(o, w[1], 8);
    put_be(o + 8, w[0], 8);
  } else if (kind == X_LDBL) {
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
  else if (kind == X_QUAD) {
    uint64_t w[2] = {get_be(in + 8, 8), get_be(in, 8)};
    memcpy(p, w, sizeof w);
  } else if (kind == X_LDBL)
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
  const dt_xconv_t *x = &dt_xconv[idx];
  return (MPI_Count)x->xsize * x->count + (int_index(idx) ? 4 : 0);
}

MPI_Count dt_ext32_size(const dt_t *t)
{
  MPI_Count n = 0;
  if (!t->runs) /* one predefined type */
    return t->size ? (MPI_Count)(t->size / dt_basic(t->basic)->size) * basic_ext32_size(t->basic) : 0;
  for (size_t i = 0; i < t->nruns; i++)
    n += (MPI_Count)t->runs[i].n * basic_ext32_size(t->runs[i].basic);
  return n;
}

/* Converts n values of predefined type idx at p (one extent apart) to or from o. */
static unsigned char *run_ext32(char *p, unsigned char *o, size_t n, int idx, int out)
{
  const dt_xconv_t *x = &dt_xconv[idx];
  const dt_t *b = dt_basic(idx);
  for (size_t k = 0; k < n; k++, p += b->extent) {
    for (int c = 0; c < x->count; c++, o += x->xsize) {
      if (out)
        scalar_out(p + c * x->nsize, o, x->kind, x->nsize, x->xsize);
      else
        scalar_in(o, p + c * x->nsize, x->kind, x->nsize, x->xsize);
    }
    if (int_index(idx)) { /* the int index ends the pair's data */
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

static void walk_ext32(const void *buf, MPI_Count count, const dt_t *t, unsigned char *o, int out)
{
  for (MPI_Count i = 0; i < count; i++)
    for (size_t k = 0, nr = dt_nruns(t); k < nr; k++) {
      dt_run_t r = dt_run(t, k);
      o = run_ext32(AT(buf, (MPI_Aint)i * t->extent + r.off), o, r.n, r.basic, out);
    }
}

void dt_pack_ext32(const void *buf, MPI_Count count, const dt_t *t, void *out) { walk_ext32(buf, count, t, out, 1); }

void dt_unpack_ext32(const void *in, void *buf, MPI_Count count, const dt_t *t)
{
  walk_ext32(buf, count, t, (unsigned char *)(uintptr_t)in, 0);
}

/* ---------------------------------------------------------------- reductions, scratch buffers */

void dt_apply_runs(MPI_Op op, const void *in, void *inout, MPI_Count count, const dt_t *t, dt_run_fn *fn)
{
  for (MPI_Count i = 0; i < count; i++)
    for (size_t k = 0, nr = dt_nruns(t); k < nr; k++) {
      dt_run_t r = dt_run(t, k);
      MPI_Aint off = (MPI_Aint)i * t->extent + r.off;
      const dt_t *b = dt_basic(r.basic);
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
void *dt_tmp_alloc(MPI_Count count, const dt_t *t)
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
