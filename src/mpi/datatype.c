/* Datatypes: predefined type table and the pack/unpack/copy engine. Derived
 * types will add entries to the same table with longer block lists. */
#include "datatype.h"
#include <complex.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#define PAIR(T1, T2) struct { T1 a; T2 b; }
#define BASIC(idx, T, nm) [idx] = {sizeof(T), 0, sizeof(T), 1, idx, 1, &blocks[idx], nm}
#define PAIRT(idx, T1, T2, nm)                                                                                         \
  [idx] = {sizeof(T1) + sizeof(T2), 0, sizeof(PAIR(T1, T2)), sizeof(T1) + sizeof(T2) == sizeof(PAIR(T1, T2)), idx,     \
           0, NULL, nm}

static dt_block_t blocks[SIMPI_NUM_BASIC_TYPES];

static dt_t basic[SIMPI_NUM_BASIC_TYPES] = {
    BASIC(1, char, "MPI_CHAR"), BASIC(2, signed char, "MPI_SIGNED_CHAR"),
    BASIC(3, unsigned char, "MPI_UNSIGNED_CHAR"), BASIC(4, unsigned char, "MPI_BYTE"),
    BASIC(5, wchar_t, "MPI_WCHAR"), BASIC(6, short, "MPI_SHORT"),
    BASIC(7, unsigned short, "MPI_UNSIGNED_SHORT"), BASIC(8, int, "MPI_INT"),
    BASIC(9, unsigned, "MPI_UNSIGNED"), BASIC(10, long, "MPI_LONG"),
    BASIC(11, unsigned long, "MPI_UNSIGNED_LONG"), BASIC(12, long long, "MPI_LONG_LONG_INT"),
    BASIC(13, unsigned long long, "MPI_UNSIGNED_LONG_LONG"), BASIC(14, float, "MPI_FLOAT"),
    BASIC(15, double, "MPI_DOUBLE"), BASIC(16, long double, "MPI_LONG_DOUBLE"),
    BASIC(17, int8_t, "MPI_INT8_T"), BASIC(18, int16_t, "MPI_INT16_T"),
    BASIC(19, int32_t, "MPI_INT32_T"), BASIC(20, int64_t, "MPI_INT64_T"),
    BASIC(21, uint8_t, "MPI_UINT8_T"), BASIC(22, uint16_t, "MPI_UINT16_T"),
    BASIC(23, uint32_t, "MPI_UINT32_T"), BASIC(24, uint64_t, "MPI_UINT64_T"),
    BASIC(25, bool, "MPI_C_BOOL"), BASIC(26, float _Complex, "MPI_C_FLOAT_COMPLEX"),
    BASIC(27, double _Complex, "MPI_C_DOUBLE_COMPLEX"), BASIC(28, long double _Complex, "MPI_C_LONG_DOUBLE_COMPLEX"),
    BASIC(29, MPI_Aint, "MPI_AINT"), BASIC(30, MPI_Offset, "MPI_OFFSET"),
    BASIC(31, MPI_Count, "MPI_COUNT"), BASIC(32, unsigned char, "MPI_PACKED"),
    PAIRT(33, float, int, "MPI_FLOAT_INT"), PAIRT(34, double, int, "MPI_DOUBLE_INT"),
    PAIRT(35, long, int, "MPI_LONG_INT"), PAIRT(36, int, int, "MPI_2INT"),
    PAIRT(37, short, int, "MPI_SHORT_INT"), PAIRT(38, long double, int, "MPI_LONG_DOUBLE_INT"),
};

/* Pair types keep both members' blocks; the value for reductions is the pair. */
static dt_block_t pair_blocks[SIMPI_NUM_BASIC_TYPES][2];

static void init_table(void)
{
  for (int i = 1; i < SIMPI_NUM_BASIC_TYPES; i++) {
    dt_t *t = &basic[i];
    if (t->blocks) {
      blocks[i].off = 0;
      blocks[i].len = t->size;
      continue;
    }
    /* pair {T value; int index}: the int follows the value (checked for all five) */
    size_t first = t->size - sizeof(int);
    t->basic = i;
    if (t->contig) {
      pair_blocks[i][0] = (dt_block_t){0, t->size};
      t->nblocks = 1;
    } else {
      pair_blocks[i][0] = (dt_block_t){0, first};
      pair_blocks[i][1] = (dt_block_t){(MPI_Aint)first, sizeof(int)};
      t->nblocks = 2;
    }
    t->blocks = pair_blocks[i];
  }
}

dt_t *dt_get(MPI_Datatype h)
{
  static int ready;
  if (!ready) {
    init_table();
    ready = 1;
  }
  unsigned idx = (unsigned)h & 0xffffff;
  if (((unsigned)h >> 24) != SIMPI_KIND_TYPE || idx == 0 || idx >= SIMPI_NUM_BASIC_TYPES)
    return NULL;
  return &basic[idx];
}

void dt_pack(const void *buf, int count, const dt_t *t, void *out)
{
  if (t->contig) {
    memcpy(out, buf, (size_t)count * t->size);
    return;
  }
  char *o = out;
  for (int i = 0; i < count; i++) {
    const char *e = (const char *)buf + (MPI_Aint)i * t->extent;
    for (size_t b = 0; b < t->nblocks; b++) {
      memcpy(o, e + t->blocks[b].off, t->blocks[b].len);
      o += t->blocks[b].len;
    }
  }
}

void dt_unpack(const void *in, size_t bytes, void *buf, int count, const dt_t *t)
{
  if (t->contig) {
    size_t n = (size_t)count * t->size;
    memcpy(buf, in, bytes < n ? bytes : n);
    return;
  }
  const char *p = in;
  const char *end = p + bytes;
  for (int i = 0; i < count && p < end; i++) {
    char *e = (char *)buf + (MPI_Aint)i * t->extent;
    for (size_t b = 0; b < t->nblocks && p < end; b++) {
      size_t len = t->blocks[b].len;
      if ((size_t)(end - p) < len)
        len = (size_t)(end - p);
      memcpy(e + t->blocks[b].off, p, len);
      p += len;
    }
  }
}

void dt_copy(const void *sbuf, int scount, const dt_t *st, void *dbuf, int dcount, const dt_t *dtt)
{
  size_t sent = (size_t)scount * st->size;
  size_t cap = (size_t)dcount * dtt->size;
  size_t n = sent < cap ? sent : cap;
  if (n == 0)
    return;
  if (st->contig && dtt->contig) {
    memmove(dbuf, sbuf, n);
    return;
  }
  void *tmp = malloc(sent);
  dt_pack(sbuf, scount, st, tmp);
  dt_unpack(tmp, n, dbuf, dcount, dtt);
  free(tmp);
}
