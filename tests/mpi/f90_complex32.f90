! what this tests: MPI_COMPLEX32 with complex(16) in Fortran (module mpi): its size, a send of
! two values that need quad precision, a broadcast; and MPI_Comm_get_parent (MPI_COMM_NULL) and
! MPI_Intercomm_create_from_groups through their Fortran bindings
! np: 2 3
program f90_complex32
  use mpi
  implicit none
  integer, parameter :: qp = selected_real_kind(30)
  integer :: ierr, rank, nranks, tsize, parent, wgroup, lo, hi, ic, rsize, h
  integer :: st(MPI_STATUS_SIZE), range(3, 1)
  complex(kind=qp) :: v(2), tiny
  logical :: ok, all
  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, nranks, ierr)
  call MPI_Type_size(MPI_COMPLEX32, tsize, ierr)
  tiny = cmplx(1.0_qp + 2.0_qp**(-100), 2.0_qp, kind=qp)
  ok = .true.
  if (rank == 0) then
    v(1) = tiny
    v(2) = conjg(tiny)
    call MPI_Send(v, 2, MPI_COMPLEX32, 1, 3, MPI_COMM_WORLD, ierr)
  else if (rank == 1) then
    call MPI_Recv(v, 2, MPI_COMPLEX32, 0, 3, MPI_COMM_WORLD, st, ierr)
    ok = v(1) == tiny .and. v(2) == conjg(tiny)
  end if
  v = 0
  if (rank == 0) v(2) = tiny
  call MPI_Bcast(v, 2, MPI_COMPLEX32, 0, MPI_COMM_WORLD, ierr)
  ok = ok .and. v(2) == tiny .and. v(1) == 0
  call MPI_Allreduce(ok, all, 1, MPI_LOGICAL, MPI_LAND, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,i0,a,l1)', 'size ', tsize, ', exact send and broadcast: ', all
  call MPI_Comm_get_parent(parent, ierr)
  call MPI_Comm_group(MPI_COMM_WORLD, wgroup, ierr)
  h = nranks / 2
  range(:, 1) = (/ 0, h - 1, 1 /)
  call MPI_Group_range_incl(wgroup, 1, range, lo, ierr)
  range(:, 1) = (/ h, nranks - 1, 1 /)
  call MPI_Group_range_incl(wgroup, 1, range, hi, ierr)
  if (rank < h) then
    call MPI_Intercomm_create_from_groups(lo, 0, hi, 0, 'f90 pair', MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, ic, ierr)
  else
    call MPI_Intercomm_create_from_groups(hi, 0, lo, 0, 'f90 pair', MPI_INFO_NULL, MPI_ERRORS_ARE_FATAL, ic, ierr)
  end if
  call MPI_Comm_remote_size(ic, rsize, ierr)
  ok = parent == MPI_COMM_NULL .and. rsize == merge(nranks - h, h, rank < h)
  call MPI_Allreduce(ok, all, 1, MPI_LOGICAL, MPI_LAND, MPI_COMM_WORLD, ierr)
  if (rank == 0) print '(a,l1)', 'no parent, intercommunicator from groups: ', all
  call MPI_Comm_free(ic, ierr)
  call MPI_Group_free(lo, ierr)
  call MPI_Group_free(hi, ierr)
  call MPI_Group_free(wgroup, ierr)
  call MPI_Finalize(ierr)
end program f90_complex32
