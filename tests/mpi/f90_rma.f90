! what this tests: one-sided communication from Fortran (use mpi): a window on an
! array with Put, Get and Accumulate between fences, window attributes read as
! integers (MPI_WIN_SIZE, MPI_WIN_DISP_UNIT), a window allocated by MPI and
! reached through a c_ptr, and a passive-target lock; rank 0 prints one verdict per case
! np: 1 2 4
include 'checks.inc'

program f90_rma
  use mpi
  use checks
  use, intrinsic :: iso_c_binding
  implicit none
  integer :: ierr, rank, np, win, win2, next, prev, disp_unit
  integer, volatile :: a(10), got(2) ! changed by MPI in calls that do not name them
  integer :: mine(3)
  integer(kind=MPI_ADDRESS_KIND) :: size, disp, val
  integer, pointer :: shared(:)
  type(c_ptr) :: base
  logical :: flag, ok

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)
  next = mod(rank + 1, np)
  prev = mod(rank + np - 1, np)

  a = -1
  size = 10 * 4
  call MPI_Win_create(a, size, 4, MPI_INFO_NULL, MPI_COMM_WORLD, win, ierr)
  call MPI_Win_get_attr(win, MPI_WIN_SIZE, val, flag, ierr)
  ok = flag .and. val == 40
  call MPI_Win_get_attr(win, MPI_WIN_DISP_UNIT, val, flag, ierr)
  call report('window attributes', ok .and. flag .and. val == 4)

  ! each rank puts its rank into a(1) of the next and adds to a(10) of every rank
  call MPI_Win_fence(0, win, ierr)
  disp = 0
  call MPI_Put(rank, 1, MPI_INTEGER, next, disp, 1, MPI_INTEGER, win, ierr)
  call MPI_Win_fence(0, win, ierr)
  a(10) = 0
  call MPI_Win_fence(0, win, ierr)
  disp = 9
  ! (origin buffers are read until the fence: variables, not expressions)
  mine = [rank + 1, 1, rank * 7]
  call MPI_Accumulate(mine(1), 1, MPI_INTEGER, prev, disp, 1, MPI_INTEGER, MPI_SUM, win, ierr)
  call MPI_Accumulate(mine(2), 1, MPI_INTEGER, next, disp, 1, MPI_INTEGER, MPI_SUM, win, ierr)
  call MPI_Win_fence(0, win, ierr)
  call report('put and accumulate with fences', a(1) == prev .and. a(10) == next + 1 + 1)

  ! read a(1) and a(10) of the previous rank in one Get of a vector type
  call MPI_Win_fence(0, win, ierr)
  disp = 0
  call MPI_Get(got, 1, MPI_INTEGER, prev, disp, 1, MPI_INTEGER, win, ierr)
  disp = 9
  call MPI_Get(got(2), 1, MPI_INTEGER, prev, disp, 1, MPI_INTEGER, win, ierr)
  call MPI_Win_fence(0, win, ierr)
  call report('get', got(1) == mod(prev + np - 1, np) .and. got(2) == rank + 2)
  call MPI_Win_free(win, ierr)

  ! a window MPI allocates, seen through c_f_pointer; a lock to write the next rank's
  size = 4 * 4
  call MPI_Win_allocate(size, 4, MPI_INFO_NULL, MPI_COMM_WORLD, base, win2, ierr)
  call c_f_pointer(base, shared, [4])
  shared = 0
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Win_lock(MPI_LOCK_EXCLUSIVE, next, 0, win2, ierr)
  disp = 3
  call MPI_Put(mine(3), 1, MPI_INTEGER, next, disp, 1, MPI_INTEGER, win2, ierr)
  call MPI_Win_unlock(next, win2, ierr)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_Win_lock(MPI_LOCK_SHARED, rank, 0, win2, ierr)
  ok = shared(4) == prev * 7 .and. shared(1) == 0
  call MPI_Win_unlock(rank, win2, ierr)
  call MPI_Win_get_attr(win2, MPI_WIN_DISP_UNIT, val, flag, ierr)
  disp_unit = int(val)
  call MPI_Win_free(win2, ierr)
  call report('allocated window and locks', ok .and. disp_unit == 4 .and. win2 == MPI_WIN_NULL)

  call MPI_Finalize(ierr)
end program f90_rma
