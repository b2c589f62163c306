/* Reduction operations on basic types, generated per (op, type) by macros.
 * MINLOC/MAXLOC work on the pair types; logical ops on integers and bool;
 * bitwise ops on integers and bytes; SUM/PROD also on complex types. */
#include "op.h"
#include <complex.h>
#include <stdbool.h>
#include <string.h>
#include <wchar.h>

enum { OP_MAX = 1, OP_MIN, OP_SUM, OP_PROD, OP_LAND, OP_BAND, OP_LOR, OP_BOR, OP_LXOR, OP_BXOR, OP_MINLOC,
       OP_MAXLOC, OP_REPLACE, OP_NO_OP, OP_COUNT };

/* Type classes decide which ops are allowed. */
enum { C_INT = 1, C_FLOAT, C_COMPLEX, C_BYTE, C_BOOL, C_PAIR };

#define LOOP(T, EXPR)                                                                                                  \
  do {                                                                                                                 \
    const T *a = in;                                                                                                   \
    T *b = inout;                                                                                                      \
    for (int i = 0; i < n; i++)                                                                                        \
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
#define PAIRLOC(T)                                                                                                     \
  {                                                                                                                    \
    typedef struct { T v; int k; } P;                                                                                  \
    const P *a = in;                                                                                                   \
    P *b = inout;                                                                                                      \
    for (int i = 0; i < n; i++) {                                                                                      \
      int take = op == OP_MINLOC ? a[i].v < b[i].v : a[i].v > b[i].v;                                                  \
      if (take || (a[i].v == b[i].v && a[i].k < b[i].k))                                                               \
        b[i] = a[i];                                                                                                   \
    }                                                                                                                  \
    return;                                                                                                            \
  }

static int type_class(int basic)
{
  switch (basic) {
  case 1: case 2: case 3: case 5: case 6: case 7: case 8: case 9: case 10: case 11: case 12: case 13:
  case 17: case 18: case 19: case 20: case 21: case 22: case 23: case 24: case 29: case 30: case 31:
    return C_INT;
  case 14: case 15: case 16: return C_FLOAT;
  case 26: case 27: case 28: return C_COMPLEX;
  case 4: case 32: return C_BYTE;
  case 25: return C_BOOL;
  case 33: case 34: case 35: case 36: case 37: case 38: return C_PAIR;
  }
  return 0;
}

int op_check(MPI_Op op, const dt_t *t)
{
  unsigned idx = (unsigned)op & 0xffffff;
  if (((unsigned)op >> 24) != SIMPI_KIND_OP || idx == 0 || idx >= OP_COUNT)
    return MPI_ERR_OP;
  if (idx == OP_REPLACE || idx == OP_NO_OP)
    return 0;
  int c = type_class(t->basic);
  switch (idx) {
  case OP_MAX: case OP_MIN: return c == C_INT || c == C_FLOAT ? 0 : MPI_ERR_OP;
  case OP_SUM: case OP_PROD: return c == C_INT || c == C_FLOAT || c == C_COMPLEX ? 0 : MPI_ERR_OP;
  case OP_LAND: case OP_LOR: case OP_LXOR: return c == C_INT || c == C_BOOL ? 0 : MPI_ERR_OP;
  case OP_BAND: case OP_BOR: case OP_BXOR: return c == C_INT || c == C_BYTE ? 0 : MPI_ERR_OP;
  case OP_MINLOC: case OP_MAXLOC: return c == C_PAIR ? 0 : MPI_ERR_OP;
  }
  return MPI_ERR_OP;
}

void op_apply(MPI_Op opv, const void *in, void *inout, int n, const dt_t *t)
{
  int op = (int)((unsigned)opv & 0xffffff);
  if (op == OP_NO_OP)
    return;
  if (op == OP_REPLACE) {
    dt_copy(in, n, t, inout, n, t);
    return;
  }
  if (t->derived) { /* element-wise over the typemap's runs of predefined values */
    dt_apply_runs(opv, in, inout, n, t, op_apply);
    return;
  }
  switch (t->basic) {
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
  case 33: PAIRLOC(float)
  case 34: PAIRLOC(double)
  case 35: PAIRLOC(long)
  case 36: PAIRLOC(int)
  case 37: PAIRLOC(short)
  case 38: PAIRLOC(long double)
  }
}
