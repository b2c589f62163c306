/* Unit tests of the datatype engine (src/core/datatype.c, pack.c), without MPI calls:
 * block merging and sizes of large types, struct padding, Get_elements
 * counting, copies between non-contiguous layouts, external32 bytes of mixed
 * structs and long doubles (MPICH 4.0 cannot be compared there), scratch
 * buffers for negative extents, and references. */
#include "unit.h"
#include "../../src/core/datatype.h"
#include <complex.h>
#include <float.h>
#include <stdint.h>
#include <string.h>

#define T(h) dt_get(h)

static dt_t *vector(size_t count, size_t blocklen, MPI_Aint stride, const dt_t *old)
{
  return dt_build_strided(count, blocklen, stride * old->extent, old);
}

static dt_t *contiguous(size_t count, const dt_t *old)
{
  dt_piece_t p = {count, 0, old};
  return dt_build(&p, 1, 0);
}

static void test_merging(void)
{
  dt_t *c = contiguous(3, T(MPI_INT));
  EXPECT(c->nblocks == 1 && c->contig && c->size == 12 && c->extent == 12 && c->basic == 8);
  EXPECT(!c->runs && dt_nruns(c) == 1 && dt_run(c, 0).n == 3 && dt_run(c, 0).basic == 8);
  /* a huge contiguous type stays one block and one run */
  dt_t *h = contiguous((size_t)1 << 33, T(MPI_DOUBLE));
  EXPECT(h->nblocks == 1 && h->size == (size_t)8 << 33 && dt_nruns(h) == 1);
  dt_t *hh = contiguous(1000, h); /* contiguous of contiguous: still one block */
  EXPECT(hh->nblocks == 1 && dt_nruns(hh) == 1 && hh->nelems == ((size_t)1000 << 33));
  /* one block away from offset 0: dense (copied in one go) but not contig */
  dt_piece_t one = {2, 8, T(MPI_INT)};
  dt_t *o = dt_build(&one, 1, 0);
  EXPECT(o->dense && !o->contig && o->lb == 8 && o->extent == 8);
  int src8[6] = {-1, -1, 1, 2, 3, 4}, dst8[6] = {0, 0, 0, 0, 0, 0}, packed8[4];
  dt_pack(src8, 2, o, packed8); /* data at bytes 8.. of each element */
  EXPECT(packed8[0] == 1 && packed8[3] == 4);
  dt_copy(src8, 2, o, dst8, 4, T(MPI_INT));
  EXPECT(dst8[0] == 1 && dst8[3] == 4 && dst8[4] == 0);
  dt_release(o);
  /* a dense vector (stride == blocklength) merges into one block */
  dt_t *d = vector(1000, 4, 4, T(MPI_INT));
  EXPECT(d->nblocks == 1 && d->contig && d->size == 16000);
  /* a strided vector of a million doubles: one block per element, no separate runs */
  dt_t *v = vector(1000000, 1, 2, T(MPI_DOUBLE));
  EXPECT(v->nblocks == 1000000 && !v->runs && dt_nruns(v) == 1000000 && v->extent == (MPI_Aint)(2 * 1000000 - 1) * 8);
  EXPECT(v->basic == 15 && !v->contig);
  /* the pair type MPI_DOUBLE_INT ends with a hole: copies do not merge blocks but do merge runs */
  dt_t *p = contiguous(10, T(MPI_DOUBLE_INT));
  EXPECT(p->nblocks == 10 && p->nruns == 1 && p->runs[0].n == 10 && p->nelems == 20);
  /* a mixed type writes its runs out when the second type arrives */
  dt_piece_t m[3] = {{2, 0, T(MPI_INT)}, {1, 8, T(MPI_INT)}, {1, 16, T(MPI_FLOAT)}};
  dt_t *mx = dt_build(m, 3, 0);
  EXPECT(mx->nblocks == 2 && mx->nruns == 2 && mx->runs[0].n == 3 && mx->runs[1].basic == 14 && mx->basic == 0);
  dt_release(mx);
  EXPECT(T(MPI_DOUBLE_INT)->nblocks == 1 && T(MPI_DOUBLE_INT)->blocks[0].len == 12);
  EXPECT(T(MPI_LONG_DOUBLE_INT)->nblocks == 1 && T(MPI_LONG_DOUBLE_INT)->blocks[0].len == 20);
  /* MPI_SHORT_INT: the int follows the short at offset 4 */
  EXPECT(T(MPI_SHORT_INT)->blocks[1].off == 4 && T(MPI_SHORT_INT)->true_extent == 8);
  dt_release(c);
  dt_release(h);
  dt_release(hh);
  dt_release(d);
  dt_release(v);
  dt_release(p);
}

static void test_struct_padding(void)
{
  /* {int, char}: padded to 8 as a C compiler (and MPICH) would */
  dt_piece_t a[2] = {{1, 0, T(MPI_INT)}, {1, 4, T(MPI_CHAR)}};
  dt_t *s = dt_build(a, 2, 1);
  EXPECT(s->size == 5 && s->extent == 8 && s->true_extent == 5);
  /* the same pieces as an hindexed-like build: no padding */
  dt_t *h = dt_build(a, 2, 0);
  EXPECT(h->extent == 5);
  /* all members of one kind: no padding */
  dt_piece_t b[2] = {{1, 0, T(MPI_INT)}, {1, 5, T(MPI_UNSIGNED)}};
  dt_t *u = dt_build(b, 2, 1);
  EXPECT(u->extent == 9);
  /* long double forces 16 */
  dt_piece_t c[2] = {{1, 0, T(MPI_LONG_DOUBLE)}, {1, 16, T(MPI_CHAR)}};
  dt_t *l = dt_build(c, 2, 1);
  EXPECT(l->extent == 32);
  dt_release(s);
  dt_release(h);
  dt_release(u);
  dt_release(l);
}

static void test_elements(void)
{
  dt_piece_t a[3] = {{1, 0, T(MPI_DOUBLE)}, {2, 8, T(MPI_INT)}, {1, 16, T(MPI_CHAR)}};
  dt_t *s = dt_build(a, 3, 1); /* 8 + 8 + 1 = 17 bytes, 4 elements */
  EXPECT(s->size == 17 && s->nelems == 4);
  EXPECT(dt_elements(s, 17 * 3) == 12);
  EXPECT(dt_elements(s, 17 + 8) == 5);
  EXPECT(dt_elements(s, 17 + 12) == 6);
  EXPECT(dt_elements(s, 17 + 10) == -1);
  EXPECT(dt_elements(s, 0) == 0);
  EXPECT(dt_elements(T(MPI_2INT), 16) == 4);
  EXPECT(dt_elements(T(MPI_DOUBLE_INT), 12 + 8) == 3); /* one pair and a value */
  dt_release(s);
}

static void test_copy(void)
{
  /* 6 ints taken every other one, copied into every third one, then a partial copy */
  int src[12], dst[18];
  for (int i = 0; i < 12; i++)
    src[i] = i;
  for (int i = 0; i < 18; i++)
    dst[i] = -1;
  dt_t *every2 = vector(6, 1, 2, T(MPI_INT)), *every3 = vector(6, 1, 3, T(MPI_INT));
  dt_copy(src, 1, every2, dst, 1, every3);
  int ok = 1;
  for (int i = 0; i < 18; i++)
    ok &= dst[i] == (i % 3 ? -1 : 2 * (i / 3));
  EXPECT(ok);
  for (int i = 0; i < 18; i++)
    dst[i] = -1;
  dt_copy(src, 1, every2, dst, 4, T(MPI_INT)); /* truncated to 4 ints */
  EXPECT(dst[0] == 0 && dst[1] == 2 && dst[2] == 4 && dst[3] == 6 && dst[4] == -1);
  for (int i = 0; i < 18; i++)
    dst[i] = -1;
  dt_copy(src, 5, T(MPI_INT), dst, 1, every3); /* fewer than the receive type holds */
  EXPECT(dst[0] == 0 && dst[3] == 1 && dst[12] == 4 && dst[15] == -1);
  /* MPI_BOTTOM: absolute displacements from a null base */
  double x = 2.5, y = 0;
  dt_piece_t a = {1, (MPI_Aint)(uintptr_t)&x, T(MPI_DOUBLE)}, b = {1, (MPI_Aint)(uintptr_t)&y, T(MPI_DOUBLE)};
  dt_t *ax = dt_build(&a, 1, 1), *ay = dt_build(&b, 1, 1);
  dt_copy(NULL, 1, ax, NULL, 1, ay);
  EXPECT(y == 2.5);
  dt_release(ax);
  dt_release(ay);
  dt_release(every2);
  dt_release(every3);
}

static void test_external32(void)
{
  /* {char 'A', double 1.0, int -2, long 65537} */
  char buf[32];
  memset(buf, 0, sizeof buf);
  double one = 1.0;
  int m2 = -2;
  long l = 65537;
  buf[0] = 'A';
  memcpy(buf + 8, &one, 8);
  memcpy(buf + 16, &m2, 4);
  memcpy(buf + 24, &l, 8);
  dt_piece_t p[4] = {{1, 0, T(MPI_CHAR)}, {1, 8, T(MPI_DOUBLE)}, {1, 16, T(MPI_INT)}, {1, 24, T(MPI_LONG)}};
  dt_t *s = dt_build(p, 4, 1);
  EXPECT(dt_ext32_size(s) == 1 + 8 + 4 + 4);
  unsigned char out[17];
  static const unsigned char want[17] = {0x41, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xfe, 0, 1, 0, 1};
  dt_pack_ext32(buf, 1, s, out);
  EXPECT(!memcmp(out, want, 17));
  char back[32];
  memset(back, 0, sizeof back);
  dt_unpack_ext32(out, back, 1, s);
  EXPECT(!memcmp(back, buf, 32));
  /* pairs: value then int */
  struct {
    short v;
    int k;
  } si = {-2, 7}, si2 = {0, 0};
  unsigned char po[6];
  static const unsigned char pw[6] = {0xff, 0xfe, 0, 0, 0, 7};
  EXPECT(dt_ext32_size(T(MPI_SHORT_INT)) == 6);
  dt_pack_ext32(&si, 1, T(MPI_SHORT_INT), po);
  EXPECT(!memcmp(po, pw, 6));
  dt_unpack_ext32(po, &si2, 1, T(MPI_SHORT_INT));
  EXPECT(si2.v == -2 && si2.k == 7);
  /* long double: IEEE quad, exact round trips of x87 values (normal, denormal, special) */
  long double v[8] = {1.0L, -3.5L, LDBL_MAX, LDBL_MIN, LDBL_MIN / 1024, 0.0L, -0.0L, 1.0L / 3};
  unsigned char q[8 * 16];
  long double w[8];
  EXPECT(dt_ext32_size(T(MPI_LONG_DOUBLE)) == 16);
  dt_pack_ext32(v, 8, T(MPI_LONG_DOUBLE), q);
  static const unsigned char qone[16] = {0x3f, 0xff};
  static const unsigned char qm35[16] = {0xc0, 0x00, 0xc0};
  EXPECT(!memcmp(q, qone, 16));
  EXPECT(!memcmp(q + 16, qm35, 16));
  memset(w, 0, sizeof w);
  dt_unpack_ext32(q, w, 8, T(MPI_LONG_DOUBLE));
  int same = 1;
  for (int i = 0; i < 8; i++)
    same &= w[i] == v[i] && signbit(w[i]) == signbit(v[i]);
  EXPECT(same);
  long double inf = (long double)INFINITY, nan_ = (long double)NAN, r[2];
  long double sp[2] = {inf, nan_};
  dt_pack_ext32(sp, 2, T(MPI_LONG_DOUBLE), q);
  dt_unpack_ext32(q, r, 2, T(MPI_LONG_DOUBLE));
  EXPECT(isinf(r[0]) && r[0] > 0 && isnan(r[1]));
  /* complex: two components */
  double _Complex z = 1.0 + 2.0 * I, z2 = 0;
  unsigned char zo[16];
  dt_pack_ext32(&z, 1, T(MPI_C_DOUBLE_COMPLEX), zo);
  EXPECT(zo[0] == 0x3f && zo[1] == 0xf0 && zo[8] == 0x40 && zo[9] == 0x00);
  dt_unpack_ext32(zo, &z2, 1, T(MPI_C_DOUBLE_COMPLEX));
  EXPECT(z2 == z);
  dt_release(s);
}

static void test_tmp(void)
{
  /* vector with a negative stride: data below element 0 */
  dt_t *neg = vector(3, 1, -2, T(MPI_INT));
  EXPECT(neg->true_lb == -16 && neg->true_extent == 20);
  int src[3] = {1, 2, 3}, back[3];
  for (int count = 1; count <= 4; count++) {
    void *tmp = dt_tmp_alloc(count, neg);
    int in[12], out[12];
    for (int i = 0; i < 12; i++)
      in[i] = i;
    dt_unpack(in, (size_t)count * 12, tmp, count, neg);
    dt_pack(tmp, count, neg, out);
    EXPECT(!memcmp(in, out, (size_t)count * 12));
    dt_tmp_free(tmp, neg);
  }
  /* resized to a negative extent */
  dt_t *r = dt_resized(T(MPI_INT), 0, -4);
  void *tmp = dt_tmp_alloc(3, r);
  dt_unpack(src, sizeof src, tmp, 3, r);
  EXPECT(((int *)tmp)[0] == 1 && ((int *)tmp)[-1] == 2 && ((int *)tmp)[-2] == 3);
  dt_pack(tmp, 3, r, back);
  EXPECT(!memcmp(src, back, sizeof src));
  dt_tmp_free(tmp, r);
  dt_release(neg);
  dt_release(r);
}

static void test_references(void)
{
  dt_t *c = contiguous(2, T(MPI_INT));
  MPI_Datatype h = dt_handle_new(c);
  EXPECT(dt_lookup(h) == c && !dt_get(h)); /* not committed yet */
  c->committed = 1;
  EXPECT(dt_get(h) == c);
  dt_t *v = vector(3, 1, 2, c); /* v does not reference c: its typemap is flattened */
  dt_retain(c);                 /* a pending request */
  dt_handle_free(h);
  EXPECT(!dt_lookup(h));
  EXPECT(c->refs == 1 && c->size == 8); /* still alive for the request */
  dt_release(c);
  /* handles are reused after being freed */
  dt_t *d = contiguous(1, T(MPI_INT));
  MPI_Datatype h2 = dt_handle_new(d);
  EXPECT(h2 == h);
  dt_handle_free(h2);
  dt_release(v);
  EXPECT(!dt_lookup(MPI_DATATYPE_NULL) && dt_get(MPI_INT) && !dt_get(SIMPI_T(0)));
}

int main(void)
{
  (void)unit_platform; /* no simulation needed here */
  test_merging();
  test_struct_padding();
  test_elements();
  test_copy();
  test_external32();
  test_tmp();
  test_references();
  return unit_end("datatype_test");
}
