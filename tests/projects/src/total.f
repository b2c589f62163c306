! The sum of N over all ranks, in Fortran 77 with mpif.h.
      SUBROUTINE TOTAL(N, S)
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      INTEGER N, S, IERR
      CALL MPI_REDUCE(N, S, 1, MPI_INTEGER, MPI_SUM, 0,
     &     MPI_COMM_WORLD, IERR)
      END
