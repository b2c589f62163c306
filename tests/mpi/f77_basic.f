! what this tests: a Fortran 77 program (fixed form, mpif.h) built with
! simfort: blocking and nonblocking point-to-point with statuses, probe,
! MPI_STATUS(ES)_IGNORE, collectives with MPI_IN_PLACE, Fortran datatypes
! (MPI_INTEGER, MPI_REAL, MPI_DOUBLE_PRECISION, MPI_COMPLEX, MPI_LOGICAL,
! MPI_CHARACTER), and COMMON blocks private to each rank (a small one and
! one of 800 KB); rank 0 prints one verdict per case
! np: 1 2 3 4 7
      PROGRAM F77BASIC
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      INTEGER RANK, NP, IERR, I, NEXT, PREV, N, OK
      INTEGER IBUF(10), JBUF(10), REQS(2)
      INTEGER ST(MPI_STATUS_SIZE), STS(MPI_STATUS_SIZE, 2)
      REAL RBUF(5), RBUF2(5)
      DOUBLE PRECISION DBUF(5), BIG
      COMPLEX ZBUF(3)
      LOGICAL LFLAG, LALL
      CHARACTER*12 WORD, WORD2
      INTEGER MINE
      COMMON /PRIV/ MINE
      COMMON /LARGE/ BIG(100000)

      CALL MPI_INIT(IERR)
      CALL MPI_COMM_RANK(MPI_COMM_WORLD, RANK, IERR)
      CALL MPI_COMM_SIZE(MPI_COMM_WORLD, NP, IERR)
      NEXT = MOD(RANK + 1, NP)
      PREV = MOD(RANK + NP - 1, NP)

! a ring of ten integers with Sendrecv; the status says who sent
      DO 10 I = 1, 10
         IBUF(I) = RANK * 100 + I
   10 CONTINUE
      CALL MPI_SENDRECV(IBUF, 10, MPI_INTEGER, NEXT, 5, JBUF, 10,
     &     MPI_INTEGER, PREV, 5, MPI_COMM_WORLD, ST, IERR)
      CALL MPI_GET_COUNT(ST, MPI_INTEGER, N, IERR)
      OK = 1
      IF (N .NE. 10 .OR. ST(MPI_SOURCE) .NE. PREV) OK = 0
      IF (ST(MPI_TAG) .NE. 5 .OR. JBUF(10) .NE. PREV*100+10) OK = 0
      CALL REPORT('sendrecv ring with status', OK, RANK, NP)

! Isend/Irecv of reals, Waitall with statuses
      DO 20 I = 1, 5
         RBUF(I) = REAL(RANK) + 0.25 * I
   20 CONTINUE
      CALL MPI_IRECV(RBUF2, 5, MPI_REAL, PREV, 6, MPI_COMM_WORLD,
     &     REQS(1), IERR)
      CALL MPI_ISEND(RBUF, 5, MPI_REAL, NEXT, 6, MPI_COMM_WORLD,
     &     REQS(2), IERR)
      CALL MPI_WAITALL(2, REQS, STS, IERR)
      CALL MPI_GET_COUNT(STS(1, 1), MPI_REAL, N, IERR)
      OK = 1
      IF (N .NE. 5 .OR. STS(MPI_SOURCE, 1) .NE. PREV) OK = 0
      IF (REQS(1) .NE. MPI_REQUEST_NULL) OK = 0
      IF (RBUF2(5) .NE. REAL(PREV) + 1.25) OK = 0
      CALL REPORT('isend irecv waitall', OK, RANK, NP)

! Probe for the size, then receive characters; MPI_STATUS_IGNORE
      WORD = 'from rank   '
      WRITE (WORD(11:12), '(I2)') RANK
      CALL MPI_ISEND(WORD, 12, MPI_CHARACTER, NEXT, 7,
     &     MPI_COMM_WORLD, REQS(1), IERR)
      CALL MPI_PROBE(PREV, 7, MPI_COMM_WORLD, ST, IERR)
      CALL MPI_GET_COUNT(ST, MPI_CHARACTER, N, IERR)
      WORD2 = ' '
      CALL MPI_RECV(WORD2, N, MPI_CHARACTER, PREV, 7, MPI_COMM_WORLD,
     &     MPI_STATUS_IGNORE, IERR)
      CALL MPI_WAIT(REQS(1), MPI_STATUS_IGNORE, IERR)
      READ (WORD2(11:12), '(I2)') I
      OK = 0
      IF (N .EQ. 12 .AND. I .EQ. PREV .AND. WORD2(1:4) .EQ. 'from')
     &     OK = 1
      CALL REPORT('probe and characters', OK, RANK, NP)

! Bcast of double precision, Allreduce in place, complex sum
      DO 30 I = 1, 5
         DBUF(I) = 0.0D0
         IF (RANK .EQ. 0) DBUF(I) = 1.5D0 * I
   30 CONTINUE
      CALL MPI_BCAST(DBUF, 5, MPI_DOUBLE_PRECISION, 0, MPI_COMM_WORLD,
     &     IERR)
      OK = 1
      IF (DBUF(4) .NE. 6.0D0) OK = 0
      CALL REPORT('bcast double precision', OK, RANK, NP)
      DO 40 I = 1, 10
         IBUF(I) = RANK + I
   40 CONTINUE
      CALL MPI_ALLREDUCE(MPI_IN_PLACE, IBUF, 10, MPI_INTEGER, MPI_SUM,
     &     MPI_COMM_WORLD, IERR)
      OK = 1
      IF (IBUF(3) .NE. NP * (NP - 1) / 2 + 3 * NP) OK = 0
      CALL REPORT('allreduce in place', OK, RANK, NP)
      DO 50 I = 1, 3
         ZBUF(I) = CMPLX(REAL(RANK), REAL(I))
   50 CONTINUE
      CALL MPI_ALLREDUCE(MPI_IN_PLACE, ZBUF, 3, MPI_COMPLEX, MPI_SUM,
     &     MPI_COMM_WORLD, IERR)
      OK = 1
      IF (ZBUF(2) .NE. CMPLX(REAL(NP*(NP-1)/2), REAL(2*NP))) OK = 0
      CALL REPORT('complex sum', OK, RANK, NP)

! logical reduction: true on every rank but the last
      LFLAG = RANK .NE. NP - 1
      CALL MPI_ALLREDUCE(LFLAG, LALL, 1, MPI_LOGICAL, MPI_LAND,
     &     MPI_COMM_WORLD, IERR)
      OK = 0
      IF (.NOT. LALL) OK = 1
      CALL REPORT('logical and', OK, RANK, NP)

! Gather to the last rank, Scatter back from it
      CALL MPI_GATHER(RANK, 1, MPI_INTEGER, JBUF, 1, MPI_INTEGER,
     &     NP - 1, MPI_COMM_WORLD, IERR)
      IF (RANK .EQ. NP - 1) THEN
         DO 60 I = 1, NP
            JBUF(I) = JBUF(I) * 2
   60    CONTINUE
      END IF
      CALL MPI_SCATTER(JBUF, 1, MPI_INTEGER, N, 1, MPI_INTEGER,
     &     NP - 1, MPI_COMM_WORLD, IERR)
      OK = 0
      IF (N .EQ. 2 * RANK) OK = 1
      CALL REPORT('gather and scatter', OK, RANK, NP)

! COMMON blocks: each rank's own
      MINE = RANK
      BIG(1) = RANK
      BIG(100000) = -RANK
      CALL MPI_BARRIER(MPI_COMM_WORLD, IERR)
      CALL MPI_ALLREDUCE(MINE, N, 1, MPI_INTEGER, MPI_SUM,
     &     MPI_COMM_WORLD, IERR)
      OK = 0
      IF (MINE .EQ. RANK .AND. N .EQ. NP * (NP - 1) / 2) OK = 1
      IF (BIG(1) .NE. RANK .OR. BIG(100000) .NE. -RANK) OK = 0
      CALL REPORT('common blocks per rank', OK, RANK, NP)

      CALL MPI_FINALIZE(IERR)
      END

! every rank's verdict, printed by rank 0
      SUBROUTINE REPORT(WHAT, OK, RANK, NP)
      IMPLICIT NONE
      INCLUDE 'mpif.h'
      CHARACTER*(*) WHAT
      INTEGER OK, RANK, NP, ALL, IERR
      CALL MPI_REDUCE(OK, ALL, 1, MPI_INTEGER, MPI_MIN, 0,
     &     MPI_COMM_WORLD, IERR)
      IF (RANK .EQ. 0) THEN
         IF (ALL .EQ. 1) THEN
            WRITE (*, '(A, A)') WHAT, ': ok'
         ELSE
            WRITE (*, '(A, A)') WHAT, ': FAIL'
         END IF
      END IF
      END
