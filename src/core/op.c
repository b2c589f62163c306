/* Reduction operations: the predefined ops on basic types, generated per
 * (op, type) by macros, applied element by element to derived types made of
 * one basic type; the table of user operations.
 * MINLOC/MAXLOC work on the pair types; logical ops on integers and bool;
 * bitwise ops on integers and bytes; SUM/PROD also on complex types. */
#include "op.h"
#include "../runtime/fpu.h"
#include <complex.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

/* The element-wise loops below run on every reduction's data, for real: vectorized (-O2's cost
 * model leaves a loop of unknown length scalar; this one checks at run time that the buffers do
 * not overlap). Scalar, one byte sum was 39% of rma/large_acc_flush_local's 50 s. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("vect-cost-model=dynamic")
#endif

enum { OP_MAX = 1, OP_MIN, OP_SUM, OP_PROD, OP_LAND, OP_BAND, OP_LOR, OP_BOR, OP_LXOR, OP_BXOR, OP_MINLOC,
       OP_MAXLOC, OP_REPLACE, OP_NO_OP, OP_COUNT };

/* Type classes decide which ops are allowed. */
enum { C_INT = 1, C_FLOAT, C_COMPLEX, C_BYTE, C_BOOL, C_PAIR };

#define LOOP(T, EXPR)                                                                                                  \
  do {                                                                                                                 \
    const T *a = in;                                                                                                   \
    T *b = inout;                                                                                                      \
    for (MPI_Count i = 0; i < n; i++)                                                                                  \
      b[i] = (EXPR);                                                                                                   \
  } while (0)

#define ARITH(T)                                                                                                       \
  switch (op) {                                                                                                        \
  case OP_SUM: LOOP(T, a[i] + b[i]); return;                                                                           \
  case OP_PROD: LOOP(T, a[i] * b[i]); return;                                                                          \
  }
#define ORDER(T)                                                                                                       \
  switch (op) {                                                                                                        \
  case OP_MAX: LOOP(T, a[i] > b[i] ? a[i] : b[i]); return;                                                             \
  case OP_MIN: LOOP(T, a[i] < b[i] ? a[i] : b[i]); return;                                                             \
  }
#define LOGIC(T)                                                                                                       \
  switch (op) {                                                                                                        \
  case OP_LAND: LOOP(T, (T)(a[i] && b[i])); return;                                                                    \
  case OP_LOR: LOOP(T, (T)(a[i] || b[i])); return;                                                                     \
  case OP_LXOR: LOOP(T, (T)(!a[i] != !b[i])); return;                                                                  \
  }
#define BITS(T)                                                                                                        \
  switch (op) {                                                                                                        \
  case OP_BAND: LOOP(T, a[i] & b[i]); return;                                                                          \
  case OP_BOR: LOOP(T, a[i] | b[i]); return;                                                                           \
  case OP_BXOR: LOOP(T, a[i] ^ b[i]); return;                                                                          \
  }
#define INTEGER(T) ARITH(T) ORDER(T) LOGIC(T) BITS(T) break;
#define FLOATING(T) ARITH(T) ORDER(T) LOGIC(T) break;
#define PAIRLOC(T, K)                                                                                                  \
  {                                                                                                                    \
    typedef struct { T v; K k; } P;                                                                                    \
    const P *a = in;                                                                                                   \
    P *b = inout;                                                                                                      \
    for (MPI_Count i = 0; i < n; i++) {                                                                                \
      int take = op == OP_MINLOC ? a[i].v < b[i].v : a[i].v > b[i].v;                                                  \
      if (take || (a[i].v == b[i].v && a[i].k < b[i].k)) { /* fields only: a buffer may end before the padding */      \
        b[i].v = a[i].v;                                                                                               \
        b[i].k = a[i].k;                                                                                               \
      }                                                                                                                \
    }                                                                                                                  \
    return;                                                                                                            \
  }

/* Fortran's LOGICAL: an INTEGER for moving, a logical for reductions */
#define DT_LOGICAL 45

static int type_class(int basic)
{
  if (basic == DT_LOGICAL)
    return C_BOOL;
  switch (dt_twin(basic)) {
  case 1: case 2: case 3: case 5: case 6: case 7: case 8: case 9: case 10: case 11: case 12: case 13:
  case 17: case 18: case 19: case 20: case 21: case 22: case 23: case 24: case 29: case 30: case 31:
    return C_INT;
  case 14: case 15: case 16: case 39: return C_FLOAT;
  case 26: case 27: case 28: case 42: return C_COMPLEX;
  case 4: case 32: return C_BYTE;
  case 25: return C_BOOL;
  case 33: case 34: case 35: case 36: case 37: case 38: case 59: case 60: return C_PAIR;
  }
  return 0;
}

/* User operations: one table for the process (handles are valid only on the
 * rank that made them, as in MPI). Slots are never reused, so a collective
 * still running with a freed operation keeps a valid entry. */
typedef struct user_op {
  MPI_User_function *fn;
  MPI_User_function_c *fn_c; /* made by MPI_Op_create_c: its length is an MPI_Count */
  int commute, freed;
} user_op_t;
static user_op_t *uops;
static int nuops, uops_cap;

static user_op_t *user_op(MPI_Op op)
{
  unsigned idx = (unsigned)op & 0xffffff;
  if (((unsigned)op >> 24) != SIMPI_KIND_OP || idx < OP_COUNT || idx - OP_COUNT >= (unsigned)nuops)
    return NULL;
  return &uops[idx - OP_COUNT];
}

int op_valid(MPI_Op op)
{
  unsigned idx = (unsigned)op & 0xffffff;
  if (((unsigned)op >> 24) != SIMPI_KIND_OP || idx == 0)
    return 0;
  if (idx < OP_COUNT)
    return 1;
  user_op_t *u = user_op(op);
  return u && !u->freed;
}

int op_predefined(MPI_Op op) { return op_valid(op) && ((unsigned)op & 0xffffff) < OP_COUNT; }

int op_commutative(MPI_Op op)
{
  user_op_t *u = user_op(op);
  return u ? u->commute : 1;
}

/* The handle a user function receives: predefined types are found from the
 * type itself; others were noted by the MPI layer when the call was made. */
static struct noted {
  const dt_t *t;
  MPI_Datatype h;
} *noted;
static int nnoted, noted_cap;

void op_note_type(MPI_Datatype h, const dt_t *t)
{
  if (t->basic && dt_get(SIMPI_T(t->basic)) == t)
    return;
  for (int i = 0; i < nnoted; i++)
    if (noted[i].t == t) {
      noted[i].h = h;
      return;
    }
  if (nnoted == noted_cap) {
    noted_cap = noted_cap ? 2 * noted_cap : 16;
    noted = realloc(noted, sizeof *noted * (size_t)noted_cap);
  }
  noted[nnoted++] = (struct noted){t, h};
}

static MPI_Datatype type_handle(const dt_t *t)
{
  if (t->basic && dt_get(SIMPI_T(t->basic)) == t)
    return SIMPI_T(t->basic);
  for (int i = 0; i < nnoted; i++)
    if (noted[i].t == t)
      return noted[i].h;
  return MPI_DATATYPE_NULL;
}

int op_check(MPI_Op op, const dt_t *t)
{
  unsigned idx = (unsigned)op & 0xffffff;
  if (!op_valid(op))
    return MPI_ERR_OP;
  if (idx >= OP_COUNT)
    return 0; /* user operations accept any type */
  if (idx == OP_REPLACE || idx == OP_NO_OP)
    return 0;
  int c = type_class(t->basic);
  switch (idx) {
  case OP_MAX: case OP_MIN: return c == C_INT || c == C_FLOAT ? 0 : MPI_ERR_OP;
  case OP_SUM: case OP_PROD: return c == C_INT || c == C_FLOAT || c == C_COMPLEX ? 0 : MPI_ERR_OP;
  case OP_LAND: case OP_LOR: return c == C_INT || c == C_BOOL ? 0 : MPI_ERR_OP;
  /* on floating types too, beyond the standard: MPICH accepts it there (its LAND and LOR assert) */
  case OP_LXOR: return c == C_INT || c == C_BOOL || c == C_FLOAT ? 0 : MPI_ERR_OP;
  case OP_BAND: case OP_BOR: case OP_BXOR: return c == C_INT || c == C_BYTE ? 0 : MPI_ERR_OP;
  case OP_MINLOC: case OP_MAXLOC: return c == C_PAIR ? 0 : MPI_ERR_OP;
  }
  return MPI_ERR_OP;
}

/* n elements of basic type `basic`, laid out as an array of that type. */
static void apply_basic(int op, int basic, const void *in, void *inout, MPI_Count n)
{
  if (basic == DT_LOGICAL) {
    LOGIC(int)
    return;
  }
  switch (dt_twin(basic)) {
  case 1: INTEGER(char)
  case 2: INTEGER(signed char)
  case 3: INTEGER(unsigned char)
  case 4: case 32: BITS(unsigned char) break;
  case 5: INTEGER(wchar_t)
  case 6: INTEGER(short)
  case 7: INTEGER(unsigned short)
  case 8: INTEGER(int)
  case 9: INTEGER(unsigned)
  case 10: INTEGER(long)
  case 11: INTEGER(unsigned long)
  case 12: INTEGER(long long)
  case 13: INTEGER(unsigned long long)
  case 14: FLOATING(float)
  case 15: FLOATING(double)
  case 16: FLOATING(long double)
  case 17: INTEGER(int8_t)
  case 18: INTEGER(int16_t)
  case 19: INTEGER(int32_t)
  case 20: INTEGER(int64_t)
  case 21: INTEGER(uint8_t)
  case 22: INTEGER(uint16_t)
  case 23: INTEGER(uint32_t)
  case 24: INTEGER(uint64_t)
  case 25: LOGIC(bool) break;
  case 26: ARITH(float _Complex) break;
  case 27: ARITH(double _Complex) break;
  case 28: ARITH(long double _Complex) break;
  case 29: INTEGER(MPI_Aint)
  case 30: INTEGER(MPI_Offset)
  case 31: INTEGER(MPI_Count)
  case 33: PAIRLOC(float, int)
  case 34: PAIRLOC(double, int)
  case 35: PAIRLOC(long, int)
  case 36: PAIRLOC(int, int)
  case 37: PAIRLOC(short, int)
  case 38: PAIRLOC(long double, int)
  case 39: FLOATING(__float128)
  case 59: PAIRLOC(float, float)
  case 60: PAIRLOC(double, double)
  case 42: ARITH(dt_complex_quad) break;
  }
}

/* apply_basic, the x87 unit's exception flags kept for long double arithmetic: simpi keeps the
 * program's x87 state only when threads switch (burst.c) */
static void apply_kept(int op, int basic, const void *in, void *inout, MPI_Count n)
{
  int twin = dt_twin(basic); /* 16 long double, 28 its complex, 38 the long double and int pair */
  if (twin != 16 && twin != 28 && twin != 38) {
    apply_basic(op, basic, in, inout, n);
    return;
  }
  unsigned x87 = fpu_x87_get();
  apply_basic(op, basic, in, inout, n);
  fpu_x87_restore(x87);
}

void op_apply(MPI_Op opv, const void *in, void *inout, MPI_Count n, const dt_t *t)
{
  user_op_t *u = user_op(opv);
  if (u) {
    MPI_Datatype h = type_handle(t);
    MPI_Count len_c = n;
    if (n > 0 && u->fn_c)
      u->fn_c((void *)in, inout, &len_c, &h);
    /* a function of int length takes a longer vector in pieces of at most INT_MAX elements */
    for (MPI_Count done = 0; n > 0 && !u->fn_c && done < n;) {
      int len = n - done > INT_MAX ? INT_MAX : (int)(n - done);
      MPI_Aint off = (MPI_Aint)done * t->extent;
      u->fn((char *)in + off, (char *)inout + off, &len, &h);
      done += len;
    }
    return;
  }
  int op = (int)((unsigned)opv & 0xffffff);
  if (op == OP_NO_OP || n <= 0)
    return;
  if (op == OP_REPLACE) {
    dt_copy(in, n, t, inout, n, t);
    return;
  }
  if (t->derived) { /* element-wise over the typemap's runs of predefined values */
    dt_apply_runs(opv, in, inout, n, t, op_apply);
    return;
  }
  const dt_t *bt = dt_get(SIMPI_T(t->basic));
  if (!bt)
    return; /* op_check refused it */
  if (t == bt || (t->contig && bt->contig)) {
    apply_kept(op, t->basic, in, inout, (MPI_Count)((size_t)n * t->size / bt->size));
    return;
  }
  /* a pair type with a gap (MPI_DOUBLE_INT...): the struct layout is the array layout */
  apply_kept(op, t->basic, in, inout, n);
}

MPI_Op op_create(MPI_User_function *fn, MPI_User_function_c *fn_c, int commute)
{
  if (nuops == uops_cap) {
    if (uops_cap >= (1 << 23))
      return MPI_OP_NULL;
    uops_cap = uops_cap ? 2 * uops_cap : 16;
    uops = realloc(uops, sizeof *uops * (size_t)uops_cap);
  }
  uops[nuops] = (user_op_t){fn, fn_c, commute != 0, 0};
  return SIMPI_HANDLE(SIMPI_KIND_OP, OP_COUNT + nuops++);
}

void op_free(MPI_Op op)
{
  user_op_t *u = user_op(op);
  if (u)
    u->freed = 1;
}
