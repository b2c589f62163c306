! what this tests: MPI_SUBARRAYS_SUPPORTED in mpi_f08, and array sections as choice
! buffers: nonblocking sends and receives from and into strided sections (a(:, 2:6:2),
! a negative stride, a count that fills only the first elements of a section), a
! nonblocking broadcast into a section, blocking calls on sections, and the parts of
! the arrays outside the sections left as they were; rank 0 prints one verdict per case
! (not a reduction on sections: MPICH 4.0 makes them a derived type and refuses MPI_SUM)
! np: 2 3 4
module sub_checks
  use mpi_f08
  implicit none
contains
  subroutine report(what, ok)
    character(len=*), intent(in) :: what
    logical, intent(in) :: ok
    logical :: all
    integer :: rank
    call MPI_Comm_rank(MPI_COMM_WORLD, rank)
    call MPI_Reduce(ok, all, 1, MPI_LOGICAL, MPI_LAND, 0, MPI_COMM_WORLD)
    if (rank == 0) print '(a,a,a)', what, ': ', merge('ok    ', 'FAILED', all)
  end subroutine
end module

program f08_subarrays
  use mpi_f08
  use sub_checks
  implicit none
  integer :: rank, np, next, prev, i, j
  real(8) :: a(10, 6), b(10, 6)
  integer :: v(12), w(12)
  type(MPI_Request) :: req(2)
  logical :: ok
  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, np)
  next = mod(rank + 1, np)
  prev = mod(rank + np - 1, np)
  if (rank == 0) print '(a,l1)', 'MPI_SUBARRAYS_SUPPORTED ', MPI_SUBARRAYS_SUPPORTED

  ! three columns out of six, from one section into another
  do j = 1, 6
    do i = 1, 10
      a(i, j) = rank * 1000 + j * 10 + i
    end do
  end do
  b = -1
  call MPI_Irecv(b(:, 2:6:2), 30, MPI_DOUBLE_PRECISION, prev, 1, MPI_COMM_WORLD, req(1))
  call MPI_Isend(a(:, 1:5:2), 30, MPI_DOUBLE_PRECISION, next, 1, MPI_COMM_WORLD, req(2))
  call MPI_Waitall(2, req, MPI_STATUSES_IGNORE)
  ok = all(b(:, 2) == prev * 1000 + 10 + [(i, i = 1, 10)]) .and. all(b(:, 6) == prev * 1000 + 50 + [(i, i = 1, 10)]) &
       .and. all(b(:, 1:5:2) == -1)
  call report('isend irecv of column sections', ok)

  ! a row (stride 10) into every other element, backwards
  b = -1
  call MPI_Irecv(b(10:1:-2, 1), 5, MPI_DOUBLE_PRECISION, prev, 2, MPI_COMM_WORLD, req(1))
  call MPI_Isend(a(3, 2:6), 5, MPI_DOUBLE_PRECISION, next, 2, MPI_COMM_WORLD, req(2))
  call MPI_Waitall(2, req, MPI_STATUSES_IGNORE)
  ok = b(10, 1) == prev * 1000 + 23 .and. b(2, 1) == prev * 1000 + 63 .and. all(b(9:1:-2, 1) == -1)
  call report('row into a reversed strided section', ok)

  ! a count smaller than the section: its first elements only
  v = [(i, i = 1, 12)] + 100 * rank
  w = 0
  call MPI_Irecv(w(1:12:3), 2, MPI_INTEGER, prev, 3, MPI_COMM_WORLD, req(1))
  call MPI_Isend(v(2:12:2), 2, MPI_INTEGER, next, 3, MPI_COMM_WORLD, req(2))
  call MPI_Waitall(2, req, MPI_STATUSES_IGNORE)
  ok = w(1) == 100 * prev + 2 .and. w(4) == 100 * prev + 4 .and. w(7) == 0 .and. count(w /= 0) == 2
  call report('count below the section', ok)

  ! nonblocking broadcast into a section
  w = 0
  if (rank == 0) w(2:12:2) = [(7 * i, i = 1, 6)]
  call MPI_Ibcast(w(2:12:2), 6, MPI_INTEGER, 0, MPI_COMM_WORLD, req(1))
  call MPI_Wait(req(1), MPI_STATUS_IGNORE)
  ok = all(w(2:12:2) == [(7 * i, i = 1, 6)]) .and. all(w(1:11:2) == 0)
  call report('ibcast into a section', ok)

  ! blocking calls on sections
  b = -1
  call MPI_Sendrecv(a(2:10:4, 3), 3, MPI_DOUBLE_PRECISION, next, 4, b(1, 1:5:2), 3, MPI_DOUBLE_PRECISION, prev, 4, &
                    MPI_COMM_WORLD, MPI_STATUS_IGNORE)
  ok = b(1, 1) == prev * 1000 + 32 .and. b(1, 3) == prev * 1000 + 36 .and. b(1, 5) == prev * 1000 + 40 &
       .and. b(1, 2) == -1 .and. b(2, 1) == -1
  call report('sendrecv of sections', ok)
  call MPI_Finalize()
end program
