/* MPI_SIZEOF(x, size, ierror) of the mpi and mpi_f08 modules: the generic's
 * specifics (gen.py's SIZEOF), one per intrinsic type and kind of x, each
 * giving the bytes of one value of that type (x itself, of any rank, is not read). */
#include "fortran.h"

#define SIZEOF(tag, bytes)                                                                                             \
  FT_API void simpi_sizeof_##tag##_(const void *x, MPI_Fint *size, MPI_Fint *ierror)                                  \
  {                                                                                                                    \
    (void)x;                                                                                                           \
    *size = bytes;                                                                                                     \
    ft_ierror(ierror, MPI_SUCCESS);                                                                                    \
  }
SIZEOF(i1, 1)
SIZEOF(i2, 2)
SIZEOF(i4, 4)
SIZEOF(i8, 8)
SIZEOF(i16, 16)
SIZEOF(r4, 4)
SIZEOF(r8, 8)
SIZEOF(r10, 16) /* x87's 80 bits, stored in 16 bytes */
SIZEOF(r16, 16)
SIZEOF(c4, 8)
SIZEOF(c8, 16)
SIZEOF(c10, 32)
SIZEOF(c16, 32)
SIZEOF(l1, 1)
SIZEOF(l2, 2)
SIZEOF(l4, 4)
SIZEOF(l8, 8)
SIZEOF(ch, 1) /* one character, whatever the length (as MPICH 4.0) */
