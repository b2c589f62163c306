! what this tests: a program using the mpi_f08 module: handle types compared with ==
! and /=, type(MPI_Status) components, ierror left out, MPI_IN_PLACE and
! MPI_STATUSES_IGNORE, a derived type, a split communicator, a large-count send
! (integer(kind=MPI_COUNT_KIND) counts pick MPI_Send_c), a large-count v-collective
! (MPI_Allgatherv_c: counts of MPI_COUNT_KIND, displacements of MPI_ADDRESS_KIND), and a reduction
! written with mpi_f08's callback arguments; rank 0 prints one verdict per case
! np: 1 2 3 6
module f08_checks
  use mpi_f08
  use, intrinsic :: iso_c_binding
  implicit none
contains
  subroutine report(what, ok)
    character(len=*), intent(in) :: what
    logical, intent(in) :: ok
    logical :: all
    integer :: rank
    call MPI_Comm_rank(MPI_COMM_WORLD, rank)
    call MPI_Reduce(ok, all, 1, MPI_LOGICAL, MPI_LAND, 0, MPI_COMM_WORLD)
    if (rank == 0) then
      if (all) then
        write (*, '(a, a)') what, ': ok'
      else
        write (*, '(a, a)') what, ': FAIL'
      end if
    end if
  end subroutine report

  ! inout = in + inout + 1, element by element, for integers
  subroutine add_one(invec, inoutvec, len, datatype)
    type(c_ptr), value :: invec, inoutvec
    integer :: len
    type(MPI_Datatype) :: datatype
    integer, pointer :: a(:), b(:)
    call c_f_pointer(invec, a, [len])
    call c_f_pointer(inoutvec, b, [len])
    if (datatype == MPI_INTEGER) b = a + b + 1
  end subroutine add_one
end module f08_checks

program f08_basic
  use mpi_f08
  use f08_checks
  implicit none
  integer :: rank, np, ierr, n, i, buf(6), got(6), sub_rank
  integer(kind=MPI_COUNT_KIND) :: big, cnts(6)
  integer(kind=MPI_ADDRESS_KIND) :: dsps(6)
  type(MPI_Comm) :: sub, dup
  type(MPI_Status) :: st
  type(MPI_Request) :: reqs(2)
  type(MPI_Datatype) :: pairs
  type(MPI_Op) :: op
  logical :: ok

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)

  ! a ring with a status
  buf = rank
  call MPI_Sendrecv(buf, 6, MPI_INTEGER, mod(rank + 1, np), 4, got, 6, MPI_INTEGER, mod(rank + np - 1, np), 4, &
                    MPI_COMM_WORLD, st)
  call MPI_Get_count(st, MPI_INTEGER, n)
  call report('status components', st%MPI_SOURCE == mod(rank + np - 1, np) .and. st%MPI_TAG == 4 .and. n == 6 &
              .and. ierr == MPI_SUCCESS)

  ! nonblocking, requests compared with MPI_REQUEST_NULL
  call MPI_Irecv(got, 6, MPI_INTEGER, mod(rank + np - 1, np), 5, MPI_COMM_WORLD, reqs(1))
  call MPI_Isend(buf, 6, MPI_INTEGER, mod(rank + 1, np), 5, MPI_COMM_WORLD, reqs(2))
  call MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE)
  call report('requests and MPI_REQUEST_NULL', all(reqs == MPI_REQUEST_NULL) .and. .not. any(reqs /= MPI_REQUEST_NULL))

  ! pairs of integers as a derived type, broadcast from the last rank
  call MPI_Type_contiguous(2, MPI_INTEGER, pairs)
  call MPI_Type_commit(pairs)
  got = 0
  if (rank == np - 1) got = [(i, i = 1, 6)]
  call MPI_Bcast(got, 3, pairs, np - 1, MPI_COMM_WORLD)
  call MPI_Type_free(pairs)
  call report('derived type', all(got == [(i, i = 1, 6)]) .and. pairs == MPI_DATATYPE_NULL)

  ! split in two, sum in place within each half
  call MPI_Comm_split(MPI_COMM_WORLD, mod(rank, 2), rank, sub)
  call MPI_Comm_rank(sub, sub_rank)
  n = 1
  call MPI_Allreduce(MPI_IN_PLACE, n, 1, MPI_INTEGER, MPI_SUM, sub)
  call MPI_Comm_dup(sub, dup)
  ok = n == (np + 1 - mod(rank, 2)) / 2 .and. sub_rank == rank / 2 .and. dup /= sub .and. sub /= MPI_COMM_NULL
  call MPI_Comm_free(dup)
  call MPI_Comm_free(sub)
  call report('split communicator', ok .and. sub == MPI_COMM_NULL)

  ! a count of kind MPI_COUNT_KIND: the large-count send
  big = 6
  got = -1
  if (rank == np - 1) call MPI_Irecv(got, big, MPI_INTEGER, 0, 7, MPI_COMM_WORLD, reqs(1))
  if (rank == 0) call MPI_Send(buf, big, MPI_INTEGER, np - 1, 7, MPI_COMM_WORLD)
  if (rank == np - 1) call MPI_Wait(reqs(1), st)
  call report('large-count send and receive', rank /= np - 1 .or. (all(got == 0) .and. st%MPI_SOURCE == 0))

  ! a v-collective with large-count arrays
  cnts = 1
  dsps = [(i - 1, i = 1, 6)]
  got = -1
  buf(1) = 10 * rank
  call MPI_Allgatherv(buf, big / 6, MPI_INTEGER, got, cnts, dsps, MPI_INTEGER, MPI_COMM_WORLD)
  call report('large-count v-collective', all(got(1:np) == [(10 * i, i = 0, np - 1)]))

  ! a reduction with mpi_f08's callback arguments (c_ptr buffers, type(MPI_Datatype))
  call MPI_Op_create(add_one, .true., op)
  buf = [(i * rank, i = 1, 6)]
  call MPI_Reduce(buf, got, 6, MPI_INTEGER, op, 0, MPI_COMM_WORLD)
  call MPI_Op_free(op)
  call report('reduction in Fortran', rank /= 0 .or. all(got == [(i, i = 1, 6)] * (np * (np - 1) / 2) + np - 1))

  call MPI_Finalize()
end program f08_basic
