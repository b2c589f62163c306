/* The external32 form of each predefined type, for the conversions in
 * pack.c: datatype.c makes the table from its list of the predefined types.
 * Internal to src/core's datatype files. */
#ifndef SIMPI_CORE_EXT32_H
#define SIMPI_CORE_EXT32_H
#include <mpi.h>

/* how one scalar converts */
enum { X_RAW = 1, X_SINT, X_UINT, X_FLOAT, X_LDBL, X_QUAD /* native IEEE quad (__float128) */ };
/* one value: count scalars of nsize native bytes, xsize bytes each in external32 */
typedef struct {
  unsigned char kind, nsize, xsize, count;
} dt_xconv_t;
extern const dt_xconv_t dt_xconv[SIMPI_NUM_BASIC_TYPES];
#endif
