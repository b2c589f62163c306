! what: deadlock of two blocking receives in a Fortran 77 program: both
! ranks are named with the receive's Fortran source line (gfortran gives the
! line of the continuation)
! np: 2
! exit: nonzero
! stderr: deadlock
! stderr: rank 0: in MPI_Recv waiting for a message from rank 1 .* at fortran_deadlock\.f:1[56]
! stderr: rank 1: in MPI_Recv waiting for a message from rank 0 .* at fortran_deadlock\.f:1[56]
      PROGRAM DEADLK
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      INTEGER IERR, RANK, BUF
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, RANK, IERR)
      CALL MPI_RECV(BUF, 1, MPI_INTEGER, 1 - RANK, 0,
     &     MPI_COMM_WORLD, MPI_STATUS_IGNORE, IERR)
      CALL MPI_FINALIZE(IERR)
      END
