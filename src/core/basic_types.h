/* The predefined datatypes as lists (X-macros), from which datatype.c
 * builds the type table and pack.c the external32 conversions: for each,
 * its index, C type, name, external32 kind and the size of one scalar in
 * external32, its number of scalars (complex: 2) and its kind for struct
 * padding. Internal to src/core's datatype files. */
#ifndef SIMPI_BASIC_TYPES_H
#define SIMPI_BASIC_TYPES_H
#include <mpi.h>
#include <stdbool.h>
#include <stdint.h>
#include <wchar.h>

/* external32 kinds of scalar */
enum { X_RAW = 1, X_SINT, X_UINT, X_FLOAT, X_LDBL };

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
#endif
