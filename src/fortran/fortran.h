/* What the Fortran bindings share (generated bindings.c, special.c): the
 * COMMON block whose members stand for MPI_BOTTOM, MPI_STATUS_IGNORE ...,
 * and the conversions of buffers, statuses and strings. They call simpi only
 * through the public C API (PMPI_ names) and name their caller's source line
 * through mpi_binding_pc. */
#ifndef SIMPI_FORTRAN_H
#define SIMPI_FORTRAN_H
#include <mpi.h>
#include <stddef.h>
#include <stdlib.h>
#include "../mpi/binding.h"

/* A binding: pmpi_NAME_ is the entry point, mpi_NAME_ a weak alias that a
 * Fortran profiling layer may replace (gfortran's names: lower case, one
 * trailing underscore). */
#define FT_API __attribute__((visibility("default")))
#define FT_ALIAS(name)                                                                                                \
  extern __typeof__(pmpi_##name##_) mpi_##name##_ __attribute__((weak, alias("pmpi_" #name "_"), visibility("default")));
/* mpi_f08's specific names (gen.py's f08_suffix): MPI_Comm_rank_f08 is the
 * binding of MPI_Comm_rank, MPI_Buffer_detach_f08ts too (it takes no data). */
#define FT_ALIAS_F08(name) FT_ALIAS_NAMED(name, name##_f08)
#define FT_ALIAS_F08TS(name) FT_ALIAS_NAMED(name, name##_f08ts)
#define FT_ALIAS_NAMED(name, as)                                                                                      \
  extern __typeof__(pmpi_##name##_) pmpi_##as##_ __attribute__((alias("pmpi_" #name "_"), visibility("default")));   \
  extern __typeof__(pmpi_##name##_) mpi_##as##_ __attribute__((weak, alias("pmpi_" #name "_"), visibility("default")));
/* MPI_Send_f08ts, whose choice buffers are descriptors (subarray.c): mpi_send_f08ts_ weak */
#define FT_ALIAS_TS(name)                                                                                             \
  extern __typeof__(pmpi_##name##_f08ts_) mpi_##name##_f08ts_                                                         \
      __attribute__((weak, alias("pmpi_" #name "_f08ts_"), visibility("default")));
/* The C call, with the caller of the binding as the user's call site. */
#define FT_CALL(stmt)                                                                                                 \
  do {                                                                                                                 \
    mpi_binding_pc = __builtin_return_address(0);                                                                      \
    stmt;                                                                                                              \
    mpi_binding_pc = NULL;                                                                                             \
  } while (0)

/* The error code, where the caller asked for it (mpi_f08's ierror is optional). */
static inline void ft_ierror(MPI_Fint *ierror, int rc)
{
  if (ierror)
    *ierror = rc;
}

/* COMMON /SIMPI_F/ of mpif.h and the mpi module, in the order gen.py
 * (SENTINELS) writes it; the program's copy is the one used (the linker
 * makes the library's references point to it). */
struct ft_sentinels {
  MPI_Fint bottom, in_place;
  MPI_Fint status_ignore[MPI_F_STATUS_SIZE];
  MPI_Fint statuses_ignore[MPI_F_STATUS_SIZE];
  MPI_Fint unweighted, weights_empty;
};
extern struct ft_sentinels simpi_f_;

/* A choice buffer: MPI_BOTTOM and MPI_IN_PLACE become C's. */
static inline void *ft_buf(const void *p)
{
  if (p == &simpi_f_.bottom)
    return MPI_BOTTOM;
  if (p == &simpi_f_.in_place)
    return MPI_IN_PLACE;
  return (void *)p;
}

/* A weights array: MPI_UNWEIGHTED and MPI_WEIGHTS_EMPTY become C's. */
static inline int *ft_weights(MPI_Fint *p)
{
  if (p == &simpi_f_.unweighted)
    return MPI_UNWEIGHTED;
  if (p == &simpi_f_.weights_empty)
    return MPI_WEIGHTS_EMPTY;
  return p;
}

/* One status: the C status to pass (c, filled from f), or MPI_STATUS_IGNORE;
 * then f gets what the call wrote. */
MPI_Status *ft_status_in(MPI_Fint *f, MPI_Status *c);
void ft_status_out(MPI_Fint *f, MPI_Status *c);

/* n statuses, the same way (MPI_STATUSES_IGNORE); small arrays need no malloc. */
typedef struct {
  MPI_Status *c;
  MPI_Status small[8];
} ft_statuses_t;
MPI_Status *ft_statuses_in(MPI_Fint *f, int n, ft_statuses_t *s);
void ft_statuses_out(MPI_Fint *f, int n, ft_statuses_t *s);

/* Strings: a C copy of a Fortran argument without its trailing blanks (free
 * it), or without its leading ones too (info keys and values); room for a C
 * string of n characters (free it); a C string copied into a Fortran one,
 * blank-padded. */
char *ft_str_in(const char *f, size_t len);
char *ft_str_trim(const char *f, size_t len);
char *ft_str_room(int n);
void ft_str_out(char *f, size_t len, const char *c);
/* mpi_f08's choice buffers, TYPE(*), DIMENSION(..): gfortran passes its own
 * array descriptor (GCC 8 and later), whose base is the first element of
 * the actual argument (an array, a section of one, or a scalar of rank 0);
 * strides count elements of span bytes. */
typedef struct {
  ptrdiff_t stride, lbound, ubound;
} ft_dim_t;
typedef struct {
  void *base;
  size_t offset;
  size_t elem_len;
  int version;
  signed char rank, type;
  short attribute;
  ptrdiff_t span;
  ft_dim_t dim[];
} ft_desc_t;

/* The call a binding of descriptors makes: a buffer that needs work (a
 * section that is not contiguous) enters the call first, so that the types
 * and copies made for it belong to it, and its errors name it. */
typedef struct {
  const char *name;
  MPI_Comm comm;
  void *pc;
  void *self; /* the call, once entered */
} ft_call_t;
void ft_call_end(ft_call_t *cx);

/* One choice buffer of such a call: buf is what the C call gets. */
typedef struct {
  void *buf;
  const ft_desc_t *d;
  void *copy;          /* a blocking call's contiguous copy of a section, copied back after */
  MPI_Datatype made;   /* a nonblocking call's datatype for a section */
} ft_sub_t;
/* The buffer's address (calls that take no data through it). */
int ft_sub_address(const ft_desc_t *d, ft_sub_t *s, ft_call_t *cx);
/* A blocking call: a section is copied into a contiguous buffer, and back by ft_sub_end. */
int ft_sub_copy(const ft_desc_t *d, ft_sub_t *s, ft_call_t *cx);
/* A nonblocking call's buffer with its own count and datatype: a section becomes one element
 * of a datatype that holds count x datatype in the section's elements, in order. */
int ft_sub_typed(const ft_desc_t *d, MPI_Count *count, MPI_Datatype *type, ft_sub_t *s, ft_call_t *cx);
/* A nonblocking call's buffer that shares its datatype or has counts per rank: contiguous only. */
int ft_sub_whole(const ft_desc_t *d, ft_sub_t *s, ft_call_t *cx);
void ft_sub_end(ft_sub_t *s);
#endif
