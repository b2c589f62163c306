! what this tests: Fortran's datatypes are types of their own (mpif.h, fixed
! form): MPI_Type_get_name, the combiner, size and extent of each; the pair
! types MPI_2INTEGER, MPI_2REAL, MPI_2DOUBLE_PRECISION in MINLOC and MAXLOC
! reductions; MPI_Type_match_size; messages of MPI_INTEGER received as
! MPI_INTEGER4 (same layout); LAND and LOR on MPI_LOGICAL
! np: 1 2 3 5
      PROGRAM F77NAMES
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      INTEGER RANK, NP, IERR, I, OK, NEXT, PREV
      INTEGER IPAIR(2), IRES(2), TY
      REAL RPAIR(2, 2), RRES(2, 2)
      DOUBLE PRECISION DPAIR(2), DRES(2)
      INTEGER IBUF(4), JBUF(4), ST(MPI_STATUS_SIZE)
      LOGICAL LV(2), LR(2)
      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, RANK, IERR)
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, NP, IERR)
      IF (RANK .EQ. 0) THEN
         CALL SHOW(MPI_INTEGER)
         CALL SHOW(MPI_REAL)
         CALL SHOW(MPI_DOUBLE_PRECISION)
         CALL SHOW(MPI_COMPLEX)
         CALL SHOW(MPI_DOUBLE_COMPLEX)
         CALL SHOW(MPI_LOGICAL)
         CALL SHOW(MPI_CHARACTER)
         CALL SHOW(MPI_INTEGER1)
         CALL SHOW(MPI_INTEGER2)
         CALL SHOW(MPI_INTEGER4)
         CALL SHOW(MPI_INTEGER8)
         CALL SHOW(MPI_REAL4)
         CALL SHOW(MPI_REAL8)
         CALL SHOW(MPI_REAL16)
         CALL SHOW(MPI_COMPLEX8)
         CALL SHOW(MPI_COMPLEX16)
         CALL SHOW(MPI_COMPLEX32)
         CALL SHOW(MPI_2INTEGER)
         CALL SHOW(MPI_2REAL)
         CALL SHOW(MPI_2DOUBLE_PRECISION)
         CALL MPI_TYPE_MATCH_SIZE(MPI_TYPECLASS_REAL, 8, TY, IERR)
         CALL SHOW(TY)
         CALL MPI_TYPE_MATCH_SIZE(MPI_TYPECLASS_INTEGER, 4, TY, IERR)
         CALL SHOW(TY)
         CALL MPI_TYPE_MATCH_SIZE(MPI_TYPECLASS_COMPLEX, 8, TY, IERR)
         CALL SHOW(TY)
      END IF

! MINLOC of (value, index) pairs: the smallest value, lowest index on ties
      IPAIR(1) = MOD(RANK, 2)
      IPAIR(2) = RANK
      CALL MPI_ALLREDUCE(IPAIR, IRES, 1, MPI_2INTEGER, MPI_MINLOC,
     &     MPI_COMM_WORLD, IERR)
      OK = 1
      IF (IRES(1) .NE. 0 .OR. IRES(2) .NE. 0) OK = 0
      CALL REPORT('2integer minloc', OK, RANK)

! MAXLOC on two pairs of reals; the index is a REAL too
      RPAIR(1, 1) = REAL(RANK)
      RPAIR(2, 1) = REAL(RANK + 10)
      RPAIR(1, 2) = REAL(-RANK)
      RPAIR(2, 2) = REAL(RANK + 20)
      CALL MPI_ALLREDUCE(RPAIR, RRES, 2, MPI_2REAL, MPI_MAXLOC,
     &     MPI_COMM_WORLD, IERR)
      OK = 1
      IF (RRES(1, 1) .NE. REAL(NP - 1)) OK = 0
      IF (RRES(2, 1) .NE. REAL(NP + 9)) OK = 0
      IF (RRES(1, 2) .NE. 0.0 .OR. RRES(2, 2) .NE. 20.0) OK = 0
      CALL REPORT('2real maxloc', OK, RANK)

! MINLOC of double precision pairs: the last rank has the smallest value
      DPAIR(1) = 1.5D0 / DBLE(RANK + 1)
      DPAIR(2) = DBLE(RANK) * 2.0D0
      CALL MPI_REDUCE(DPAIR, DRES, 1, MPI_2DOUBLE_PRECISION,
     &     MPI_MINLOC, 0, MPI_COMM_WORLD, IERR)
      OK = 1
      IF (RANK .EQ. 0) THEN
         IF (DRES(1) .NE. 1.5D0 / DBLE(NP)) OK = 0
         IF (DRES(2) .NE. DBLE(NP - 1) * 2.0D0) OK = 0
      END IF
      CALL REPORT('2double_precision minloc', OK, RANK)

! INTEGER sent, INTEGER4 received: the same values
      NEXT = MOD(RANK + 1, NP)
      PREV = MOD(RANK + NP - 1, NP)
      DO 10 I = 1, 4
         IBUF(I) = RANK * 10 + I
   10 CONTINUE
      CALL MPI_SENDRECV(IBUF, 4, MPI_INTEGER, NEXT, 3, JBUF, 4,
     &     MPI_INTEGER4, PREV, 3, MPI_COMM_WORLD, ST, IERR)
      CALL MPI_GET_COUNT(ST, MPI_INTEGER, I, IERR)
      OK = 1
      IF (I .NE. 4 .OR. JBUF(4) .NE. PREV * 10 + 4) OK = 0
      CALL REPORT('integer to integer4', OK, RANK)

! logical reductions
      LV(1) = RANK .EQ. 0
      LV(2) = .TRUE.
      CALL MPI_ALLREDUCE(LV, LR, 2, MPI_LOGICAL, MPI_LAND,
     &     MPI_COMM_WORLD, IERR)
      OK = 1
      IF (LR(1) .NEQV. (NP .EQ. 1) .OR. .NOT. LR(2)) OK = 0
      CALL MPI_ALLREDUCE(LV, LR, 2, MPI_LOGICAL, MPI_LOR,
     &     MPI_COMM_WORLD, IERR)
      IF (.NOT. LR(1) .OR. .NOT. LR(2)) OK = 0
      CALL REPORT('logical land lor', OK, RANK)
      CALL MPI_FINALIZE(IERR)
      END

! the name, combiner, size and extent of a predefined type
      SUBROUTINE SHOW(TY)
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      INTEGER TY, LEN, NI, NA, ND, COMB, SZ, IERR
      INTEGER(KIND=MPI_ADDRESS_KIND) LB, EXT
      CHARACTER*(MPI_MAX_OBJECT_NAME) NAME
      CALL MPI_TYPE_GET_NAME(TY, NAME, LEN, IERR)
      CALL MPI_TYPE_GET_ENVELOPE(TY, NI, NA, ND, COMB, IERR)
      CALL MPI_TYPE_SIZE(TY, SZ, IERR)
      CALL MPI_TYPE_GET_EXTENT(TY, LB, EXT, IERR)
      WRITE (*, '(A, A, L1, A, I0, A, I0)') NAME(1:LEN), ' named ',
     &     COMB .EQ. MPI_COMBINER_NAMED, ' size ', SZ, ' extent ', EXT
      END

! rank 0 prints whether every rank's check passed
      SUBROUTINE REPORT(WHAT, OK, RANK)
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      CHARACTER*(*) WHAT
      INTEGER OK, RANK, ALL, IERR
      CALL MPI_REDUCE(OK, ALL, 1, MPI_INTEGER, MPI_MIN, 0,
     &     MPI_COMM_WORLD, IERR)
      IF (RANK .EQ. 0) THEN
         IF (ALL .EQ. 1) THEN
            WRITE (*, '(A, A)') WHAT, ': ok'
         ELSE
            WRITE (*, '(A, A)') WHAT, ': FAILED'
         END IF
      END IF
      END
