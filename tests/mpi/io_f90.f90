! what this tests: MPI-IO from Fortran (use mpi): a file opened collectively, a view of
! interleaved blocks of integers (a resized contiguous type), write_all and read_at_all back,
! the file pointer, get_size, the default error handler (MPI_ERRORS_RETURN: opening a missing
! file returns MPI_ERR_NO_SUCH_FILE), a nonblocking write, an ordered write, and the file's
! bytes as a sum that does not depend on the rank count
! np: 1 2 3 4 7
program io_f90
  use mpi
  implicit none
  integer, parameter :: g = 840, b = 4
  integer :: ierr, rank, np, fh, blk, ft, n, i, cls, req, count
  integer :: status(MPI_STATUS_SIZE)
  integer, allocatable :: mine(:), back(:), whole(:)
  integer(kind=MPI_OFFSET_KIND) :: disp, pos, sz
  integer(kind=MPI_ADDRESS_KIND) :: lb, ext
  logical :: ok, allok
  integer(kind=8) :: total

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, np, ierr)

  call MPI_File_open(MPI_COMM_WORLD, 'io_f90_missing.dat', MPI_MODE_RDONLY, MPI_INFO_NULL, fh, ierr)
  call MPI_Error_class(ierr, cls, i)
  if (rank == 0) print '(a,l1)', 'open a missing file returns MPI_ERR_NO_SUCH_FILE: ', cls == MPI_ERR_NO_SUCH_FILE

  if (rank == 0) call MPI_File_delete('io_f90.dat', MPI_INFO_NULL, ierr)
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_File_open(MPI_COMM_WORLD, 'io_f90.dat', ior(MPI_MODE_CREATE, MPI_MODE_RDWR), MPI_INFO_NULL, fh, ierr)
  ! blocks of b integers dealt round robin; element x of the file holds 2x+1
  call MPI_Type_contiguous(b, MPI_INTEGER, blk, ierr)
  lb = 0
  ext = int(np, MPI_ADDRESS_KIND) * b * 4
  call MPI_Type_create_resized(blk, lb, ext, ft, ierr)
  call MPI_Type_commit(ft, ierr)
  n = 0
  allocate(mine(g), back(g), whole(g))
  do i = rank, g / b - 1, np
    mine(n + 1:n + b) = [(2 * (i * b + count) + 1, count = 0, b - 1)]
    n = n + b
  end do
  disp = int(rank, MPI_OFFSET_KIND) * b * 4
  call MPI_File_set_view(fh, disp, MPI_INTEGER, ft, 'native', MPI_INFO_NULL, ierr)
  call MPI_File_write_all(fh, mine, n, MPI_INTEGER, status, ierr)
  call MPI_Get_count(status, MPI_INTEGER, count, ierr)
  call MPI_File_get_position(fh, pos, ierr)
  ok = ierr == MPI_SUCCESS .and. count == n .and. pos == n
  back = 0
  call MPI_File_read_at_all(fh, 0_MPI_OFFSET_KIND, back, n, MPI_INTEGER, status, ierr)
  ok = ok .and. all(back(1:n) == mine(1:n))
  call MPI_File_get_size(fh, sz, ierr)
  ok = ok .and. sz == g * 4
  call MPI_Allreduce(ok, allok, 1, MPI_LOGICAL, MPI_LAND, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,l1)', 'view, write_all, read_at_all, position, size: ', allok

  ! the whole file as plain integers, then a nonblocking rewrite of this rank's blocks
  call MPI_File_set_view(fh, 0_MPI_OFFSET_KIND, MPI_INTEGER, MPI_INTEGER, 'native', MPI_INFO_NULL, ierr)
  call MPI_File_read_all(fh, whole, g, MPI_INTEGER, status, ierr)
  ok = all(whole == [(2 * i + 1, i = 0, g - 1)])
  call MPI_File_set_view(fh, disp, MPI_INTEGER, ft, 'native', MPI_INFO_NULL, ierr)
  call MPI_File_iwrite_at(fh, 0_MPI_OFFSET_KIND, mine, n, MPI_INTEGER, req, ierr)
  call MPI_Wait(req, status, ierr)
  call MPI_Get_count(status, MPI_INTEGER, count, ierr)
  ok = ok .and. count == n
  call MPI_Allreduce(ok, allok, 1, MPI_LOGICAL, MPI_LAND, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,l1)', 'read_all of the whole file, iwrite_at: ', allok

  ! an ordered write after the array: each rank's rank number, in rank order
  call MPI_File_set_view(fh, int(g * 4, MPI_OFFSET_KIND), MPI_INTEGER, MPI_INTEGER, 'native', MPI_INFO_NULL, ierr)
  call MPI_File_write_ordered(fh, [rank], 1, MPI_INTEGER, status, ierr)
  call MPI_File_close(fh, ierr)
  ok = fh == MPI_FILE_NULL
  call MPI_Barrier(MPI_COMM_WORLD, ierr)
  call MPI_File_open(MPI_COMM_WORLD, 'io_f90.dat', MPI_MODE_RDONLY, MPI_INFO_NULL, fh, ierr)
  call MPI_File_read_at(fh, int(g * 4, MPI_OFFSET_KIND), back, np, MPI_INTEGER, status, ierr)
  ok = ok .and. all(back(1:np) == [(i, i = 0, np - 1)])
  call MPI_File_read_at(fh, 0_MPI_OFFSET_KIND, whole, g, MPI_INTEGER, status, ierr)
  total = sum(int(whole, 8))
  call MPI_File_close(fh, ierr)
  call MPI_Allreduce(ok, allok, 1, MPI_LOGICAL, MPI_LAND, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,l1)', 'write_ordered, close: ', allok
  if (rank == 0) print '(a,i0)', 'sum of the array in the file: ', total
  call MPI_Type_free(ft, ierr)
  call MPI_Type_free(blk, ierr)
  call MPI_Finalize(ierr)
end program io_f90
